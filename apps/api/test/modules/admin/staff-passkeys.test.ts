import { ADMIN_SESSION_COOKIE, ErrorCode, type TAdminMe, type TPasskey } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { newIp, signUp } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';
import { SoftAuthenticator } from '../../support/webauthn-authenticator';
import { body } from '../orders/support';
import { newStaff } from './support';

// Staff passkeys with real WebAuthn responses from a software authenticator: a member adds one
// from their session and later signs in with it instead of password and code; a used challenge,
// a customer's passkey, a locked member and a reset member are refused; 20 sign-ins with one
// assertion open one session; every step is audited. SQLite and PostgreSQL.

const ORIGIN = 'https://www.llk.test';
const RP_ID = 'llk.test';

describe.each(testDialects())('staff passkeys ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect, { env: { PUBLIC_ORIGIN: ORIGIN, WEB_ORIGIN: ORIGIN, WEBAUTHN_RP_ID: RP_ID } });
  const db = () => ctx.database.db;
  const call = (
    method: 'GET' | 'POST',
    url: string,
    options: { cookies?: Record<string, string>; payload?: unknown; token?: string; ip?: string } = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: options.ip ?? newIp(),
      headers: { origin: ORIGIN, 'accept-language': 'en', ...(options.token ? { authorization: options.token } : {}) },
      ...(options.cookies ? { cookies: options.cookies } : {}),
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });

  async function memberWithPasskey(role: 'SUPPORT' | 'OWNER' = 'SUPPORT') {
    const staff = await newStaff(db(), role);
    const authenticator = new SoftAuthenticator(RP_ID, ORIGIN);
    const options = body<{ options: { challenge: string; user: { id: string } } }>(
      await call('POST', '/admin/me/passkeys/registerOptions', { cookies: staff.cookies }),
    ).data.options;
    const added = await call('POST', '/admin/me/passkeys/register', {
      cookies: staff.cookies,
      payload: { name: 'YubiKey 5C', response: authenticator.register(options) },
    });
    expect(added.statusCode, added.body).toBe(200);
    return { staff, authenticator, passkey: body<TPasskey>(added).data };
  }
  const loginOptions = async () =>
    body<{ options: { challenge: string } }>(await call('POST', '/admin/login/passkey/options')).data.options;

  it('adds a passkey from a session and signs in with it alone, audited', async () => {
    const { staff, authenticator, passkey } = await memberWithPasskey();
    expect(passkey).toMatchObject({ name: 'YubiKey 5C', lastUsedAt: null });
    const listed = body<{ passkeys: TPasskey[] }>(await call('GET', '/admin/me/passkeys', { cookies: staff.cookies })).data.passkeys;
    expect(listed.map((item) => item.id)).toEqual([passkey.id]);

    const signedIn = await call('POST', '/admin/login/passkey', { payload: { response: authenticator.assert(await loginOptions()) } });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(body<TAdminMe>(signedIn).data).toMatchObject({ id: staff.id, role: 'SUPPORT' });
    const cookie = signedIn.cookies.find((item) => item.name === ADMIN_SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ path: '/admin', httpOnly: true, sameSite: 'Strict' });
    const me = await call('GET', '/admin/me', { cookies: { [ADMIN_SESSION_COOKIE]: cookie.value } });
    expect(body<TAdminMe>(me).data.id).toBe(staff.id);
    const session = await db()
      .selectFrom('staff_sessions')
      .select('second_factor')
      .where('staff_id', '=', staff.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.second_factor).toBe('PASSKEY');
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'after_json'])
      .where('staff_id', '=', staff.id)
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['staff.passkey.add', 'staff.login']);
    expect(JSON.parse(audit[1]!.after_json!)).toEqual({ method: 'passkey', passkey: passkey.id });
  });

  it('takes each challenge once: 20 sign-ins with one assertion open one session', async () => {
    const { staff, authenticator } = await memberWithPasskey();
    const response = authenticator.assert(await loginOptions());
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/admin/login/passkey', { payload: { response } })));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(new Set(answers.filter((res) => res.statusCode !== 200).map((res) => body(res).errcode))).toEqual(
      new Set([ErrorCode.PASSKEY_CHALLENGE_INVALID]),
    );
    const sessions = await db()
      .selectFrom('staff_sessions')
      .select('id')
      .where('staff_id', '=', staff.id)
      .where('second_factor', '=', 'PASSKEY')
      .execute();
    expect(sessions).toHaveLength(1);
  });

  it('refuses a customer’s passkey, a locked member and a reset member; removes only one’s own keys', async () => {
    // a customer's passkey for the same site is not a staff key
    const customer = await signUp(ctx.app);
    const customerKey = new SoftAuthenticator(RP_ID, ORIGIN);
    const customerOptions = body<{ options: { challenge: string; user: { id: string } } }>(
      await call('POST', '/user/passkeys/registerOptions', { token: customer.token }),
    ).data.options;
    expect(
      (
        await call('POST', '/user/passkeys/register', {
          token: customer.token,
          payload: { name: 'Phone', response: customerKey.register(customerOptions) },
        })
      ).statusCode,
    ).toBe(200);
    const stranger = await call('POST', '/admin/login/passkey', { payload: { response: customerKey.assert(await loginOptions()) } });
    expect([stranger.statusCode, body(stranger).errcode]).toEqual([400, ErrorCode.STAFF_LOGIN_INVALID]);

    const { staff, authenticator, passkey } = await memberWithPasskey();
    const owner = await newStaff(db(), 'OWNER');
    expect(
      (await call('POST', `/admin/staff/${staff.id}/lock`, { cookies: owner.cookies, payload: { reason: 'left the company' } })).statusCode,
    ).toBe(200);
    const locked = await call('POST', '/admin/login/passkey', { payload: { response: authenticator.assert(await loginOptions()) } });
    expect(body(locked).errcode).toBe(ErrorCode.STAFF_LOGIN_INVALID);

    // someone else's key is "not found"; the reset removes the member's keys
    const other = await newStaff(db(), 'FINANCE');
    const foreign = await call('POST', '/admin/me/passkeys/remove', { cookies: other.cookies, payload: { id: passkey.id } });
    expect(body(foreign).errcode).toBe(ErrorCode.PASSKEY_NOT_FOUND);
    expect(
      (await call('POST', `/admin/staff/${staff.id}/unlock`, { cookies: owner.cookies, payload: { reason: 'came back' } })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/admin/staff/${staff.id}/reset-totp`, { cookies: owner.cookies, payload: { reason: 'lost the laptop' } }))
        .statusCode,
    ).toBe(200);
    expect(await db().selectFrom('staff_passkeys').select('id').where('staff_id', '=', staff.id).execute()).toEqual([]);
    const reset = await call('POST', '/admin/login/passkey', { payload: { response: authenticator.assert(await loginOptions()) } });
    expect(body(reset).errcode).toBe(ErrorCode.STAFF_LOGIN_INVALID);
  });

  it('removes a key of one’s own, audited; a challenge of another member does not register', async () => {
    const { staff, passkey } = await memberWithPasskey();
    const removed = await call('POST', '/admin/me/passkeys/remove', { cookies: staff.cookies, payload: { id: passkey.id } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(body<{ passkeys: TPasskey[] }>(await call('GET', '/admin/me/passkeys', { cookies: staff.cookies })).data.passkeys).toEqual([]);
    const audit = await db().selectFrom('audit_log').select('action').where('staff_id', '=', staff.id).orderBy('id').execute();
    expect(audit.map((entry) => entry.action)).toEqual(['staff.passkey.add', 'staff.passkey.remove']);

    const other = await newStaff(db(), 'CONTENT');
    const options = body<{ options: { challenge: string; user: { id: string } } }>(
      await call('POST', '/admin/me/passkeys/registerOptions', { cookies: staff.cookies }),
    ).data.options;
    const stolen = await call('POST', '/admin/me/passkeys/register', {
      cookies: other.cookies,
      payload: { name: 'Not mine', response: new SoftAuthenticator(RP_ID, ORIGIN).register(options) },
    });
    expect(body(stolen).errcode).toBe(ErrorCode.PASSKEY_CHALLENGE_INVALID);
  });
});
