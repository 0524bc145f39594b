/**
 * The QR code Present shows for the story's link, made here (qrcode-generator, MIT): nothing leaves
 * the page, and the CSP needs no image from elsewhere. Drawn as one SVG path, so it is sharp at any
 * projector's size.
 *
 * The limit is version 25 (117 × 117 modules), error correction L: ISO/IEC 18004:2015 Table 7 gives
 * it 1,273 bytes. Why 25: projected 1.2 m wide (half of a 2.5 m screen's height), a version-25 code
 * has 10 mm modules; from the back of a 10 m room a 12 MP phone camera (4,000 px over a 70° field)
 * sees about 3.5 mm per pixel, so under 3 pixels per module, about the least a decoder resolves
 * (ZXing's detector estimates module size from finder patterns 7 modules wide). A larger version
 * has smaller modules, and phones at the back fail. L, not M: a projected code is never torn or
 * stained, and L holds a third more at the same version.
 */
import qrcode from 'qrcode-generator';

export const MAX_QR_VERSION = 25;
/** Byte-mode capacity of version 25 at error correction L (ISO/IEC 18004:2015, Table 7). */
export const MAX_QR_BYTES = 1273;
/** Light modules around the code, as the standard asks (ISO/IEC 18004 §6.3.8: four modules). */
export const QUIET_ZONE = 4;

export type Qr =
  | { ok: true; version: number; modules: number; isDark(row: number, col: number): boolean }
  | { ok: false; bytes: number; max: number };

/** The QR code of `text` (UTF-8, byte mode), or how long it is when it does not fit MAX_QR_VERSION. */
export function qrFor(text: string): Qr {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length > MAX_QR_BYTES) return { ok: false, bytes: bytes.length, max: MAX_QR_BYTES };
  const code = qrcode(0, 'L');
  // The library's byte mode takes each char's low byte: the UTF-8 bytes, one per char.
  code.addData(String.fromCharCode(...bytes), 'Byte');
  code.make();
  const modules = code.getModuleCount();
  const version = (modules - 17) / 4;
  if (version > MAX_QR_VERSION) return { ok: false, bytes: bytes.length, max: MAX_QR_BYTES };
  return { ok: true, version, modules, isDark: (r, c) => code.isDark(r, c) };
}

/** The dark modules as one SVG path in module units, offset by the quiet zone (viewBox: qrBox). */
export function qrPath(q: Extract<Qr, { ok: true }>): string {
  const parts: string[] = [];
  for (let r = 0; r < q.modules; r++) {
    let c = 0;
    while (c < q.modules) {
      if (!q.isDark(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < q.modules && q.isDark(r, c)) c++;
      // One run of dark modules in a row: a rectangle of height 1.
      parts.push(`M${start + QUIET_ZONE} ${r + QUIET_ZONE}h${c - start}v1h${start - c}z`);
    }
  }
  return parts.join('');
}

/** The side of the SVG's viewBox: the modules and the quiet zone on both sides. */
export const qrBox = (q: Extract<Qr, { ok: true }>): number => q.modules + 2 * QUIET_ZONE;
