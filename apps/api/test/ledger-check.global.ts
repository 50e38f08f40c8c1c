import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Vitest global setup of the API project: a directory the ledger checks of every test file
// (test/ledger-check.ts) write to, and their count printed once when the run ends.

export default function setup(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'llk-ledger-checks-'));
  process.env.LEDGER_CHECK_DIR = dir;
  return () => {
    let lines: string[] = [];
    try {
      lines = readFileSync(path.join(dir, 'checks.log'), 'utf8').split('\n').filter(Boolean);
    } catch {
      // no test database was cleaned up in this run
    }
    const count = (outcome: string, dialect?: string) =>
      lines.filter((line) => line.startsWith(outcome) && (!dialect || line.endsWith(dialect))).length;
    console.info(
      `ledger balance checks: ${count('passed')} passed (sqlite ${count('passed', 'sqlite')}, postgres ${count('passed', 'postgres')}), ` +
        `${count('FAILED')} failed, ${count('skipped')} skipped (no ledger tables, or closed by the test)`,
    );
    rmSync(dir, { recursive: true, force: true });
  };
}
