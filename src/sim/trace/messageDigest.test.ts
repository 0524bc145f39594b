import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../../scenarios/index.ts';
import { chatterIds } from '../../views/d3/sequence/chatter.ts';
import type { SimOptions } from '../inputs.ts';
import { simulate } from '../simulate.ts';
import { TraceIndex } from './frame.ts';
import { countIndex, countLists } from './messageCounts.ts';
import { applyDigest, DigestBuilder, digestOfMessages, emptyDigest } from './messageDigest.ts';

describe('the message digest built as events come equals the one derived from the messages', () => {
  const cases: Array<[string, SimOptions]> = [
    ['bully', { nodes: 12 }],
    ['split-brain', {}],
    ['patroni', {}],
    ['check-before-act', {}],
    ['raft', {}],
    [
      'etcd-lease',
      { durationMs: 600_000, interventions: [{ atMs: 40_000, fault: { kind: 'crash', node: 'node-2' } }] },
    ],
  ];
  for (const [id, opts] of cases) {
    it(`${id}: in pieces, deltas applied in order`, () => {
      const story = scenarioById(id);
      if (!story) throw new Error(`${id} missing`);
      const trace = simulate(story, opts);
      const b = new DigestBuilder();
      const page = emptyDigest();
      // Pieces of uneven size, as the engine sends them.
      for (let n = 0; n < trace.events.length; n = Math.min(trace.events.length, n * 2 + 7)) {
        b.follow(trace.events.slice(0, n));
        applyDigest(page, b.delta());
      }
      b.follow(trace.events);
      applyDigest(page, b.delta());
      const messages = new TraceIndex(trace).messages;
      const derived = digestOfMessages(messages);
      expect(page).toEqual(derived);
      // The chatter the page's sequence diagram derived from every message, the same ids.
      const ids = (d: typeof page) => [...d.chatter.bits.keys()].filter((i) => d.chatter.bits[i] === 1);
      expect(ids(page)).toEqual([...chatterIds(messages)]);
      expect(page.chatter.size).toBe(chatterIds(messages).size);
      expect(b.digest).toEqual(derived);
      expect(derived.types.length).toBeGreaterThan(0);
      expect(derived.pairs.length).toBeGreaterThan(0);
      // The message counts, as the page's panel derived them from every message.
      expect(countLists(page.counts)).toEqual(countLists(countIndex(messages)));
      expect(countLists(derived.counts)).toEqual(countLists(countIndex(messages)));
    });
  }
  it('raft: an APPEND_ENTRIES with no entries (a heartbeat, §5.2) and its reply are chatter; with entries they are not', () => {
    const story = scenarioById('raft');
    if (!story) throw new Error('raft missing');
    const messages = new TraceIndex(simulate(story)).messages;
    const chatter = chatterIds(messages);
    const appends = messages.filter((m) => m.type === 'APPEND_ENTRIES' || m.type === 'APPEND_REPLY');
    const empty = appends.filter((m) => m.data?.entryCount === 0);
    const full = appends.filter((m) => Number(m.data?.entryCount) > 0);
    expect(empty.length + full.length).toBe(appends.length);
    expect(empty.length).toBeGreaterThan(100);
    expect(full.length).toBeGreaterThan(20);
    for (const m of empty) expect(chatter.has(m.id), `${m.type} ${m.id}`).toBe(true);
    for (const m of full) expect(chatter.has(m.id), `${m.type} ${m.id}`).toBe(false);
    // Votes, client requests and redirects are the story.
    for (const m of messages.filter((x) => !appends.includes(x))) expect(chatter.has(m.id)).toBe(false);
  });

  it('counts lost messages at their delivery time, sorted, though drops come in another order', () => {
    const story = scenarioById('split-brain');
    if (!story) throw new Error('split-brain missing');
    const trace = simulate(story, { durationMs: 600_000 });
    const b = new DigestBuilder();
    const page = emptyDigest();
    for (let n = 0; n <= trace.events.length; n += 97) {
      b.follow(trace.events.slice(0, n));
      applyDigest(page, b.delta());
    }
    b.follow(trace.events);
    applyDigest(page, b.delta());
    const want = countIndex(new TraceIndex(trace).messages);
    expect(want.lostAt.length).toBeGreaterThan(1);
    expect(page.counts.lostAt).toEqual(want.lostAt);
    expect(b.digest.counts.lostAt).toEqual(want.lostAt);
  });
  it('says when a message was lost', () => {
    const story = scenarioById('split-brain');
    if (!story) throw new Error('split-brain missing');
    const trace = simulate(story);
    const lost = new TraceIndex(trace).messages.some((m) => m.fate === 'dropped');
    const b = new DigestBuilder();
    b.follow(trace.events);
    expect(b.digest.anyLost).toBe(lost);
  });
});
