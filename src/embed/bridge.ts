import { stepsOf } from '../player/steps.ts';
import type { PlayerStore } from '../player/store.ts';
import type { EmbedController } from './controller.ts';
import { type EventType, eventOf, parseCommand } from './protocol.ts';

/** The window the bridge talks through (a structural subset, so tests can pass a fake). */
export interface BridgeWindow {
  parent: { postMessage(message: unknown, targetOrigin: string): void } | null;
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
}

export interface BridgeOptions {
  /** The host page's origin (`origin=` in the link): only its messages are read, and only it is posted to. */
  origin: string | null;
  scenarioIds: readonly string[];
}

/**
 * Connects an embedded player to the page that frames it (protocol.ts). It talks to window.parent
 * only: messages from any other window (a sibling frame, a popup, the player itself) are ignored,
 * and events are posted to the parent alone. With `origin`, messages from another origin are
 * ignored and events are posted with that targetOrigin, so no other page can read them; without it
 * events go out with targetOrigin '*' (any page may frame the player and hear where it is: the
 * events carry nothing but the scenario, step and time). Returns a function that disconnects.
 */
export function connectBridge(
  store: PlayerStore,
  controller: EmbedController,
  opts: BridgeOptions,
  win: BridgeWindow,
): () => void {
  const parent = win.parent;
  // Top-level (not framed): there is no host to talk to.
  if (!parent || (parent as unknown) === (win as unknown)) return () => {};
  const targetOrigin = opts.origin ?? '*';
  const snapshot = () => {
    const s = store.getState();
    return {
      scenarioId: s.scenarioId,
      stepIndex: s.stepIndex,
      stepCount: s.run ? stepsOf(s.run).length : 0,
      t: s.t,
      playing: s.playing,
    };
  };
  const post = (type: EventType, error?: string) =>
    parent.postMessage(eventOf(type, snapshot(), error), targetOrigin);

  const onMessage = (e: MessageEvent) => {
    if (e.source !== (parent as unknown)) return;
    if (opts.origin !== null && e.origin !== opts.origin) return;
    const s = store.getState();
    const r = controller.range();
    const count = s.run ? stepsOf(s.run).length : 0;
    const parsed = parseCommand(e.data, {
      stepCount: count,
      scenarioIds: opts.scenarioIds,
      ...(r.first !== null || r.last !== null
        ? { range: { first: (r.first ?? 0) + 1, last: (r.last ?? count - 1) + 1 } }
        : {}),
    });
    if (parsed.kind === 'foreign') return;
    if (parsed.kind === 'invalid') return post('error', parsed.error);
    const c = parsed.command;
    switch (c.type) {
      case 'play':
        return s.play();
      case 'pause':
        return s.pause();
      case 'seek':
        return s.goToStep(c.step - 1);
      case 'select':
        controller.clearRange();
        return s.selectScenario(c.scenario);
      case 'get-state':
        return post('state');
    }
  };

  win.addEventListener('message', onMessage);
  // One `step` per step actually shown (a range correction inside a change does not post twice).
  let shown = { run: store.getState().run, stepIndex: store.getState().stepIndex };
  const unsubscribe = store.subscribe((s) => {
    if (s.stepIndex === shown.stepIndex && s.run === shown.run) return;
    shown = { run: s.run, stepIndex: s.stepIndex };
    post('step');
  });
  const offEnded = controller.onEnded(() => post('ended'));
  post('ready');
  return () => {
    win.removeEventListener('message', onMessage);
    unsubscribe();
    offEnded();
  };
}
