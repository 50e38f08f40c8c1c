import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOrCreateSandboxKeys } from '../../../src/modules/payments/sandbox/keys';

// API instances starting together on one volume (the scale-out step's two instances, compose's
// replicas) share the sandbox's keys.json: none may read it half written, and all must end up
// with the same keys.

const PROCESSES = 8;
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function child(dir: string, startAt: number): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'test/support/sandbox-keys-child.ts', dir, String(startAt)], {
      cwd: path.resolve(__dirname, '../../..'),
    });
    let out = '';
    let err = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    proc.on('close', (code) => resolve({ code, out, err }));
  });
}

describe('sandbox keys on a shared directory', () => {
  it(`${PROCESSES} processes creating them at once all get the same whole file`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'llk-sandbox-keys-'));
    dirs.push(dir);
    // far enough ahead for every child to have loaded tsx
    const startAt = Date.now() + 6_000;
    const results = await Promise.all(Array.from({ length: PROCESSES }, () => child(dir, startAt)));
    expect(results.map((result) => result.err.trim())).toEqual(Array(PROCESSES).fill(''));
    expect(results.map((result) => result.code)).toEqual(Array(PROCESSES).fill(0));
    const appIds = new Set(results.map((result) => result.out));
    expect(appIds.size).toBe(1);
    expect([...appIds][0]).toMatch(/^2021\d{12}$/);
    // what a later start reads is what they all got; no temporary file is left beside it
    expect(loadOrCreateSandboxKeys(dir).alipay.appId).toBe([...appIds][0]);
    expect(readdirSync(dir)).toEqual(['keys.json']);
    expect(statSync(path.join(dir, 'keys.json')).mode & 0o777).toBe(0o600);
  }, 60_000);
});
