import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { MAX_QR_BYTES, MAX_QR_VERSION, type Qr, QUIET_ZONE, qrBox, qrFor, qrPath } from './qr.ts';

/** The code as RGBA pixels, `scale` px per module, black on white with its quiet zone. */
function pixels(q: Extract<Qr, { ok: true }>, scale = 4): { data: Uint8ClampedArray; side: number } {
  const side = qrBox(q) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const r = Math.floor(y / scale) - QUIET_ZONE;
      const c = Math.floor(x / scale) - QUIET_ZONE;
      if (r >= 0 && c >= 0 && r < q.modules && c < q.modules && q.isDark(r, c)) {
        const i = (y * side + x) * 4;
        data[i] = data[i + 1] = data[i + 2] = 0;
      }
    }
  return { data, side };
}

function decoded(text: string): string | null {
  const q = qrFor(text);
  if (!q.ok) throw new Error('too long');
  const { data, side } = pixels(q);
  return jsQR(data, side, side)?.data ?? null;
}

describe('QR code of a story link', () => {
  it('a decoder reads back what was encoded: a short link, a UTF-8 one and one at the limit', () => {
    const short = 'https://lab.example/?lang=pt&scenario=challenge-split-brain&whatif=1';
    expect(decoded(short)).toBe(short);
    expect(decoded('https://lab.example/?lang=ru&t=história-история')).toBe(
      'https://lab.example/?lang=ru&t=história-история',
    );
    const base = 'https://lab.example/?lang=en#story=';
    const full = base + 'A'.repeat(MAX_QR_BYTES - base.length);
    const q = qrFor(full);
    expect(q.ok && q.version).toBe(MAX_QR_VERSION);
    expect(decoded(full)).toBe(full);
  });

  it('a link one byte past version 25 is refused, with its length and the limit (Present offers the file)', () => {
    const long = `https://lab.example/#story=${'B'.repeat(MAX_QR_BYTES)}`;
    expect(qrFor(long)).toEqual({
      ok: false,
      bytes: new TextEncoder().encode(long).length,
      max: MAX_QR_BYTES,
    });
    const at = 'x'.repeat(MAX_QR_BYTES);
    expect(qrFor(at).ok).toBe(true);
    expect(qrFor(`${at}x`).ok).toBe(false);
    // Bytes, not characters: two-byte letters count twice.
    expect(qrFor('и'.repeat(MAX_QR_BYTES / 2 + 1)).ok).toBe(false);
  });

  it('the SVG path covers exactly the dark modules, inside the quiet zone', () => {
    const q = qrFor('https://lab.example/');
    if (!q.ok) throw new Error('fits');
    const d = qrPath(q);
    let dark = 0;
    for (let r = 0; r < q.modules; r++) for (let c = 0; c < q.modules; c++) if (q.isDark(r, c)) dark++;
    const area = [...d.matchAll(/h(\d+)/g)].reduce((s, m) => s + Number(m[1]), 0);
    expect(area).toBe(dark);
    expect(d.startsWith(`M${QUIET_ZONE} ${QUIET_ZONE}`)).toBe(true);
    expect(qrBox(q)).toBe(q.modules + 8);
  });
});
