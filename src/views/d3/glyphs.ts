// Message types as drawn: their family (colour and shape), their glyph, and which are background chatter.
import type { MessageFamily } from '../../sim/algorithms/algorithm.ts';
import { declaredAlgorithms, declaredVersion } from '../../sim/algorithms/declared.ts';

export type { MessageFamily };

/**
 * Every declared algorithm's vocabulary, merged: a type means the same in every algorithm. Rebuilt when
 * more are declared (the page opens with its first story's algorithm, then gets the rest).
 */
let vocab: { version: number; family: Map<string, MessageFamily>; chatter: Set<string> } | null = null;
function vocabulary() {
  if (vocab?.version !== declaredVersion()) {
    const all = declaredAlgorithms();
    vocab = {
      version: declaredVersion(),
      family: new Map(all.flatMap((a) => Object.entries(a.vocabulary.families))),
      chatter: new Set(all.flatMap((a) => a.vocabulary.chatter)),
    };
  }
  return vocab;
}

/** Families share a colour and a shape; the legend names each type present. Unknown types are data. */
export function messageFamily(type: string): MessageFamily {
  return vocabulary().family.get(type) ?? 'data';
}

/** Periodic liveness/renewal traffic, drawn lighter than the messages that make the story. */
export function isChatter(type: string): boolean {
  return vocabulary().chatter.has(type);
}

/**
 * Message glyphs: d3-shape's symbol geometry (same paths, 3 decimals), written out here so the first
 * view does not carry d3-shape for five shapes. Each takes the area in px² and returns path data.
 */
type Glyph = (size: number) => string;
const n3 = (v: number) => Math.round(v * 1000) / 1000;
const pts = (xy: number[]) => {
  let d = '';
  for (let i = 0; i < xy.length; i += 2)
    d += `${i ? 'L' : 'M'}${n3(xy[i] as number)},${n3(xy[i + 1] as number)}`;
  return `${d}Z`;
};
const disc = (r: number) =>
  `M${n3(r)},0A${n3(r)},${n3(r)},0,1,1,${n3(-r)},0A${n3(r)},${n3(r)},0,1,1,${n3(r)},0`;
const TAN30 = Math.sqrt(1 / 3);
const SQRT3 = Math.sqrt(3);
const STAR_KR = Math.sin(Math.PI / 10) / Math.sin((7 * Math.PI) / 10);
const STAR_KX = Math.sin((2 * Math.PI) / 10) * STAR_KR;
const STAR_KY = -Math.cos((2 * Math.PI) / 10) * STAR_KR;

const glyphCircle: Glyph = (size) => disc(Math.sqrt(size / Math.PI));
const glyphSquare: Glyph = (size) => {
  const w = n3(Math.sqrt(size));
  const x = n3(-Math.sqrt(size) / 2);
  return `M${x},${x}h${w}v${w}h${-w}Z`;
};
const glyphDiamond: Glyph = (size) => {
  const y = Math.sqrt(size / (TAN30 * 2));
  const x = y * TAN30;
  return pts([0, -y, x, 0, 0, y, -x, 0]);
};
const glyphTriangle: Glyph = (size) => {
  const y = -Math.sqrt(size / (SQRT3 * 3));
  return pts([0, y * 2, -SQRT3 * y, -y, SQRT3 * y, -y]);
};
const glyphStar: Glyph = (size) => {
  const r = Math.sqrt(size * 0.8908130915292852);
  const x = STAR_KX * r;
  const y = STAR_KY * r;
  const xy = [0, -r, x, y];
  for (let i = 1; i < 5; ++i) {
    const a = (2 * Math.PI * i) / 5;
    const c = Math.cos(a);
    const s = Math.sin(a);
    xy.push(s * r, -c * r, c * x - s * y, s * x + c * y);
  }
  return pts(xy);
};
/** A no-entry sign (a disc with a bar cut out; needs fill-rule evenodd): a refusal, not a loss. */
const glyphNoEntry: Glyph = (size) => {
  const r = Math.sqrt(size / Math.PI);
  const w = r * 0.62;
  const h = r * 0.2;
  return disc(r) + pts([-w, -h, w, -h, w, h, -w, h]);
};

const FAMILY_SHAPE: Record<MessageFamily, Glyph> = {
  election: glyphDiamond,
  heartbeat: glyphCircle,
  reply: glyphCircle,
  store: glyphSquare,
  data: glyphTriangle,
  reject: glyphNoEntry,
};

/** Types that share a family but deserve their own shape (the election's outcome). */
const TYPE_SHAPE: Record<string, Glyph> = { COORDINATOR: glyphStar };

/** SVG path of a message glyph (also used by the legend). */
export function messageGlyph(type: string, size = 64): string {
  const own = TYPE_SHAPE[type];
  return own ? own(size * 1.3) : FAMILY_SHAPE[messageFamily(type)](size);
}

/** The area (px²) a type's glyph is drawn at, on the picture and in the legends: heartbeats smaller. */
export function glyphSize(type: string): number {
  return messageFamily(type) === 'heartbeat' ? 40 : 70;
}
