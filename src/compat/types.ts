/**
 * The shape of the compatibility corpus (src/compat/corpus/): what users already made (links,
 * embed snippets, exported traces), each with what the app did with it when it was recorded.
 * README.md beside this file has the rules.
 */
import type { LinkProblem } from '../app/link/problems.ts';

/** What decodeView (src/app/link/decode.ts) returned for a link when it was recorded. */
export interface Decoding {
  hasScenario: boolean;
  /** LinkView as JSON: every field is compared as stored; fields added to the view later are not. */
  view: Record<string, unknown>;
  /** EmbedOptions as JSON, compared the same way. */
  embed: Record<string, unknown>;
  /** Compared exactly. */
  problems: LinkProblem[];
}

/** What the built app showed for a link in Chromium when it was recorded (e2e/corpus.spec.ts). */
export interface Seen {
  /** The selected scenario tab's scenario id (the full app), else null (embed mode has no tabs). */
  tab: string | null;
  /** The embed player's landmark name (embed mode), else null. */
  player: string | null;
  /** The narration's step line ("Step 4 of 10"), null before the first step. */
  stepNo: string | null;
  /** The narration's current caption (its last paragraph). */
  caption: string | null;
  /** The link-problem notice's lines, [] when there was none. */
  notices: string[];
}

export interface LinkEntry {
  id: string;
  /** What the link exercises. */
  note: string;
  /** The query string as users have it, `?` included. */
  link: string;
  /** `git describe --always` of the code that recorded the entry. */
  recordedAt: string;
  expected: Decoding;
  seen: Seen;
}

export interface LinksFile {
  about: string;
  /** Links that load without a problem. */
  valid: LinkEntry[];
  /** Links that say what is wrong and load the rest. */
  broken: LinkEntry[];
}

export type SnippetKind = 'iframe' | 'markdown' | 'element';

/** The Share dialog's options when the snippet was copied (its defaults: 640x400, minimal, no range). */
export interface ShareOptions {
  size: '640x400' | '800x500' | 'responsive';
  controls: 'minimal' | 'full' | 'none';
  autoplay: boolean;
  loop: boolean;
  /** 1-based steps as the dialog lists them, null = the story's own start / end. */
  start: number | null;
  end: number | null;
}

export interface SnippetEntry {
  id: string;
  kind: SnippetKind;
  /** The app link the Share dialog was opened on. */
  openedAt: string;
  options: ShareOptions;
  /** The snippet, verbatim. */
  text: string;
  recordedAt: string;
  /** For the custom element: the query its attributes make (src/embed/attributes.ts). */
  search?: string;
  /** How the snippet's URL (or the element's attributes) decoded. */
  expected: Decoding;
}

export interface SnippetsFile {
  about: string;
  snippets: SnippetEntry[];
}

export interface TraceEntry {
  /** traces/<name>.json, <name>.summary.json, <name>.frames.json */
  name: string;
  note: string;
  /** The app link the trace was exported from (Export > Trace as JSON). */
  link: string;
  /** The file name the app gave the download. */
  exportedAs: string;
  recordedAt: string;
}

export interface TracesFile {
  about: string;
  traces: TraceEntry[];
}

/** <name>.frames.json: `new TraceIndex(trace).frameAt(t)` at fixed times. */
export interface FramesFile {
  times: number[];
  frames: unknown[];
}

/** What a story file or a story link opens (parseStoryFile), compared exactly. */
export interface StoryOpening {
  /** The run's id (`file-<id>`). */
  scenario: string;
  /** The title in each language. */
  title: Record<string, string>;
  /** The story's step ids, in order. */
  steps: string[];
  /** The first step's caption in each language. */
  firstCaption: Record<string, string>;
}

/** stories/<name>.story.json: a story file saved with Export > This story > As a story file. */
export interface StoryFileEntry {
  name: string;
  note: string;
  /** The app link the story was exported from. */
  link: string;
  /** The file name the app gave the download. */
  exportedAs: string;
  recordedAt: string;
  expected: StoryOpening;
}

/** A story link copied with Export > This story > As a link. */
export interface StoryLinkEntry {
  id: string;
  note: string;
  /** The app link the story was exported from. */
  openedAt: string;
  /** The copied link without its origin and path: `?lang=…#story=…`. */
  link: string;
  recordedAt: string;
  expected: StoryOpening;
}

export interface StoriesFile {
  about: string;
  files: StoryFileEntry[];
  links: StoryLinkEntry[];
}
