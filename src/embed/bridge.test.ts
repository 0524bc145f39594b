import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { createPlayerStore } from '../player/store.ts';
import { type BridgeWindow, connectBridge } from './bridge.ts';
import { attachEmbed } from './controller.ts';
import { type PlayerEvent, parseCommand, SOURCE } from './protocol.ts';

const ids = scenarios.map((s) => s.id);

/** A framed window: its parent records what it is sent; `send` delivers a message event. */
function frame() {
  const posted: Array<{ message: PlayerEvent; targetOrigin: string }> = [];
  const parent = {
    postMessage: (message: unknown, targetOrigin: string) =>
      posted.push({ message: message as PlayerEvent, targetOrigin }),
  };
  const listeners = new Set<(e: MessageEvent) => void>();
  const win: BridgeWindow = {
    parent,
    addEventListener: (_t, l) => listeners.add(l),
    removeEventListener: (_t, l) => listeners.delete(l),
  };
  const send = (data: unknown, from: unknown = parent, origin = 'https://host.example') => {
    for (const l of listeners) l({ data, source: from, origin } as unknown as MessageEvent);
  };
  return { win, posted, send, listeners, types: () => posted.map((p) => p.message.type) };
}

function player(opts: { origin?: string | null; start?: number; end?: number; loop?: boolean } = {}) {
  const store = createPlayerStore({ scenarios, scenarioId: 'fencing-token' });
  const controller = attachEmbed(store, {
    range: { first: opts.start ?? null, last: opts.end ?? null },
    loop: opts.loop ?? false,
    autoplay: false,
  });
  const f = frame();
  const disconnect = connectBridge(
    store,
    controller,
    { origin: opts.origin ?? null, scenarioIds: ids },
    f.win,
  );
  return { store, controller, disconnect, ...f };
}

const cmd = (o: Record<string, unknown>) => ({ source: SOURCE, v: 1, ...o });

describe('embed bridge', () => {
  it('says ready to its parent, with targetOrigin * when no origin is set', () => {
    const p = player();
    expect(p.posted).toHaveLength(1);
    expect(p.posted[0]?.targetOrigin).toBe('*');
    expect(p.posted[0]?.message).toMatchObject({
      source: SOURCE,
      v: 1,
      type: 'ready',
      scenario: 'fencing-token',
    });
  });

  it('seek moves to the step and the step event comes back', () => {
    const p = player();
    p.send(cmd({ type: 'seek', step: 3 }));
    expect(p.store.getState().stepIndex).toBe(2);
    expect(p.posted.at(-1)?.message).toMatchObject({ type: 'step', step: 3, playing: false });
  });

  it('play, pause, select and get-state act on this player', () => {
    const p = player();
    p.send(cmd({ type: 'play' }));
    expect(p.store.getState().playing).toBe(true);
    p.send(cmd({ type: 'pause' }));
    expect(p.store.getState().playing).toBe(false);
    p.send(cmd({ type: 'select', scenario: 'bully' }));
    expect(p.store.getState().scenarioId).toBe('bully');
    p.send(cmd({ type: 'get-state' }));
    expect(p.posted.at(-1)?.message).toMatchObject({ type: 'state', scenario: 'bully' });
  });

  it('answers a malformed message with an error to the parent and changes nothing', () => {
    const p = player();
    const before = p.store.getState();
    p.send(cmd({ type: 'seek', step: 99 }));
    expect(p.store.getState()).toBe(before);
    expect(p.posted.at(-1)?.message).toMatchObject({ type: 'error', error: expect.stringMatching(/got 99/) });
  });

  it('ignores messages from any window but its parent, and foreign messages, without a reply', () => {
    const p = player();
    p.send(cmd({ type: 'seek', step: 3 }), { postMessage() {} });
    p.send(cmd({ type: 'seek', step: 3 }), null);
    p.send({ type: 'seek', step: 3 });
    expect(p.store.getState().stepIndex).not.toBe(2);
    expect(p.types()).toEqual(['ready']);
  });

  it('with origin: posts to that origin only and ignores other origins', () => {
    const p = player({ origin: 'https://docs.example.org' });
    expect(p.posted[0]?.targetOrigin).toBe('https://docs.example.org');
    p.send(cmd({ type: 'seek', step: 3 }), undefined, 'https://evil.example');
    expect(p.store.getState().stepIndex).not.toBe(2);
    p.send(cmd({ type: 'seek', step: 3 }), undefined, 'https://docs.example.org');
    expect(p.store.getState().stepIndex).toBe(2);
    expect(p.posted.every((x) => x.targetOrigin === 'https://docs.example.org')).toBe(true);
  });

  it('a top-level page (no parent frame) posts nothing and listens to nothing', () => {
    const store = createPlayerStore({ scenarios });
    const controller = attachEmbed(store, {
      range: { first: null, last: null },
      loop: false,
      autoplay: false,
    });
    const posted: unknown[] = [];
    const win: Record<string, unknown> = {
      addEventListener: () => posted.push('listen'),
      removeEventListener: () => {},
      postMessage: (m: unknown) => posted.push(m),
    };
    win.parent = win;
    connectBridge(store, controller, { origin: null, scenarioIds: ids }, win as unknown as BridgeWindow);
    expect(posted).toEqual([]);
  });

  it('playback to the end of a start/end range says ended, then loops to the start', () => {
    const p = player({ start: 1, end: 2, loop: true });
    expect(p.store.getState().stepIndex).toBe(1);
    p.send(cmd({ type: 'play' }));
    for (let i = 0; i < 5000 && !p.types().includes('ended'); i++) p.store.getState().tick(50);
    const ended = p.posted.find((x) => x.message.type === 'ended')?.message;
    expect(ended).toMatchObject({ step: 3, playing: false });
    expect(p.posted.at(-1)?.message).toMatchObject({ type: 'step', step: 2, playing: true });
    expect(p.store.getState()).toMatchObject({ stepIndex: 1, playing: true });
    // seek outside the range is refused
    p.send(cmd({ type: 'seek', step: 5 }));
    expect(p.posted.at(-1)?.message).toMatchObject({
      type: 'error',
      error: expect.stringMatching(/from 2 to 3/),
    });
  });

  it('disconnects: no more events, no listener left', () => {
    const p = player();
    p.disconnect();
    p.store.getState().goToStep(4);
    expect(p.types()).toEqual(['ready']);
    expect(p.listeners.size).toBe(0);
  });

  it('fuzz: arbitrary payloads never throw and only valid commands change the player', () => {
    const p = player();
    const payload = fc.oneof(
      fc.anything(),
      fc.dictionary(fc.constantFrom('source', 'v', 'type', 'step', 'scenario', '__proto__'), fc.anything()),
      fc.record({
        source: fc.constant(SOURCE),
        v: fc.constantFrom(1, 2, '1'),
        type: fc.constantFrom('play', 'pause', 'seek', 'select', 'get-state', 'eval'),
        step: fc.oneof(fc.integer({ min: -1, max: 12 }), fc.double(), fc.string()),
      }),
    );
    let acted = 0;
    fc.assert(
      fc.property(payload, (data) => {
        p.store.getState().pause();
        const before = p.store.getState();
        const count = before.run?.trace.steps.length ?? 0;
        const valid = parseCommand(data, { stepCount: count, scenarioIds: ids }).kind === 'ok';
        expect(() => p.send(data)).not.toThrow();
        const after = p.store.getState();
        if (!valid) expect(after).toBe(before);
        else acted++;
      }),
      { numRuns: 1000, seed: 7 },
    );
    expect(acted).toBeGreaterThan(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
