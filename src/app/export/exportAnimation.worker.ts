/**
 * GIF encoding off the main thread (gifEncoder.ts), so the page never stalls on a 500k-pixel frame.
 * Messages: { kind: 'frame', width, height, delay (ms), pixels (RGBA ArrayBuffer, transferred) }
 * -> { kind: 'ack' }; { kind: 'finish' } -> { kind: 'done', bytes (ArrayBuffer, transferred) }.
 */
import { gifEncoder } from './gifEncoder.ts';

type In =
  | { kind: 'frame'; width: number; height: number; delay: number; pixels: ArrayBuffer }
  | { kind: 'finish' };

const encoder = gifEncoder();
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<In>) => void) | null;
  postMessage(m: unknown, transfer?: Transferable[]): void;
};

scope.onmessage = (e) => {
  const m = e.data;
  if (m.kind === 'frame') {
    encoder.frame(m.width, m.height, m.delay, m.pixels);
    scope.postMessage({ kind: 'ack' });
  } else if (m.kind === 'finish') {
    const out = encoder.finish();
    scope.postMessage({ kind: 'done', bytes: out }, [out]);
  }
};
