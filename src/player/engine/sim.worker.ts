/// <reference lib="webworker" />
/**
 * The simulation engine in a Web Worker: the page never runs simulate() itself. Its messages go
 * packed for the page (packed.ts): events as JSON bytes, long number lists as moved typed arrays.
 */
import { EngineCore } from './core.ts';
import { packed } from './packed.ts';
import type { ToEngine } from './protocol.ts';
import { macrotask } from './yield.ts';

declare const self: DedicatedWorkerGlobalScope;

const core = new EngineCore({
  now: () => performance.now(),
  later: macrotask(),
  post(msg) {
    const { message, transfer } = packed(msg);
    self.postMessage(message, transfer);
  },
  // Long slices: nothing else runs here, and messages (a cancel) are read between them.
  sliceMs: 40,
  sendEveryMs: 150,
});
self.onmessage = (e: MessageEvent<ToEngine>) => core.receive(e.data);
