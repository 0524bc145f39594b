import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The README and package.json say Node 20.19 (what Debian and this project's machines have), so no
 * installed package may declare an `engines.node` that 20.19 does not satisfy: `npm ci` would warn
 * EBADENGINE (issue #38: @axe-core/playwright 4.14 declares >=22.12.0; 4.13.0 declares none).
 */
const NODE = '20.19.0';

type V = [number, number, number];
const parse = (s: string): V => {
  const [a = 0, b = 0, c = 0] = s
    .replace(/^v/, '')
    .split(/[.-]/)
    .map((x) => Number.parseInt(x, 10) || 0);
  return [a, b, c];
};
const cmp = (x: V, y: V) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2];

/** One comparator of a semver range as npm writes engines: >=, >, <=, <, =, ^, ~, x-ranges, bare. */
function holds(v: V, comp: string): boolean {
  const m = /^(>=|<=|>|<|=|\^|~)?\s*v?([\dx*]+(?:\.[\dx*]+)?(?:\.[\dx*]+)?)/.exec(comp);
  if (!m) throw new Error(`unread engines comparator: ${comp}`);
  const op = m[1] ?? '';
  const text = m[2] as string;
  const parts = text.split('.');
  const wild = parts.findIndex((p) => p === 'x' || p === '*');
  const given = wild >= 0 ? wild : parts.length;
  const lo = parse(parts.slice(0, given).join('.') || '0');
  const c = cmp(v, lo);
  switch (op) {
    case '>=':
      return c >= 0;
    case '>':
      return c > 0;
    case '<=':
      return c <= 0;
    case '<':
      return c < 0;
    case '^': {
      if (c < 0) return false;
      const k = lo[0] !== 0 ? 0 : lo[1] !== 0 ? 1 : 2;
      return v.slice(0, k + 1).every((n, i) => n === lo[i]);
    }
    case '~':
      return c >= 0 && v[0] === lo[0] && (given < 2 || v[1] === lo[1]);
    default:
      // A bare or `=` version, or a partial one (20, 20.x): the parts given must match.
      return v.slice(0, given).every((n, i) => n === lo[i]);
  }
}

function satisfies(version: string, range: string): boolean {
  const v = parse(version);
  return range.split('||').some((alt) => {
    const comps = alt
      .trim()
      .replace(/(>=|<=|>|<|=)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    return comps.length === 0 || comps.every((c) => (c === '*' ? true : holds(v, c)));
  });
}

describe('every installed package runs on Node 20.19 (package-lock.json engines)', () => {
  it('the range reader reads npm’s forms', () => {
    expect(satisfies(NODE, '>=22.12.0')).toBe(false);
    expect(satisfies(NODE, '^20.19.0 || >=22.12.0')).toBe(true);
    expect(satisfies(NODE, '^20.0.0 || ^22.0.0 || >=24.0.0')).toBe(true);
    expect(satisfies(NODE, '^10 || ^12 || >=14')).toBe(true);
    expect(satisfies(NODE, '>= 20')).toBe(true);
    expect(satisfies(NODE, '^20.20.0')).toBe(false);
    expect(satisfies(NODE, '^8.16.0 || ^10.6.0 || >=11.0.0')).toBe(true);
    expect(satisfies(NODE, '<20')).toBe(false);
  });

  it('no package in package-lock.json declares an engines.node that Node 20.19 does not satisfy', () => {
    const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const refused = Object.entries(lock.packages).flatMap(([path, p]) => {
      const range = !Array.isArray(p.engines) ? p.engines?.node : undefined;
      return range && !satisfies(NODE, range) ? [`${path || 'the project'}@${p.version}: node ${range}`] : [];
    });
    expect(refused).toEqual([]);
  });
});
