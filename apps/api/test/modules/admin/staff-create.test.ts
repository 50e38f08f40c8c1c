import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../src/infrastructure/secrets';
import { createStaff, staffSetupLink } from '../../../src/modules/admin';
import { parseAdminCreateFlags } from '../../../src/composition/setup/admin-flags';
import { createTestDatabase, testDialects, type TestDatabase } from '../../helper';

describe.each(testDialects())('admin:create on $dialect', ({ dialect }) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await test.cleanup();
  });

  it('creates a member without password or TOTP, stores only the token hash (24 h) and audits it in one go', async () => {
    const now = new Date('2026-11-24T10:00:00.000Z');
    const staff = await createStaff(test.handle.db, { username: 'Alice', role: 'OWNER', createdBy: null }, now);
    expect(staff.setupToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(staff.setupExpiresAt.toISOString()).toBe('2026-11-25T10:00:00.000Z');

    const row = await test.handle.db.selectFrom('staff').selectAll().where('id', '=', staff.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      username: 'Alice',
      username_norm: 'alice',
      role: 'OWNER',
      password_hash: null,
      totp_secret: null,
      locked_at: null,
      locale: 'zh-CN',
    });
    expect(row.setup_token_hash).toBe(sha256Hex(staff.setupToken));
    expect(row.setup_token_hash).not.toContain(staff.setupToken);
    expect(row.setup_expires_at).toBe('2026-11-25T10:00:00.000Z');

    const audit = await test.handle.db.selectFrom('audit_log').selectAll().execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      staff_id: null,
      action: 'staff.create',
      target_type: 'staff',
      target_id: staff.id,
      at: '2026-11-24T10:00:00.000Z',
      before_json: null,
    });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ username: 'Alice', role: 'OWNER' });
  });

  it('refuses a username already taken, case-insensitively, and writes no second row nor audit', async () => {
    await createStaff(test.handle.db, { username: 'bob', role: 'SUPPORT', createdBy: null });
    await expect(createStaff(test.handle.db, { username: 'BOB', role: 'OWNER', createdBy: null })).rejects.toMatchObject({
      codeName: 'STAFF_USERNAME_TAKEN',
      errcode: 80001,
      statusCode: 409,
    });
    expect(await test.handle.db.selectFrom('staff').select('role').execute()).toEqual([{ role: 'SUPPORT' }]);
    expect(await test.handle.db.selectFrom('audit_log').select('action').execute()).toEqual([{ action: 'staff.create' }]);
  });
});

describe('admin:create flags and link', () => {
  it('accepts a username and a role of the matrix', () => {
    expect(parseAdminCreateFlags(['--username', 'alice', '--role', 'OWNER'])).toEqual({ username: 'alice', role: 'OWNER' });
    expect(parseAdminCreateFlags(['--role', 'CONTENT', '--username', 'c.w-1'])).toEqual({ username: 'c.w-1', role: 'CONTENT' });
  });

  it('refuses a missing or bad username and an unknown role', () => {
    expect(parseAdminCreateFlags(['--role', 'OWNER'])).toMatch(/--username/);
    expect(parseAdminCreateFlags(['--username', 'ab', '--role', 'OWNER'])).toMatch(/--username/);
    expect(parseAdminCreateFlags(['--username', '1alice', '--role', 'OWNER'])).toMatch(/--username/);
    expect(parseAdminCreateFlags(['--username', 'a\u0000lice', '--role', 'OWNER'])).toMatch(/--username/);
    expect(parseAdminCreateFlags(['--username', 'alice', '--role', 'ROOT'])).toMatch(
      /--role must be one of OWNER, SUPPORT, FINANCE, CONTENT, OPS/,
    );
    expect(parseAdminCreateFlags(['--username', 'alice'])).toMatch(/--role/);
  });

  it('puts the token in the fragment of the /admin/setup link', () => {
    expect(staffSetupLink('https://llk.example', 'tok')).toBe('https://llk.example/admin/setup#token=tok');
  });
});

describe('npm run admin:create', () => {
  it('prints the set-up link on PUBLIC_ORIGIN, or on the web at PORT when it is unset, never a fixed localhost:3000', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'llk-admin-cli-'));
    const apiRoot = path.resolve(import.meta.dirname, '../../..');
    const run = async (username: string, env: Record<string, string>) => {
      const { PUBLIC_ORIGIN: _p, WEB_ORIGIN: _w, PORT: _port, ...inherited } = process.env;
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/composition/setup/cli.ts', 'admin', '--username', username, '--role', 'CONTENT'],
        {
          cwd: apiRoot,
          env: { ...inherited, NODE_ENV: 'development', DATABASE_URL: path.join(dir, 'cli.sqlite'), LOG_LEVEL: 'silent', ...env },
        },
      );
      return stdout.trim();
    };
    try {
      expect(await run('porter', { PORT: '3456' })).toMatch(/^http:\/\/localhost:3456\/admin\/setup#token=[A-Za-z0-9_-]{43}$/);
      expect(await run('origin', { PORT: '3456', PUBLIC_ORIGIN: 'https://www.llk.example' })).toMatch(
        /^https:\/\/www\.llk\.example\/admin\/setup#token=/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
