import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

// Time for the payout journey: a commission becomes owed 7 days after the payment, and a
// journey cannot wait a week. This moves the end of the window of one ambassador's pending lines
// into the past in the run's own database (as the API's tests do with their fixtures), through
// the API's database module; the payout itself then goes through the back office as staff do it.

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

export async function endCommissionWindow(ambassadorUserId: string): Promise<number> {
  const databaseUrl = process.env.E2E_DATABASE_URL ?? path.join(process.env.E2E_DATA_DIR ?? '', 'e2e.sqlite');
  const { stdout } = await run(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(import.meta.dirname, 'end-commission-window.cli.ts'), ambassadorUserId],
    {
      cwd: path.join(root, 'apps/api'),
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl },
    },
  );
  return Number(stdout.trim());
}
