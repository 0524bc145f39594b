import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../../scenarios/index.ts';
import { simulate } from '../simulate.ts';
import { mermaidText, toMermaid } from './mermaid.ts';

describe('Mermaid text', () => {
  it("keeps a caption's colon and the other syntax characters, as Mermaid's entity codes", () => {
    expect(mermaidText('Step 3: node-1 #42; a<b>{c}')).toBe(
      'Step 3#58; node-1 #35;42#59; a#lt;b#gt;#123;c#125;',
    );
    expect(mermaidText(' two\n lines ')).toBe('two lines');
  });

  it('a story whose captions have colons keeps them in its notes', () => {
    const story = scenarioById('fencing-token');
    if (!story) throw new Error('fencing-token is missing');
    const out = toMermaid(simulate(story), story);
    const notes = out.split('\n').filter((l) => l.includes('Note over'));
    expect(notes.some((l) => l.includes('#58;'))).toBe(true);
    // Each note has exactly one raw colon: the one after its participants.
    for (const l of notes) expect(l.split(':').length).toBe(2);
  });
});
