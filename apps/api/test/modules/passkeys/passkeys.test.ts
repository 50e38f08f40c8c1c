import { ErrorCode, type TPasskey } from '@llk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../../src/composition/app';
import { ConfigError, loadConfig } from '../../../src/composition/config';
import { MemoryKeyValueStore, type KeyValueStore } from '../../../src/infrastructure/kv';
import { deletePasskeysOfUser } from '../../../src/modules/passkeys';
import { eraseAccount } from '../../../src/flows/account-erasure';
import { enableTotp } from '../auth/support';
import { codeFor } from '../profile/support';
import { findPasskeyByCredentialId } from '../../../src/modules/passkeys/passkeys.repository';
import { kvCases, newIp, signUp } from '../../accounts';
import { buildTestApp, createTestDatabase, PRODUCTION_ENV, testDialects, type TestDatabase } from '../../helper';
import { SoftAuthenticator } from '../../support/webauthn-authenticator';

// Passkeys: registration and usernameless log-in with real WebAuthn responses from a
// software authenticator (test/support/webauthn-authenticator.ts), through two API instances
// that share the database and the key-value store (Redis when TEST_REDIS_URL is set), so a
// challenge issued by one instance is honoured, once, by the other. SQLite and PostgreSQL.

const ORIGIN = 'https://www.llk.test';
const RP_ID = 'llk.test';
const ENV = { PUBLIC_ORIGIN: ORIGIN, WEBAUTHN_RP_ID: RP_ID };

interface Envelope<T = Record<string, unknown>> {
  errcode: number;
  errmsg: string;
  data: T;
}
const body = <T = Record<string, unknown>>(res: { json(): unknown }) => res.json() as Envelope<T>;

const kvCase = kvCases().at(-1);

