/**
 * One GIF being encoded (gifenc): each frame quantized to a 256-colour palette of its own (the
 * pictures mix theme colours with anti-aliased edges; one global palette would band) and
 * LZW-encoded. Used by the export's worker, and on the page when no worker can start there.
 */
import { applyPalette, GIFEncoder, quantize } from 'gifenc';

export function gifEncoder() {
  const encoder = GIFEncoder();
  return {
    frame(width: number, height: number, delayMs: number, pixels: ArrayBuffer): void {
      const rgba = new Uint8ClampedArray(pixels);
      const palette = quantize(rgba, 256);
      const index = applyPalette(rgba, palette);
      // gifenc takes the delay in ms (it writes hundredths); repeat 0 = loop forever.
      encoder.writeFrame(index, width, height, { palette, delay: delayMs, repeat: 0 });
    },
    finish(): ArrayBuffer {
      encoder.finish();
      const bytes = encoder.bytes();
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    },
  };
}
