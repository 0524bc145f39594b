/**
 * GIF encoding off the main thread: each frame's pixels come in, are quantized to a 256-colour
 * palette of their own (the pictures mix theme colours with anti-aliased edges; one global palette
 * would band) and LZW-encoded here, so the page never stalls on a 500k-pixel frame.
 * Messages: { kind: 'frame', width, height, delay (ms), pixels (RGBA ArrayBuffer, transferred) }
 * -> { kind: 'ack' }; { kind: 'finish' } -> { kind: 'done', bytes (ArrayBuffer, transferred) }.
 */
import { applyPalette, GIFEncoder, quantize } from 'gifenc';

type In =
  | { kind: 'frame'; width: number; height: number; delay: number; pixels: ArrayBuffer }
  | { kind: 'finish' };

const encoder = GIFEncoder();
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<In>) => void) | null;
  postMessage(m: unknown, transfer?: Transferable[]): void;
};

scope.onmessage = (e) => {
  const m = e.data;
  if (m.kind === 'frame') {
    const rgba = new Uint8ClampedArray(m.pixels);
    const palette = quantize(rgba, 256);
    const index = applyPalette(rgba, palette);
    // gifenc takes the delay in ms (it writes hundredths); repeat 0 = loop forever.
    encoder.writeFrame(index, m.width, m.height, { palette, delay: m.delay, repeat: 0 });
    scope.postMessage({ kind: 'ack' });
  } else if (m.kind === 'finish') {
    encoder.finish();
    const bytes = encoder.bytes();
    const out = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    scope.postMessage({ kind: 'done', bytes: out }, [out]);
  }
};
