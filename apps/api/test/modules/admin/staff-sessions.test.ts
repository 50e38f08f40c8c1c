import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStaff } from '../../../src/modules/admin/staff.service';
import { createStaffSession, endStaffSession, findLiveStaffSession } from '../../../src/modules/admin/staff-sessions.service';
import { sha256Hex } from '../../../src/infrastructure/secrets';
import { createTestDatabase, testDialects, type TestDatabase } from '../../helper';

const T0 = new Date('2026-11-24T08:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const MIN = 60_000;

describe.each(testDialects())('staff sessions on $dialect', ({ dialect }) => {
  let test: TestDatabase;
  let staffId: string;
  beforeEach(async () => {
    test = await createTestDatabase(dialect);
    staffId = (await createStaff(test.handle.db, { username: 'carol', role: 'FINANCE', createdBy: null }, T0)).id;
    // what the set-up step will do: a password and a TOTP secret
    await test.handle.db
      .updateTable('staff')
      .set({ password_hash: 'x', totp_secret: 'y', setup_token_hash: null })
      .where('id', '=', staffId)
      .execute();
  });
  afterEach(async () => {
    await test.cleanup();
  });

  it('stores only the token hash and ends after 12 hours even when used every 29 minutes', async () => {
    const { token, expiresAt } = await createStaffSession(test.handle.db, { staffId, secondFactor: 'TOTP' }, T0);
    expect(expiresAt.toISOString()).toBe('2026-11-24T20:00:00.000Z');
    const row = await test.handle.db.selectFrom('staff_sessions').selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256Hex(token));
    expect(row.second_factor).toBe('TOTP');
    let t = 0;
    while (t + 29 * MIN < 12 * 60 * MIN) {
      t += 29 * MIN;
      expect(await findLiveStaffSession(test.handle.db, token, at(t))).toMatchObject({ staffId, username: 'carol', role: 'FINANCE' });
    }
    expect(await findLiveStaffSession(test.handle.db, token, at(12 * 60 * MIN))).toBeNull();
  });

  it('ends after 30 idle minutes', async () => {
    const { token } = await createStaffSession(test.handle.db, { staffId, secondFactor: 'TOTP' }, T0);
    expect(await findLiveStaffSession(test.handle.db, token, at(29 * MIN + 59_000))).not.toBeNull();
    expect(await findLiveStaffSession(test.handle.db, token, at(29 * MIN + 59_000 + 30 * MIN))).toBeNull();
  });

  it('refuses a revoked session, a locked member and a malformed or unknown token', async () => {
    const { token } = await createStaffSession(test.handle.db, { staffId, secondFactor: 'TOTP' }, T0);
    const live = await findLiveStaffSession(test.handle.db, token, at(MIN));
    expect(live).not.toBeNull();
    expect(await findLiveStaffSession(test.handle.db, 'not-a-token', at(MIN))).toBeNull();
    expect(await findLiveStaffSession(test.handle.db, 'A'.repeat(43), at(MIN))).toBeNull();

    await test.handle.db
      .updateTable('staff')
      .set({ locked_at: at(2 * MIN).toISOString() })
      .where('id', '=', staffId)
      .execute();
    expect(await findLiveStaffSession(test.handle.db, token, at(3 * MIN))).toBeNull();
    await test.handle.db.updateTable('staff').set({ locked_at: null }).where('id', '=', staffId).execute();
    expect(await findLiveStaffSession(test.handle.db, token, at(4 * MIN))).not.toBeNull();

    await endStaffSession(test.handle.db, live!.sessionId, at(5 * MIN));
    expect(await findLiveStaffSession(test.handle.db, token, at(6 * MIN))).toBeNull();
  });

  it('gives no session to a member who has not finished the set-up', async () => {
    const dave = await createStaff(test.handle.db, { username: 'dave', role: 'OPS', createdBy: null }, T0);
    const { token } = await createStaffSession(test.handle.db, { staffId: dave.id, secondFactor: 'TOTP' }, T0);
    expect(await findLiveStaffSession(test.handle.db, token, at(MIN))).toBeNull();
  });
});
