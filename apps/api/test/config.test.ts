import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/composition/config';
import { parseDatabaseUrl } from '../src/infrastructure/db/database-url';
import { repoRoot } from '../src/paths';
import { listenAddresses } from '../src/composition/listen';
import { PRODUCTION_ENV } from './helper';

describe('loadConfig', () => {
  it('applies defaults that need nothing installed', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 4000,
      host: 'localhost',
      database: { dialect: 'sqlite', file: path.join(repoRoot, 'data/llk.sqlite') },
      redisUrl: undefined,
      logLevel: 'info',
      trustProxy: false,
      autoMigrate: true,
      webOrigin: 'http://localhost:3000',
      bodyLimit: 1024 * 1024,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      ...PRODUCTION_ENV,
      API_PORT: '8080',
      API_HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://app:secret@db:5432/llk',
      REDIS_URL: 'redis://cache:6379',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      AUTO_MIGRATE: 'false',
      WEB_ORIGIN: 'https://llk.example/',
      BODY_LIMIT: '2048',
    });
    expect(config).toMatchObject({
      nodeEnv: 'production',
      port: 8080,
      host: '127.0.0.1',
      database: { dialect: 'postgres', url: 'postgres://app:secret@db:5432/llk' },
      redisUrl: 'redis://cache:6379',
      logLevel: 'warn',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      autoMigrate: false,
      webOrigin: 'https://llk.example',
      bodyLimit: 2048,
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('rejects bad values naming every bad variable, without echoing secrets', () => {
    let error: unknown;
    try {
      loadConfig({
        API_PORT: 'eighty',
        DATABASE_URL: 'mysql://root:hunter2@db/llk',
        LOG_LEVEL: 'loud',
        AUTO_MIGRATE: 'maybe',
        WEB_ORIGIN: 'not a url',
        REDIS_URL: 'http://cache',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/^Invalid environment variables:/);
    expect(message).toContain('API_PORT: must be a whole number from 0 to 65535 (got "eighty")');
    expect(message).toContain('DATABASE_URL: unsupported scheme "mysql"');
    expect(message).toContain('LOG_LEVEL: must be one of');
    expect(message).toContain('AUTO_MIGRATE: must be true or false (got "maybe")');
    expect(message).toContain('WEB_ORIGIN: must be an http(s) origin');
    expect(message).toContain('REDIS_URL: must start with redis://');
    expect(message).not.toContain('hunter2');
    expect((error as ConfigError).problems).toHaveLength(6);
  });

  it('rejects out-of-range numbers and a bad proxy list', () => {
    expect(() => loadConfig({ API_PORT: '70000' })).toThrow(/API_PORT: must be at most 65535/);
    expect(() => loadConfig({ BODY_LIMIT: '10' })).toThrow(/BODY_LIMIT: must be at least 1024/);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    // every web instance's revalidation address, or a clear refusal
    expect(
      loadConfig({ REVALIDATE_URL: 'http://10.0.0.1:3000/api/revalidate/, http://10.0.0.2:3000/api/revalidate' }).backOffice.revalidateUrls,
    ).toEqual(['http://10.0.0.1:3000/api/revalidate', 'http://10.0.0.2:3000/api/revalidate']);
    expect(() => loadConfig({ REVALIDATE_URL: 'http://10.0.0.1:3000/api/revalidate, ftp://nope' })).toThrow(
      /REVALIDATE_URL: must be an http\(s\) URL, or a comma list of them/,
    );
  });
});

describe('production requirements', () => {
  function problemsOf(env: Record<string, string>): string[] {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems;
    }
    return [];
  }

  it('NODE_ENV=production alone stops with the list of everything missing', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'CODE_SECRET',
      'TOTP_ENCRYPTION_KEY',
      'REDEEM_CODE_PEPPER',
      'DATABASE_URL',
      'PUBLIC_ORIGIN',
      'REVALIDATE_SECRET',
      'SMTP_URL',
      'ALIYUN_SMS_ACCESS_KEY_ID',
      'ALIYUN_SMS_ACCESS_KEY_SECRET',
      'ALIYUN_SMS_SIGN_NAME',
      'ALIYUN_SMS_TEMPLATE_CODE',
      'ALIYUN_SMS_INTL_SIGN_NAME',
      'ALIYUN_SMS_INTL_TEMPLATE_CODE',
      'ALIYUN_SMS_NOTICE_TEMPLATE_CODE',
      'ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODE',
    ]);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/^NODE_ENV=production is missing:\n {2}- CODE_SECRET: required/);
  });

  it('names each requirement on its own, and starts when all are there', () => {
    const complete: Record<string, string> = { ...PRODUCTION_ENV, DATABASE_URL: 'postgres://app@db/llk' };
    expect(problemsOf(complete)).toEqual([]);
    for (const name of [
      'CODE_SECRET',
      'REDEEM_CODE_PEPPER',
      'DATABASE_URL',
      'SMTP_URL',
      'ALIYUN_SMS_SIGN_NAME',
      'ALIYUN_SMS_NOTICE_TEMPLATE_CODE',
      'ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODE',
    ]) {
      expect(problemsOf({ ...complete, [name]: '' }).map((problem) => problem.split(':')[0])).toEqual([name]);
    }
    const { PUBLIC_ORIGIN: _origin, ...withoutOrigin } = complete;
    expect(problemsOf(withoutOrigin).map((problem) => problem.split(':')[0])).toEqual(['PUBLIC_ORIGIN']);
    expect(problemsOf({ ...withoutOrigin, WEB_ORIGIN: 'https://www.llk.test' })).toEqual([]);
    expect(loadConfig(complete).nodeEnv).toBe('production');
  });

  it('the payment sandbox in production needs the acknowledgement as well', () => {
    const complete = { ...PRODUCTION_ENV, DATABASE_URL: 'postgres://app@db/llk' };
    expect(problemsOf({ ...complete, PAYMENT_SANDBOX: 'true' })).toEqual([
      expect.stringMatching(/^PAYMENT_SANDBOX_I_UNDERSTAND: must be "anyone-can-pay-for-free" for PAYMENT_SANDBOX=true in production/),
    ]);
    expect(problemsOf({ ...complete, PAYMENT_SANDBOX: 'true', PAYMENT_SANDBOX_I_UNDERSTAND: 'yes' })).toHaveLength(1);
    expect(
      loadConfig({ ...complete, PAYMENT_SANDBOX: 'true', PAYMENT_SANDBOX_I_UNDERSTAND: 'anyone-can-pay-for-free' }).payments.sandbox,
    ).toBe(true);
    expect(loadConfig(complete).payments.sandbox).toBe(false);
    // outside production the sandbox is the default and needs no acknowledgement
    expect(loadConfig({ NODE_ENV: 'development', PAYMENT_SANDBOX: 'true' }).payments.sandbox).toBe(true);
  });

  it('the resend wait can be shortened for test runs, never in production', () => {
    const complete = { ...PRODUCTION_ENV, DATABASE_URL: 'postgres://app@db/llk' };
    expect(problemsOf({ ...complete, CODE_RESEND_SECONDS: '2' })).toEqual([
      'CODE_RESEND_SECONDS: is for tests only; production always waits 60 s (got "2")',
    ]);
    expect(loadConfig(complete).codes.resendAfterMs).toBe(60_000);
    expect(loadConfig({ NODE_ENV: 'test', CODE_RESEND_SECONDS: '2' }).codes.resendAfterMs).toBe(2_000);
    expect(() => loadConfig({ CODE_RESEND_SECONDS: '0' })).toThrow(/CODE_RESEND_SECONDS/);
  });

  it('values are checked before requirements, and secrets are never echoed', () => {
    const problems = problemsOf({ ...PRODUCTION_ENV, DATABASE_URL: 'mysql://root:hunter2@db/llk' });
    expect(problems).toEqual([expect.stringMatching(/^DATABASE_URL: unsupported scheme "mysql"/)]);
    expect(problems.join('\n')).not.toContain('hunter2');
  });
});

