/**
 * The partition board's state: which side each host is on, two or three sides. Pure, so the
 * component only turns pointer and key events into these calls.
 */
export interface Board {
  /** 2 or 3. */
  sides: number;
  /** The hosts on the board, in the run's order (the order of the groups' members). */
  hosts: string[];
  /** Side index (0 = Side A) by host. */
  sideOf: Record<string, number>;
}

export const MIN_SIDES = 2;
export const MAX_SIDES = 3;

/** Every host on Side A, two sides. */
export function newBoard(hosts: readonly string[]): Board {
  return { sides: MIN_SIDES, hosts: [...hosts], sideOf: Object.fromEntries(hosts.map((h) => [h, 0])) };
}

/** The board for another run's hosts: hosts still there keep their side, new ones start on Side A. */
export function syncHosts(board: Board, hosts: readonly string[]): Board {
  const same = hosts.length === board.hosts.length && hosts.every((h, i) => board.hosts[i] === h);
  if (same) return board;
  const sideOf: Record<string, number> = {};
  for (const h of hosts) sideOf[h] = board.sideOf[h] ?? 0;
  return { sides: board.sides, hosts: [...hosts], sideOf };
}

/** Puts `host` on `side` (clamped to the sides there are); the same board when nothing changes. */
export function moveChip(board: Board, host: string, side: number): Board {
  const from = board.sideOf[host];
  if (from === undefined) return board;
  const to = Math.max(0, Math.min(board.sides - 1, Math.trunc(side)));
  if (to === from) return board;
  return { ...board, sideOf: { ...board.sideOf, [host]: to } };
}

/** Moves `host` one side left (-1) or right (+1); at the first or last side it stays. */
export function stepChip(board: Board, host: string, dir: -1 | 1): Board {
  const from = board.sideOf[host];
  return from === undefined ? board : moveChip(board, host, from + dir);
}

/** Two or three sides; removing Side C moves its hosts to Side B. */
export function setSides(board: Board, sides: number): Board {
  const n = Math.max(MIN_SIDES, Math.min(MAX_SIDES, Math.trunc(sides)));
  if (n === board.sides) return board;
  const sideOf: Record<string, number> = {};
  for (const h of board.hosts) sideOf[h] = Math.min(board.sideOf[h] ?? 0, n - 1);
  return { ...board, sides: n, sideOf };
}

/** The hosts on each side, in board order (empty sides included). */
export function sideMembers(board: Board): string[][] {
  const out: string[][] = Array.from({ length: board.sides }, () => []);
  for (const h of board.hosts) out[board.sideOf[h] ?? 0]?.push(h);
  return out;
}

/** The partition's groups: the non-empty sides, in side order. */
export function boardGroups(board: Board): string[][] {
  return sideMembers(board).filter((g) => g.length > 0);
}

/** Why the board cannot be applied, or null when it can: a partition needs two non-empty sides. */
export function boardProblem(board: Board): 'needTwoSides' | null {
  return boardGroups(board).length >= 2 ? null : 'needTwoSides';
}

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The side whose zone contains the point, else the nearest zone within `slop` px, else null. */
export function sideAt(zones: readonly Rect[], x: number, y: number, slop = 24): number | null {
  let best: number | null = null;
  let bestDist = slop;
  for (const [i, r] of zones.entries()) {
    const dx = x < r.left ? r.left - x : x > r.right ? x - r.right : 0;
    const dy = y < r.top ? r.top - y : y > r.bottom ? y - r.bottom : 0;
    const d = Math.hypot(dx, dy);
    if (d === 0) return i;
    if (d <= bestDist) {
      best = i;
      bestDist = d;
    }
  }
  return best;
}
