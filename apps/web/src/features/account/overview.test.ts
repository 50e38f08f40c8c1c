import { describe, expect, it } from 'vitest';
import { memberState, termState } from './overview';

describe('overview terms', () => {
  const now = new Date('2026-03-01T00:00:00.000Z');
  it('is active while the end lies ahead, ended after it, none without one', () => {
    expect(termState('2026-03-01T00:00:00.001Z', now)).toEqual({ kind: 'active', until: '2026-03-01T00:00:00.001Z' });
    expect(termState('2026-03-01T00:00:00.000Z', now)).toEqual({ kind: 'ended', on: '2026-03-01T00:00:00.000Z' });
    expect(termState(null, now)).toEqual({ kind: 'none' });
  });
  it('takes the membership as the API decided it', () => {
    expect(memberState({ plan: 'PRO', expiresAt: '2027-01-01T00:00:00.000Z', active: true })).toEqual({
      kind: 'active',
      until: '2027-01-01T00:00:00.000Z',
    });
    expect(memberState({ plan: 'FREE', expiresAt: '2026-01-01T00:00:00.000Z', active: false })).toEqual({
      kind: 'ended',
      on: '2026-01-01T00:00:00.000Z',
    });
    expect(memberState({ plan: 'FREE', expiresAt: null, active: false })).toEqual({ kind: 'none' });
  });
});
