import { describe, expect, it } from 'vitest';
import { SEAT_TRANSITIONS, seatStateOf, seatTransition } from '../../../src/modules/seats/seat-life-cycle';

describe('the seat life cycle', () => {
  it('is this table: every change of a seat, from which state, to which, and who may cause it', () => {
    expect(SEAT_TRANSITIONS).toEqual([
      { change: 'create', from: null, to: 'FREE', by: ['SYSTEM'] },
      { change: 'assign', from: 'FREE', to: 'HELD', by: ['USER'] },
      { change: 'assign', from: 'HELD', to: 'HELD', by: ['USER'] },
      { change: 'unassign', from: 'HELD', to: 'FREE', by: ['USER'] },
      { change: 'unassign', from: 'FREE', to: 'FREE', by: ['USER'] },
      { change: 'unassign', from: 'EXPIRED', to: 'EXPIRED', by: ['USER'] },
      { change: 'unassign', from: 'REVOKED', to: 'REVOKED', by: ['USER'] },
      { change: 'expire', from: 'FREE', to: 'EXPIRED', by: ['SYSTEM'] },
      { change: 'expire', from: 'HELD', to: 'EXPIRED', by: ['SYSTEM'] },
      { change: 'revoke', from: 'FREE', to: 'REVOKED', by: ['USER', 'STAFF', 'SYSTEM'] },
      { change: 'revoke', from: 'HELD', to: 'REVOKED', by: ['USER', 'STAFF', 'SYSTEM'] },
      { change: 'revoke', from: 'EXPIRED', to: 'REVOKED', by: ['USER', 'STAFF', 'SYSTEM'] },
    ]);
  });

  it("reads a seat's state from its row", () => {
    const now = new Date('2026-12-01T00:00:00.000Z');
    const seat = { revoked_at: null, expires_at: '2026-12-31T00:00:00.000Z', assignee_user_id: null, assignee_device_id: null };
    expect(seatStateOf(seat, now)).toBe('FREE');
    expect(seatStateOf({ ...seat, assignee_device_id: 'd1' }, now)).toBe('HELD');
    expect(seatStateOf({ ...seat, assignee_user_id: 'u1' }, now)).toBe('HELD');
    expect(seatStateOf({ ...seat, expires_at: '2026-11-30T00:00:00.000Z', assignee_user_id: 'u1' }, now)).toBe('EXPIRED');
    expect(seatStateOf({ ...seat, revoked_at: '2026-11-01T00:00:00.000Z' }, now)).toBe('REVOKED');
  });

  it('has no assignment of a seat that is over or refunded, and none by the back office', () => {
    expect(seatTransition('assign', 'EXPIRED', 'USER')).toBeUndefined();
    expect(seatTransition('assign', 'REVOKED', 'USER')).toBeUndefined();
    expect(seatTransition('assign', 'FREE', 'STAFF')).toBeUndefined();
    expect(seatTransition('revoke', 'REVOKED', 'SYSTEM')).toBeUndefined();
  });
});
