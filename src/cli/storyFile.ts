import { readFileSync, statSync } from 'node:fs';
import { MAX_STORY_FILE_BYTES, StoryFileError } from '../sim/scenario/storyFile.ts';

/** The JSON of a story file on disk, or a StoryFileError that says what is wrong with it. */
export function readStoryFile(path: string): unknown {
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    throw new StoryFileError(`${path}: no such file`);
  }
  if (size > MAX_STORY_FILE_BYTES)
    throw new StoryFileError(`${path}: ${size.toLocaleString('en-US')} bytes, a story file is at most 5 MB`);
  const text = readFileSync(path, 'utf8');
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new StoryFileError(`${path}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
}
