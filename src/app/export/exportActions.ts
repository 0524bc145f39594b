/**
 * Everything the Export menu does beyond showing itself (SVG/PNG of the frame, Mermaid, trace JSON,
 * trace import with its zod schema), one chunk fetched when the menu opens or a file is dropped:
 * none of it is needed for the first view. It is also the only place the browser loads zod, so zod
 * is made jitless here, before the schemas below are built (see zodJitless.ts).
 */
import '../boot/zodJitless.ts';

export { parseStoryFile, StoryFileError } from '../../sim/scenario/storyFile.ts';
export { readTraceJson, TraceImportError, traceFromData } from '../../sim/trace/import.ts';
export { toMermaid } from '../../sim/trace/mermaid.ts';
export { MAX_STORY_LINK_CHARS } from '../link/storyLink.ts';
export { frameFileName, mermaidFileName, secondsText, traceFileName } from './export.ts';
export { clusterSvg, download, standaloneSvg, svgToPng } from './exportDom.ts';
export { storyFileName, storyFileOf, storyLinkOf } from './storyExport.ts';
