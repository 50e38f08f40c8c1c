import { type TAdminUsersPage } from '@llk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../../src/composition/app';
import { newId, toDbDate } from '../../../src/infrastructure/db/dialect';
import { migrateToLatest } from '../../../src/infrastructure/db/migrate';
import { migrations } from '../../../src/infrastructure/db/migrations';
import { newIp, outboxCode } from '../../accounts';
import { buildTestApp, createTestDatabase, testDialects, type TestDatabase } from '../../helper';
import { newStaff } from '../admin/support';

// Migration 0039 (ADR 0027): the mainland numbers stored as 11 digits before foreign numbers were accepted become
// +86…, what users see is unchanged, they log in with the number in any form, and the back
// office finds them however the number is typed.

interface Envelope<T = Record<string, unknown>> {
  errcode: number;
  errmsg: string;
  data: T;
}
const body = <T = Record<string, unknown>>(res: { json(): unknown }) => res.json() as Envelope<T>;

describe.each(testDialects())('phones on a database from before 0039 ($dialect)', ({ dialect }) => {
  let test: TestDatabase;
  let app: App;
  const now = toDbDate(new Date());
  const rows = {
    legacy: { id: newId(), username: 'legacy_mainland', mobile: '13912340039' },
    typedWithPlus: { id: newId(), username: 'legacy_plus', mobile: '+8613912340040' },
    // the same number stored both ways by two accounts (before they were one number)
    twinBare: { id: newId(), username: 'legacy_twin_bare', mobile: '13912340041' },
    twinPlus: { id: newId(), username: 'legacy_twin_plus', mobile: '+8613912340041' },
    foreign: { id: newId(), username: 'legacy_hongkong', mobile: '+85261234567' },
    none: { id: newId(), username: 'legacy_email_only', mobile: null },
  };

  beforeAll(async () => {
    test = await createTestDatabase(dialect, { migrate: false });
    await migrateToLatest(test.handle);
    // back to the rule before 0039, then the rows as they were stored
    await migrations['0039-phone-e164']!.down!(test.handle.db);
    for (const row of Object.values(rows)) {
      await test.handle.db
        .insertInto('users')
        .values({
          id: row.id,
          username: row.username,
          username_norm: row.username,
          mobile: row.mobile,
          email: `${row.username}@example.com`,
          nickname: row.username,
          password_hash: 'x',
          password_changed_at: now,
          member_expires_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await migrations['0039-phone-e164']!.up(test.handle.db);
    app = await buildTestApp(test.handle);
  });
  afterAll(async () => {
    await app.close();
    await test.cleanup();
  });

  const mobileOf = async (id: string) =>
    await test.handle.db.selectFrom('users').select(['mobile', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();

  it('prefixes stored mainland numbers with +86 and leaves E.164 numbers, missing ones and a taken +86 form alone', async () => {
    expect(await mobileOf(rows.legacy.id)).toEqual({ mobile: '+8613912340039', updated_at: now });
    expect((await mobileOf(rows.typedWithPlus.id)).mobile).toBe('+8613912340040');
    expect((await mobileOf(rows.twinBare.id)).mobile).toBe('13912340041');
    expect((await mobileOf(rows.twinPlus.id)).mobile).toBe('+8613912340041');
    expect((await mobileOf(rows.foreign.id)).mobile).toBe('+85261234567');
    expect((await mobileOf(rows.none.id)).mobile).toBeNull();
  });

  it('a migrated account is found by its number in any form: taken at sign-up, code log-in with the 11 digits, shown as before', async () => {
    for (const mobile of ['13912340039', '+86 139 1234 0039', '0086 13912340039']) {
      const res = await app.inject({ method: 'POST', url: '/sms', payload: { mobile, smsType: 'SIGNUP' }, remoteAddress: newIp() });
      expect(body(res).errcode, mobile).toBe(10003);
    }
    const sent = await app.inject({
      method: 'POST',
      url: '/sms',
      payload: { mobile: '13912340039', smsType: 'LOGIN' },
      remoteAddress: newIp(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(body<{ target: string }>(sent).data.target).toBe('139****0039');
    const login = await app.inject({
      method: 'POST',
      url: '/h5Login',
      payload: { loginType: 'mobile', mobile: '13912340039', code: await outboxCode(app, '13912340039') },
      remoteAddress: newIp(),
    });
    expect(login.statusCode, login.body).toBe(200);
    const info = await app.inject({
      url: '/user/info',
      headers: { authorization: body<{ access_token: string }>(login).data.access_token },
    });
    expect(body<{ mobile: string; username: string }>(info).data).toMatchObject({ username: rows.legacy.username, mobile: '139****0039' });
  });

  it('the back office finds it typed in any form, partly too, and shows the number as staff saw it', async () => {
    const staff = await newStaff(test.handle.db, 'SUPPORT');
    const search = async (q: string) => {
      const res = await app.inject({
        url: `/admin/users?q=${encodeURIComponent(q)}`,
        cookies: staff.cookies,
        headers: { 'accept-language': 'en' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return body<TAdminUsersPage>(res).data.items;
    };
    for (const q of ['13912340039', '+86 139 1234 0039', '0086-139-1234-0039', '+8613912340039']) {
      expect(
        (await search(q)).map((item) => item.id),
        q,
      ).toEqual([rows.legacy.id]);
    }
    // a partial number: the start of its +86 form
    expect((await search('139123400')).map((item) => item.id).sort()).toEqual(
      [rows.legacy.id, rows.typedWithPlus.id, rows.twinPlus.id].sort(),
    );
    expect((await search('+852 6123')).map((item) => item.id)).toEqual([rows.foreign.id]);
    expect((await search('8526123')).map((item) => item.id)).toEqual([rows.foreign.id]);
    const [legacy] = await search('13912340039');
    expect(legacy?.mobile).toBe('13912340039');
    const [foreign] = await search('+85261234567');
    expect(foreign?.mobile).toBe('+852 6123 4567');
  });

  it('goes back down to the 11 digits, leaving a number whose 11 digits another row holds', async () => {
    const copy = await createTestDatabase(dialect);
    try {
      await copy.handle.db
        .insertInto('users')
        .values(
          [
            ['a', '+8613912340050'],
            ['b', '+8613912340051'],
            ['c', '13912340051'],
            ['d', '+34612345678'],
          ].map(([name, mobile]) => ({
            id: newId(),
            username: `down_${name}`,
            username_norm: `down_${name}`,
            mobile: mobile!,
            email: null,
            nickname: 'n',
            password_hash: 'x',
            password_changed_at: now,
            member_expires_at: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await migrations['0039-phone-e164']!.down!(copy.handle.db);
      const after = await copy.handle.db.selectFrom('users').select(['username', 'mobile']).orderBy('username').execute();
      expect(after).toEqual([
        { username: 'down_a', mobile: '13912340050' },
        { username: 'down_b', mobile: '+8613912340051' },
        { username: 'down_c', mobile: '13912340051' },
        { username: 'down_d', mobile: '+34612345678' },
      ]);
    } finally {
      await copy.cleanup();
    }
  });
});
