import { describe, expect, it } from 'vitest';
import { storageFirst } from './story.ts';

describe('storageFirst: a sentence that starts with the storage’s word starts with a capital', () => {
  it('ru and pt capitalize the word; the English host id and other starts stay as they are', () => {
    expect(storageFirst('хранилище принимает token 1 от node-1 после token 2', 'хранилище')).toBe(
      'Хранилище принимает token 1 от node-1 после token 2',
    );
    expect(storageFirst('o armazenamento aceita o token 1', 'o armazenamento')).toBe(
      'O armazenamento aceita o token 1',
    );
    expect(storageFirst('storage took token 1 from node-1', 'storage')).toBe(
      'storage took token 1 from node-1',
    );
    expect(storageFirst('node-1 пишет в хранилище', 'хранилище')).toBe('node-1 пишет в хранилище');
    expect(storageFirst('db took token 1', undefined)).toBe('db took token 1');
  });
});
