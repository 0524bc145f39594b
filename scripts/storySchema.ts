/** Writes docs/story-file.schema.json from the zod schema (src/sim/scenario/storyFile.ts). */
import { writeFileSync } from 'node:fs';
import { storyFileJsonSchema } from '../src/sim/scenario/storyFile.ts';

writeFileSync('docs/story-file.schema.json', `${JSON.stringify(storyFileJsonSchema(), null, 2)}\n`);
console.log('wrote docs/story-file.schema.json');