describe.each(testDialects())('passkeys ($dialect)', ({ dialect }) => {
  let db: TestDatabase;
  let kv: KeyValueStore;
  let a: App;
  let b: App;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    kv = kvCase ? kvCase.create() : new MemoryKeyValueStore();
    a = await buildTestApp(db.handle, { env: ENV, deps: { kv } });
    b = await buildTestApp(db.handle, { env: ENV, deps: { kv } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await kv?.close();
    await db?.cleanup();
  });

  const post = (app: App, url: string, payload?: unknown, token?: string, language = 'en') =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'accept-language': language, ...(token ? { authorization: token } : {}) },
      remoteAddress: newIp(),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function registerOptions(token: string) {
    const res = await post(a, '/user/passkeys/registerOptions', undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    return body<{ options: { challenge: string; user: { id: string }; rp: { id: string }; excludeCredentials: { id: string }[] } }>(res)
      .data.options;
  }

  async function loginOptions() {
    const res = await post(a, '/passkeyLogin/options');
    expect(res.statusCode, res.body).toBe(200);
    return body<{ options: { challenge: string; rpId: string; userVerification: string } }>(res).data.options;
  }

  /** A new account with one registered passkey (registered through instance b). */
  async function userWithPasskey(name = 'MacBook Touch ID') {
    const user = await signUp(a);
    const authenticator = new SoftAuthenticator(RP_ID, ORIGIN);
    const res = await post(
      b,
      '/user/passkeys/register',
      { name, response: authenticator.register(await registerOptions(user.token)) },
      user.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    return { user, authenticator, passkey: body<TPasskey>(res).data };
  }

  async function list(token: string): Promise<TPasskey[]> {
    const res = await a.inject({ url: '/user/passkeys', headers: { authorization: token } });
    expect(res.statusCode, res.body).toBe(200);
    return body<{ passkeys: TPasskey[] }>(res).data.passkeys;
  }

  it('registers several named passkeys per account and lists them with their device type', async () => {
    const { user, authenticator, passkey } = await userWithPasskey('MacBook Touch ID');
    expect(passkey).toMatchObject({ name: 'MacBook Touch ID', lastUsedAt: null, deviceType: 'multiDevice', backedUp: true });

    const options = await registerOptions(user.token);
    expect(options.rp.id).toBe(RP_ID);
    // The authenticator already registered is excluded, so it is not added twice.
    expect(options.excludeCredentials.map((c) => c.id)).toEqual([authenticator.id]);
    const key = new SoftAuthenticator(RP_ID, ORIGIN, false);
    const second = await post(a, '/user/passkeys/register', { name: '  YubiKey 5  ', response: key.register(options) }, user.token);
    expect(second.statusCode, second.body).toBe(200);

    const passkeys = await list(user.token);
    expect(passkeys.map((p) => [p.name, p.deviceType, p.backedUp])).toEqual([
      ['MacBook Touch ID', 'multiDevice', true],
      ['YubiKey 5', 'singleDevice', false],
    ]);
    // Another account sees none of them.
    expect(await list((await signUp(a)).token)).toEqual([]);
  });

  it('logs in without a username and answers like /h5Login: token, cookie, a live session', async () => {
    const { user, authenticator } = await userWithPasskey();
    const options = await loginOptions();
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'required' });

    const res = await post(b, '/passkeyLogin/verify', { response: authenticator.assert(options) });
    expect(res.statusCode, res.body).toBe(200);
    const answer = body<{ access_token: string }>(res);
    expect(answer.errmsg).toBe('Logged in successfully');
    expect(answer.data).toEqual({ access_token: expect.any(String), cancellation: null });
    expect(res.cookies.find((c) => c.name === 'llk_session')?.value).toBe(answer.data.access_token);
    const info = await a.inject({ url: '/user/info', headers: { authorization: answer.data.access_token } });
    expect(info.statusCode).toBe(200);
    expect(body<{ username: string }>(info).data.username).toBe(user.username);
    const [used] = await list(user.token);
    expect(used?.lastUsedAt).not.toBeNull();
  });

  it('a passkey log-in of a cancelled account says when it will be erased', async () => {
    const { user, authenticator } = await userWithPasskey();
    const code = await codeFor(a, { channel: 'SMS', smsType: 'CANCEL_ACCOUNT' }, user.token, user.mobile);
    const cancelled = await post(a, '/user/cancel', { channel: 'SMS', code }, user.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const { requestedAt, eraseAt } = body<{ requestedAt: string; eraseAt: string }>(cancelled).data;
    expect(Date.parse(eraseAt) - Date.parse(requestedAt)).toBe(15 * 24 * 3_600_000);

    const res = await post(b, '/passkeyLogin/verify', { response: authenticator.assert(await loginOptions()) });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toEqual({ access_token: expect.any(String), cancellation: { requestedAt, eraseAt } });
  });

  it('refuses a registration from another origin or for another RP id', async () => {
    const user = await signUp(a);
    const authenticator = new SoftAuthenticator(RP_ID, ORIGIN);
    const wrongOrigin = await post(
      a,
      '/user/passkeys/register',
      { name: 'x', response: authenticator.register(await registerOptions(user.token), { origin: 'https://evil.example' }) },
      user.token,
    );
    expect(body(wrongOrigin).errcode).toBe(ErrorCode.PASSKEY_VERIFICATION_FAILED);
    const wrongRp = await post(
      a,
      '/user/passkeys/register',
      { name: 'x', response: authenticator.register(await registerOptions(user.token), { rpId: 'evil.example' }) },
      user.token,
    );
    expect(body(wrongRp).errcode).toBe(ErrorCode.PASSKEY_VERIFICATION_FAILED);
    const unverified = await post(
      a,
      '/user/passkeys/register',
      { name: 'x', response: authenticator.register(await registerOptions(user.token), { userVerified: false }) },
      user.token,
    );
    expect(body(unverified).errcode).toBe(ErrorCode.PASSKEY_VERIFICATION_FAILED);
    expect(await list(user.token)).toEqual([]);
  });

  it('refuses a log-in from another origin, for another RP id or without user verification', async () => {
    const { authenticator } = await userWithPasskey();
    for (const options of [{ origin: 'https://www.llk.test.evil.example' }, { rpId: 'evil.example' }, { userVerified: false }]) {
      const res = await post(a, '/passkeyLogin/verify', { response: authenticator.assert(await loginOptions(), options) });
      expect(res.statusCode, JSON.stringify(options)).toBe(400);
      expect(body(res).errcode).toBe(ErrorCode.PASSKEY_VERIFICATION_FAILED);
    }
  });

  it('refuses a challenge it never issued, and a registration challenge of another account', async () => {
    const { authenticator } = await userWithPasskey();
    const forged = await post(a, '/passkeyLogin/verify', { response: authenticator.assert({ challenge: 'bm90LWlzc3VlZC1ieS11cw' }) });
    expect(forged.statusCode).toBe(400);
    expect(body(forged).errcode).toBe(ErrorCode.PASSKEY_CHALLENGE_INVALID);

    // A log-in challenge does not register, and Bob cannot finish Alice's registration.
    const alice = await signUp(a);
    const bob = await signUp(a);
    const asLogin = await post(
      a,
      '/user/passkeys/register',
      { name: 'x', response: new SoftAuthenticator(RP_ID, ORIGIN).register({ ...(await loginOptions()), user: { id: 'eA' } }) },
      bob.token,
    );
    expect(body(asLogin).errcode).toBe(ErrorCode.PASSKEY_CHALLENGE_INVALID);
    const stolen = await post(
      a,
      '/user/passkeys/register',
      { name: 'x', response: new SoftAuthenticator(RP_ID, ORIGIN).register(await registerOptions(alice.token)) },
      bob.token,
    );
    expect(body(stolen).errcode).toBe(ErrorCode.PASSKEY_CHALLENGE_INVALID);
    expect(await list(bob.token)).toEqual([]);
  });

  it('uses a challenge once: a replayed assertion or registration is refused', async () => {
    const { authenticator } = await userWithPasskey();
    const assertion = authenticator.assert(await loginOptions());
    expect((await post(a, '/passkeyLogin/verify', { response: assertion })).statusCode).toBe(200);
    const replay = await post(b, '/passkeyLogin/verify', { response: assertion });
    expect(body(replay).errcode).toBe(ErrorCode.PASSKEY_CHALLENGE_INVALID);

    const user = await signUp(a);
    const registration = new SoftAuthenticator(RP_ID, ORIGIN).register(await registerOptions(user.token));
    expect((await post(a, '/user/passkeys/register', { name: 'one', response: registration }, user.token)).statusCode).toBe(200);
    const again = await post(b, '/user/passkeys/register', { name: 'two', response: registration }, user.token);
    expect(body(again).errcode).toBe(ErrorCode.PASSKEY_CHALLENGE_INVALID);
    expect(await list(user.token)).toHaveLength(1);
  });

  it('refuses an assertion whose counter went back (a cloned authenticator) and keeps the stored counter', async () => {
    const { authenticator } = await userWithPasskey();
    expect(
      (await post(a, '/passkeyLogin/verify', { response: authenticator.assert(await loginOptions(), { counter: 7 }) })).statusCode,
    ).toBe(200);
    for (const counter of [7, 3]) {
      const res = await post(a, '/passkeyLogin/verify', { response: authenticator.assert(await loginOptions(), { counter }) });
      expect(body(res).errcode, `counter ${counter}`).toBe(ErrorCode.PASSKEY_COUNTER_REGRESSED);
    }
    expect(Number((await findPasskeyByCredentialId(db.handle.db, authenticator.id))?.counter)).toBe(7);
    expect(
      (await post(a, '/passkeyLogin/verify', { response: authenticator.assert(await loginOptions(), { counter: 8 }) })).statusCode,
    ).toBe(200);
  });

  it('never logs in with a removed passkey; another account cannot remove or rename it', async () => {
    const { user, authenticator, passkey } = await userWithPasskey();
    const other = await signUp(a);
    const foreignRemove = await post(a, '/user/passkeys/remove', { id: passkey.id }, other.token);
    expect(foreignRemove.statusCode).toBe(404);
    expect(body(foreignRemove).errcode).toBe(ErrorCode.PASSKEY_NOT_FOUND);
    const foreignRename = await post(a, '/user/passkeys/rename', { id: passkey.id, name: 'mine now' }, other.token);
    expect(body(foreignRename).errcode).toBe(ErrorCode.PASSKEY_NOT_FOUND);
    expect((await list(user.token)).map((p) => p.name)).toEqual(['MacBook Touch ID']);

    const renamed = await post(a, '/user/passkeys/rename', { id: passkey.id, name: 'Work laptop' }, user.token);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await list(user.token)).map((p) => p.name)).toEqual(['Work laptop']);

    expect((await post(a, '/user/passkeys/remove', { id: passkey.id }, user.token)).statusCode).toBe(200);
    expect(await list(user.token)).toEqual([]);
    const login = await post(a, '/passkeyLogin/verify', { response: authenticator.assert(await loginOptions()) });
    expect(login.statusCode).toBe(404);
    expect(body(login).errcode).toBe(ErrorCode.PASSKEY_NOT_FOUND);
    expect(body(await post(a, '/user/passkeys/remove', { id: passkey.id }, user.token)).errcode).toBe(ErrorCode.PASSKEY_NOT_FOUND);
  });

  it('account erasure ends every passkey of the account and no other', async () => {
    const { user, authenticator } = await userWithPasskey();
    const bystander = await userWithPasskey();
    const id = body<{ id: string }>(await a.inject({ url: '/user/info', headers: { authorization: user.token } })).data.id;
    expect(id).toBeTruthy();
    // the account's cooling-off has ended (cancellation.test.ts goes there through the routes)
    const now = new Date().toISOString();
    await db.handle.db.updateTable('users').set({ cancel_requested_at: now, erase_at: now }).where('id', '=', id).execute();
    expect(await eraseAccount(db.handle.db, a.kv, id, new Date(Date.now() + 1_000))).toBe(true);
    expect(await deletePasskeysOfUser(db.handle.db, id)).toBe(0);
    expect(body(await post(a, '/passkeyLogin/verify', { response: authenticator.assert(await loginOptions()) })).errcode).toBe(
      ErrorCode.PASSKEY_NOT_FOUND,
    );
    expect((await post(a, '/passkeyLogin/verify', { response: bystander.authenticator.assert(await loginOptions()) })).statusCode).toBe(
      200,
    );
  });

  it('a passkey log-in is in the sign-in history as passkey, with no second step even with two-step on', async () => {
    const { user, authenticator } = await userWithPasskey();
    await enableTotp(a, user.token);
    const login = await post(a, '/passkeyLogin/verify', { response: authenticator.assert(await loginOptions()) });
    expect(login.statusCode).toBe(200);
    expect(body<{ access_token?: string }>(login).data.access_token).toBeTruthy();
    const history = body<{ events: { method: string; success: boolean }[] }>(
      await a.inject({ url: '/user/loginHistory', headers: { authorization: user.token } }),
    ).data.events;
    expect(history[0]).toMatchObject({ method: 'passkey', success: true });
  });

  it('20 parallel verifies of one assertion log in exactly once', async () => {
    const { authenticator } = await userWithPasskey();
    const assertion = authenticator.assert(await loginOptions());
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(i % 2 ? a : b, '/passkeyLogin/verify', { response: assertion })),
    );
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(results.filter((res) => body(res).errcode === ErrorCode.PASSKEY_CHALLENGE_INVALID)).toHaveLength(19);
  });

  it('bad input gets envelope errors in the caller’s language, never a 500', async () => {
    const user = await signUp(a);
    const noName = await post(
      a,
      '/user/passkeys/register',
      { name: '   ', response: new SoftAuthenticator(RP_ID, ORIGIN).register(await registerOptions(user.token)) },
      user.token,
      'ja',
    );
    expect(noName.statusCode).toBe(400);
    expect(body<{ fields: { field: string; rule: string }[] }>(noName)).toMatchObject({
      errcode: ErrorCode.VALIDATION_FAILED,
      data: { fields: [{ field: 'body.name', rule: 'validation.required' }] },
    });
    expect(body(noName).errmsg).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);

    const longName = await post(a, '/user/passkeys/rename', { id: 'x', name: 'n'.repeat(65) }, user.token, 'fr');
    expect(body<{ fields: { rule: string }[] }>(longName).data.fields[0]?.rule).toBe('validation.tooLong');

    const notBase64 = await post(
      a,
      '/passkeyLogin/verify',
      {
        response: {
          id: 'a+b',
          rawId: 'a',
          type: 'public-key',
          response: { clientDataJSON: '!', authenticatorData: 'a', signature: 'a' },
          clientExtensionResults: {},
        },
      },
      undefined,
      'zh-CN',
    );
    expect(body(notBase64).errcode).toBe(ErrorCode.VALIDATION_FAILED);

    // Well-formed base64url that is not a client data JSON, and a signature of garbage.
    const garbage = await post(
      a,
      '/passkeyLogin/verify',
      {
        response: {
          id: 'AAAA',
          rawId: 'AAAA',
          type: 'public-key',
          response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
          clientExtensionResults: {},
        },
      },
      undefined,
      'ja',
    );
    expect(garbage.statusCode).toBe(400);
    expect(body(garbage)).toMatchObject({
      errcode: ErrorCode.PASSKEY_VERIFICATION_FAILED,
      errmsg: 'パスキーを確認できませんでした。もう一度お試しください。',
    });

    const { authenticator } = await userWithPasskey();
    const assertion = authenticator.assert(await loginOptions());
    const badSignature = await post(
      a,
      '/passkeyLogin/verify',
      { response: { ...assertion, response: { ...assertion.response, signature: 'MEUCIQ' } } },
      undefined,
      'es',
    );
    expect(body(badSignature).errcode).toBe(ErrorCode.PASSKEY_VERIFICATION_FAILED);
    expect(body(badSignature).errmsg).toBe('No se ha podido verificar la llave de acceso. Inténtalo de nuevo.');

    const anonymous = await post(a, '/user/passkeys/registerOptions', undefined, undefined, 'ko');
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('passkey challenges expire', () => {
  let db: TestDatabase;
  let app: App;
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const kv = new MemoryKeyValueStore(() => clock);

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    app = await buildTestApp(db.handle, { env: ENV, deps: { kv } });
  });
  afterAll(async () => {
    await app?.close();
    await kv.close();
    await db?.cleanup();
  });

  it('a log-in challenge older than 5 minutes is refused', async () => {
    const user = await signUp(app);
    const authenticator = new SoftAuthenticator(RP_ID, ORIGIN);
    const options = body<{ options: { challenge: string; user: { id: string } } }>(
      await app.inject({ method: 'POST', url: '/user/passkeys/registerOptions', headers: { authorization: user.token } }),
    ).data.options;
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/user/passkeys/register',
          headers: { authorization: user.token },
          payload: { name: 'k', response: authenticator.register(options) },
        })
      ).statusCode,
    ).toBe(200);

    const login = body<{ options: { challenge: string } }>(await app.inject({ method: 'POST', url: '/passkeyLogin/options' })).data.options;
    clock += 5 * 60_000 + 1;
    const late = await app.inject({ method: 'POST', url: '/passkeyLogin/verify', payload: { response: authenticator.assert(login) } });
    expect(body(late).errcode).toBe(ErrorCode.PASSKEY_CHALLENGE_INVALID);
  });
});

