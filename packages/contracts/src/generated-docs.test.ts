import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Parts of the documents are generated from the code they describe (scripts/*.mjs, blocks between
// `<!-- generated:NAME -->` markers). These run in the unit step of `npm test` (the contracts
// project) and fail when a committed block is not what its generator writes today: rerun the
// generator with --write and commit the document with the change that moved it.

const root = path.resolve(import.meta.dirname, '../../..');

function check(script: string) {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', script), '--check'], { cwd: root, encoding: 'utf8' });
  return { status: result.status, stderr: result.stderr.trim() };
}

describe('generated documents', () => {
  it('ARCHITECTURE.md draws the module graph the code has', { timeout: 120_000 }, () => {
    expect(check('module-graph.mjs')).toEqual({ status: 0, stderr: '' });
  });

  it('the READMEs list what production needs as the API checks it', { timeout: 60_000 }, () => {
    expect(check('production-requirements.mjs')).toEqual({ status: 0, stderr: '' });
  });
});
