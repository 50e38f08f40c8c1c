import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { type DatabaseHandle } from '../src/infrastructure/db/database';
import { auditLedger } from '../src/modules/ledger';

// The suite-wide ledger check: every test database, as it is thrown away after its scenario,
// must have a balanced ledger that matches its orders, payments and refunds (auditLedger). A
// database without the ledger tables, or already closed by its test, is counted as skipped.
// Each check leaves one line in LEDGER_CHECK_DIR (set by ledger-check.global.ts), which prints
// the count once at the end of the run.

export interface LedgerCheck {
  throwIfUnbalanced(): void;
}

function record(line: string): void {
  const dir = process.env.LEDGER_CHECK_DIR;
  if (dir) appendFileSync(path.join(dir, 'checks.log'), `${line}\n`);
}

// a migration test stopped before the ledger, or a scenario that closed its database itself
const NOTHING_TO_CHECK = /no such table|does not exist|destroyed/i;

export async function checkLedgerBeforeCleanup(handle: DatabaseHandle): Promise<LedgerCheck> {
  let problems: string[];
  try {
    problems = await auditLedger(handle.db);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!NOTHING_TO_CHECK.test(message)) throw error;
    record(`skipped ${handle.dialect}`);
    return { throwIfUnbalanced() {} };
  }
  record(`${problems.length ? 'FAILED' : 'passed'} ${handle.dialect}`);
  return {
    throwIfUnbalanced() {
      if (problems.length) throw new Error(`the ledger does not balance:\n${problems.join('\n')}`);
    },
  };
}