describe('passkey configuration', () => {
  it('takes the RP id from PUBLIC_ORIGIN and accepts a parent domain', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://www.llk.test' }).webauthn).toEqual({
      rpId: 'www.llk.test',
      rpName: 'LLK Remote',
      origins: ['https://www.llk.test'],
    });
    expect(
      loadConfig({ PUBLIC_ORIGIN: 'https://www.llk.test', WEBAUTHN_RP_ID: 'LLK.test', WEBAUTHN_ORIGINS: 'https://m.llk.test' }).webauthn,
    ).toEqual({
      rpId: 'llk.test',
      rpName: 'LLK Remote',
      origins: ['https://www.llk.test', 'https://m.llk.test'],
    });
  });

  it('uses localhost for a web origin on an IP address, which browsers refuse as an RP id', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://127.0.0.1:3440' }).webauthn).toEqual({
      rpId: 'localhost',
      rpName: 'LLK Remote',
      origins: ['http://localhost:3440'],
    });
  });

  it('does not start with an RP id the web origin cannot use, in production or not', () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, WEBAUTHN_RP_ID: 'other.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'https://www.llk.test', WEBAUTHN_RP_ID: 'test' })).toThrow(/WEBAUTHN_RP_ID/);
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'https://www.llk.test', WEBAUTHN_ORIGINS: 'https://evil.example' })).toThrow(
      /WEBAUTHN_ORIGINS/,
    );
  });
});
