import { describe, expect, it } from 'vitest';
import { formatTime } from './format.ts';

describe('formatTime', () => {
  it('uses ms for short runs, seconds for longer, m:ss.s for long ones', () => {
    expect(formatTime(1234.4, 3000)).toBe('1234 ms');
    expect(formatTime(12_345, 90_000)).toBe('12.3 s');
    expect(formatTime(0, 90_000)).toBe('0.0 s');
    expect(formatTime(125_400, 300_000)).toBe('2:05.4');
    expect(formatTime(61_000, 300_000)).toBe('1:01.0');
    expect(formatTime(-5, 300_000)).toBe('0:00.0');
  });
});