describe('public origin and listen addresses', () => {
  it('PUBLIC_ORIGIN drives every link the API prints; WEB_ORIGIN, the older name, wins', () => {
    const config = loadConfig({ PUBLIC_ORIGIN: 'http://localhost:3700/' });
    expect(config.webOrigin).toBe('http://localhost:3700');
    expect(config.payments.publicBase).toBe('http://localhost:3700/api');
    expect(config.payments.notifyBase).toBe('http://localhost:3700/api');
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://localhost:3700', WEB_ORIGIN: 'https://www.llk.test' }).webOrigin).toBe(
      'https://www.llk.test',
    );
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'localhost:3700' })).toThrow(/PUBLIC_ORIGIN: must be an http\(s\) origin/);
  });

  it('without PUBLIC_ORIGIN, links start with the web on this machine at PORT (as npm start and next.config.ts take it)', () => {
    expect(loadConfig({}).webOrigin).toBe('http://localhost:3000');
    const config = loadConfig({ PORT: '3100' });
    expect(config.webOrigin).toBe('http://localhost:3100');
    expect(config.webauthn.origins).toEqual(['http://localhost:3100']);
    expect(loadConfig({ PORT: '3100', PUBLIC_ORIGIN: 'https://www.llk.test' }).webOrigin).toBe('https://www.llk.test');
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });

  it('API_HOST=localhost (the default) is the loopback pair; anything else is taken as given', () => {
    expect(listenAddresses('localhost')).toEqual({ addresses: ['127.0.0.1', '::1'], optional: new Set(['::1']) });
    expect(listenAddresses('0.0.0.0')).toEqual({ addresses: ['0.0.0.0'], optional: new Set() });
    expect(listenAddresses('127.0.0.1, ::1')).toEqual({ addresses: ['127.0.0.1', '::1'], optional: new Set() });
  });
});

