// SVG path data shared by the layers: an arrow's head and an X (a lost message, a crash).

export function arrowHead(x1: number, y1: number, x2: number, y2: number, size: number): string {
  const a = Math.atan2(y2 - y1, x2 - x1);
  const s = size;
  const p1x = x2 - s * Math.cos(a - 0.45);
  const p1y = y2 - s * Math.sin(a - 0.45);
  const p2x = x2 - s * Math.cos(a + 0.45);
  const p2y = y2 - s * Math.sin(a + 0.45);
  return `M${x2},${y2}L${p1x},${p1y}L${p2x},${p2y}Z`;
}

export function cross(x: number, y: number, r: number): string {
  return `M${x - r},${y - r}L${x + r},${y + r}M${x - r},${y + r}L${x + r},${y - r}`;
}
