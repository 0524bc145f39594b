import { describe, expect, it, vi } from 'vitest';
import type { Algorithm } from './algorithm.ts';

// A fresh declared.ts per test: the page's case, before the registry has declared anything.
const fresh = async () => {
  vi.resetModules();
  return import('./declared.ts');
};
const fake = (id: string, family: string): Algorithm =>
  ({
    id,
    vocabulary: { families: { [`${id.toUpperCase()}_MSG`]: family }, chatter: [] },
  }) as unknown as Algorithm;

describe('declared algorithms (what the views read)', () => {
  it('starts empty, names what it has when asked for another, and takes more later', async () => {
    const d = await fresh();
    expect(d.declarationOf('bully')).toBeNull();
    d.declare([fake('bully', 'election')]);
    expect(d.algorithmFor('bully').id).toBe('bully');
    expect(() => d.algorithmFor('lease')).toThrow('unknown algorithm "lease" (known: bully)');
    const v = d.declaredVersion();
    d.declare([fake('lease', 'store'), fake('bully', 'election')]);
    expect(d.declaredVersion()).toBeGreaterThan(v);
    // The last declaration's order: the registry's, once it has declared them all.
    expect(d.declaredAlgorithms().map((a) => a.id)).toEqual(['lease', 'bully']);
  });

  it("the message glyphs' vocabulary follows the declarations as they come", async () => {
    const d = await fresh();
    const glyphs = await import('../../views/d3/glyphs.ts');
    d.declare([fake('bully', 'election')]);
    expect(glyphs.messageFamily('BULLY_MSG')).toBe('election');
    expect(glyphs.messageFamily('LEASE_MSG')).toBe('data');
    d.declare([fake('lease', 'store')]);
    expect(glyphs.messageFamily('LEASE_MSG')).toBe('store');
  });

  it('importing the registry declares every algorithm', async () => {
    const d = await fresh();
    const registry = await import('./registry.ts');
    expect(d.declaredAlgorithms().map((a) => a.id)).toEqual(registry.algorithmIds);
  });
});
