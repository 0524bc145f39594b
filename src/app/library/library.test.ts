import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { toStoryFile } from '../../sim/scenario/storyFile.ts';
import { createLibrary, memoryLibrary } from './library.ts';

const file = (id: string) => {
  const s = scenarios.find((x) => x.id === 'bully');
  if (!s) throw new Error('bully');
  return toStoryFile(s, () => `Story ${id}`, id);
};

describe('My stories', () => {
  it('keeps saved stories newest first, replaces one saved again, removes one, and says when it changed', async () => {
    const lib = createLibrary(memoryLibrary());
    let changes = 0;
    const off = lib.subscribe(() => changes++);
    await lib.save(file('a'), 1);
    await lib.save(file('b'), 2);
    expect((await lib.list()).map((s) => s.id)).toEqual(['b', 'a']);
    await lib.save({ ...file('a'), title: 'Again' }, 3);
    expect((await lib.list()).map((s) => [s.id, s.file.title])).toEqual([
      ['a', 'Again'],
      ['b', 'Story b'],
    ]);
    await lib.remove('b');
    expect((await lib.find('b'))?.id).toBeUndefined();
    expect((await lib.find('a'))?.file.title).toBe('Again');
    expect(changes).toBe(4);
    off();
    await lib.remove('a');
    expect(changes).toBe(4);
  });
});
