import { describe, expect, it } from 'vitest';
import { arrowLabel } from './arrows.ts';

describe('key arrows of the sequence diagram', () => {
  it('labels a refusal with its code and reason, and leaves other arrows unlabelled', () => {
    expect(
      arrowLabel({ type: 'WRITE_REJECTED', data: { token: 42, code: 409, reason: 'STALE TOKEN', seen: 43 } }),
    ).toBe('409 STALE TOKEN');
    expect(arrowLabel({ type: 'WRITE_REJECTED' })).toBe('WRITE REJECTED');
    expect(arrowLabel({ type: 'WRITE', data: { token: 42 } })).toBeNull();
    expect(arrowLabel({ type: 'KEEPALIVE' })).toBeNull();
  });
});