describe('parseDatabaseUrl', () => {
  it.each([
    ['postgres://u@h:5432/db', { dialect: 'postgres', url: 'postgres://u@h:5432/db' }],
    ['postgresql://u@h/db', { dialect: 'postgres', url: 'postgresql://u@h/db' }],
    ['sqlite:/var/lib/llk.sqlite', { dialect: 'sqlite', file: '/var/lib/llk.sqlite' }],
    ['sqlite:///var/lib/llk.sqlite', { dialect: 'sqlite', file: '/var/lib/llk.sqlite' }],
    ['file:/var/lib/llk.sqlite', { dialect: 'sqlite', file: '/var/lib/llk.sqlite' }],
    ['file:///var/lib/llk.sqlite', { dialect: 'sqlite', file: '/var/lib/llk.sqlite' }],
    ['/var/lib/llk.sqlite', { dialect: 'sqlite', file: '/var/lib/llk.sqlite' }],
    [':memory:', { dialect: 'sqlite', file: ':memory:' }],
  ])('%s', (url, expected) => {
    expect(parseDatabaseUrl(url)).toEqual(expected);
  });

  it('resolves relative SQLite paths against the repository root, not the working directory', () => {
    expect(parseDatabaseUrl('data/x.sqlite')).toEqual({ dialect: 'sqlite', file: path.join(repoRoot, 'data/x.sqlite') });
    expect(parseDatabaseUrl('sqlite:data/x.sqlite')).toEqual({ dialect: 'sqlite', file: path.join(repoRoot, 'data/x.sqlite') });
    expect(parseDatabaseUrl('file:x.sqlite')).toEqual({ dialect: 'sqlite', file: path.join(repoRoot, 'x.sqlite') });
  });

  it('rejects unknown schemes and empty values', () => {
    expect(() => parseDatabaseUrl('mysql://h/db')).toThrow(/unsupported scheme "mysql"/);
    expect(() => parseDatabaseUrl('  ')).toThrow(/empty/);
    expect(() => parseDatabaseUrl('sqlite:')).toThrow(/names no SQLite file/);
  });
});
