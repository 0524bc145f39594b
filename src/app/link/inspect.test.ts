import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { decodeView } from './decode.ts';
import { encodeView } from './view.ts';

const ctx = { scenarios, locales: ['en', 'pt', 'ru'] };

describe('inspect= in links', () => {
  it('one node or two, written after whatif and read back', () => {
    const d = decodeView('?scenario=fencing-token&step=4&inspect=node-1,node-3', ctx);
    expect(d.problems).toEqual([]);
    expect(d.view.inspect).toEqual(['node-1', 'node-3']);
    expect(encodeView({ ...d.view, whatIf: true })).toBe(
      '?scenario=fencing-token&step=4&whatif=1&inspect=node-1,node-3',
    );
    expect(decodeView('?scenario=patroni&inspect=pg-2', ctx).view.inspect).toEqual(['pg-2']);
    expect(encodeView(decodeView('?scenario=bully', ctx).view)).toBe('?scenario=bully');
  });

  it('names a bad value and loads the rest', () => {
    for (const bad of ['node-1,node-2,node-3', 'Node 1', '', 'node-1,,node-2']) {
      const d = decodeView(`?scenario=bully&inspect=${encodeURIComponent(bad)}`, ctx);
      expect(d.problems).toEqual([{ param: 'inspect', value: bad }]);
      expect(d.view.inspect).toBeUndefined();
      expect(d.view.scenario).toBe('bully');
    }
  });
});
