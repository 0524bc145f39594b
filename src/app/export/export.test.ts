import { describe, expect, it } from 'vitest';
import {
  frameFileName,
  mermaidFileName,
  plainColor,
  pngSize,
  presentationAttrs,
  secondsText,
  shortHash,
  slug,
  traceFileName,
  transformText,
  wrapText,
} from './export.ts';

describe('export file names', () => {
  it('names a frame by scenario and whole virtual ms', () => {
    expect(frameFileName('fencing-token', 1234.6, 'svg')).toBe('fencing-token-1235ms.svg');
    expect(frameFileName('bully', 0, 'png')).toBe('bully-0ms.png');
    expect(frameFileName('bully', -3, 'png')).toBe('bully-0ms.png');
  });
  it('names a trace and a Mermaid file by scenario, algorithm, seed and a hash of the inputs', () => {
    const run = (inputs: unknown) => ({ scenario: 'sandbox', algorithm: 'bully', seed: 1, inputs });
    const a = traceFileName(run({ params: { heartbeatMs: 300 }, nodes: 5, interventions: [] }));
    const b = traceFileName(run({ params: { heartbeatMs: 300 }, nodes: 7, interventions: [] }));
    expect(a).toMatch(/^sandbox-bully-seed1-[0-9a-f]{6}\.trace\.json$/);
    // Two sandbox runs that differ in their inputs no longer share one name.
    expect(b).not.toBe(a);
    expect(traceFileName(run({ params: { heartbeatMs: 300 }, nodes: 5, interventions: [] }))).toBe(a);
    expect(mermaidFileName({ scenario: 'patroni', algorithm: 'patroni', seed: 7, inputs: {} })).toBe(
      `patroni-patroni-seed7-${shortHash({})}.mmd`,
    );
  });
  it('keeps names file-system safe', () => {
    expect(slug('../Evil Name/..')).toBe('evil-name');
    expect(slug('')).toBe('run');
    expect(frameFileName('a b', 1, 'svg')).toBe('a-b-1ms.svg');
  });
});

describe('standalone SVG styles', () => {
  it('turns color(srgb ...) into rgb()/rgba() and passes other values through', () => {
    expect(plainColor('color(srgb 1 0.5 0)')).toBe('rgb(255, 128, 0)');
    expect(plainColor('color(srgb 0 0 1 / 0.25)')).toBe('rgba(0, 0, 255, 0.25)');
    expect(plainColor('color(srgb 0 0 1 / 50%)')).toBe('rgba(0, 0, 255, 0.5)');
    expect(plainColor('rgb(1, 2, 3)')).toBe('rgb(1, 2, 3)');
    expect(plainColor('none')).toBe('none');
  });
  it('writes computed values, leaving out initial ones', () => {
    const computed: Record<string, string> = {
      fill: 'color(srgb 1 1 1)',
      stroke: 'rgb(0, 0, 0)',
      'stroke-width': '2.5px',
      'stroke-dasharray': 'none',
      opacity: '1',
      'font-size': '13px',
      display: 'inline',
    };
    expect(presentationAttrs((p) => computed[p] ?? '')).toEqual([
      ['fill', 'rgb(255, 255, 255)'],
      ['stroke', 'rgb(0, 0, 0)'],
      ['stroke-width', '2.5px'],
      ['font-size', '13px'],
    ]);
    expect(presentationAttrs((p) => (p === 'display' ? 'none' : ''))).toEqual([['display', 'none']]);
    expect(presentationAttrs((p) => (p === 'text-transform' ? 'uppercase' : ''))).toEqual([]);
  });
  it('applies text-transform to the text', () => {
    expect(transformText('Partition', 'uppercase')).toBe('PARTITION');
    expect(transformText('Partition', 'none')).toBe('Partition');
  });
});

describe('caption lines', () => {
  it('wraps at spaces within the width', () => {
    expect(wrapText('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(wrapText('  ', 10)).toEqual([]);
    expect(wrapText('averyveryverylongword x', 5)).toEqual(['averyveryverylongword', 'x']);
  });
  it('says the time in seconds', () => {
    expect(secondsText(1250)).toBe('1.25 s');
  });
});

describe('pngSize', () => {
  it('reads width and height from the IHDR chunk', () => {
    const b = new Uint8Array(24);
    b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(b.buffer).setUint32(16, 1600);
    new DataView(b.buffer).setUint32(20, 900);
    expect(pngSize(b)).toEqual({ width: 1600, height: 900 });
    expect(pngSize(new Uint8Array(10))).toBeNull();
  });
});
