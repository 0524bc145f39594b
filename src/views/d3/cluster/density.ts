/**
 * A crowd's messages in flight as a density: past DENSITY_MIN at once (a 100-node Bully election has
 * 5,000, a 200-node one 20,000), each message marks the 2 px cell it stands in, and each marked cell is
 * painted in the colour of the family most of its messages belong to, more opaque the more there are.
 * Drawn as glyphs, that many covered the whole ring in one disc of colour, hosts included, and
 * rasterising 20,000 of them took 300 to 450 ms a frame. Every message stays visible as a mark of at
 * least one cell, and the corner tally counts them by type (messages.ts).
 */

/** About where glyphs of a 9 px class start to cover most of a 1280 px picture's ring. */
export const DENSITY_MIN = 2000;

/** A cell's side in CSS px. */
export const CELL_PX = 2;

/**
 * The families a cell can show, in the order that wins a tie: a lost message first (it is what the
 * reader looks for), chatter last.
 */
export const DENSITY_FAMILIES = [
  'lost',
  'election',
  'reply',
  'store',
  'data',
  'reject',
  'heartbeat',
] as const;
export type DensityFamily = (typeof DENSITY_FAMILIES)[number];
const K = DENSITY_FAMILIES.length;
const INDEX = new Map<string, number>(DENSITY_FAMILIES.map((f, i) => [f, i]));

export interface DensityGrid {
  cols: number;
  rows: number;
  /** Messages per cell. */
  total: Uint16Array;
  /** The cells holding at least one message, in the order they were first marked. */
  marked: number[];
  /** Per marked cell (same index as `marked`), its family's index in DENSITY_FAMILIES. */
  family: number[];
}

/** Reusable buffers for a picture of `width` x `height` CSS px. */
export function createDensity(width: number, height: number) {
  const cols = Math.max(1, Math.ceil(width / CELL_PX));
  const rows = Math.max(1, Math.ceil(height / CELL_PX));
  const total = new Uint16Array(cols * rows);
  const perFamily = new Uint16Array(cols * rows * K);
  const grid: DensityGrid = { cols, rows, total, marked: [], family: [] };
  return {
    grid,
    /** Starts a frame: the grid is emptied (only the cells the last frame marked are touched). */
    begin(): void {
      for (const c of grid.marked) {
        total[c] = 0;
        perFamily.fill(0, c * K, c * K + K);
      }
      grid.marked = [];
      grid.family = [];
    },
    /** Counts one message at (x, y) in CSS px; a point off the picture counts at its edge. */
    add(x: number, y: number, family: DensityFamily): void {
      const cx = Math.min(cols - 1, Math.max(0, Math.floor(x / CELL_PX)));
      const cy = Math.min(rows - 1, Math.max(0, Math.floor(y / CELL_PX)));
      const c = cy * cols + cx;
      if (total[c] === 0) grid.marked.push(c);
      if ((total[c] as number) < 0xffff) total[c] = (total[c] as number) + 1;
      const f = c * K + (INDEX.get(family) ?? K - 1);
      if ((perFamily[f] as number) < 0xffff) perFamily[f] = (perFamily[f] as number) + 1;
    },
    /** Ends the frame: each marked cell's family. */
    end(): DensityGrid {
      grid.family = grid.marked.map((c) => {
        let best = 0;
        for (let f = 1; f < K; f++)
          if ((perFamily[c * K + f] as number) > (perFamily[c * K + best] as number)) best = f;
        return best;
      });
      return grid;
    },
    /** begin, add each point, end. */
    bin(points: ReadonlyArray<{ x: number; y: number; family: DensityFamily }>): DensityGrid {
      this.begin();
      for (const p of points) this.add(p.x, p.y, p.family);
      return this.end();
    },
  };
}

/** A cell's opacity (0-255): a lone message reads clearly, a pile of them is nearly opaque. */
export function cellAlpha(count: number): number {
  return Math.min(235, Math.round(120 + 35 * Math.log2(count)));
}

/**
 * Writes the grid into `pixels` (RGBA, one pixel per cell, cleared first) in the families' colours
 * (`rgb[i]` for DENSITY_FAMILIES[i], each [r, g, b]). The caller scales it onto the canvas unsmoothed.
 */
export function paintDensity(
  grid: DensityGrid,
  pixels: Uint8ClampedArray,
  rgb: ReadonlyArray<readonly [number, number, number]>,
): void {
  pixels.fill(0);
  grid.marked.forEach((c, i) => {
    const col = rgb[grid.family[i] as number] ?? [0, 0, 0];
    const o = c * 4;
    pixels[o] = col[0];
    pixels[o + 1] = col[1];
    pixels[o + 2] = col[2];
    pixels[o + 3] = cellAlpha(grid.total[c] as number);
  });
}
