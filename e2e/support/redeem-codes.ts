import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

// Redemption codes for the journeys, made the way `npm run codes:create` makes them (the API's
// CLI, src/composition/setup/cli.ts): there is no route that creates codes. The CLI writes to the database
// the API under test uses, with its pepper: the run's own database (E2E_DATABASE_URL, else the
// SQLite file playwright.config.ts gives the API) and the development pepper, unless the run
// names another (E2E_REDEEM_CODE_PEPPER, as scripts/scale-out.mjs does).

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

export type TCodeKind = 'MEMBER_DAYS' | 'MONITOR' | 'CHANNEL_DAYS' | 'QUALITY_DAYS';

/** One new code of `kind` worth `amount` (days, or screen walls for MONITOR), as printed: XXXX-XXXX-XXXX-XXXX. */
export async function createRedeemCode(kind: TCodeKind, amount: number): Promise<string> {
  const databaseUrl = process.env.E2E_DATABASE_URL ?? path.join(process.env.E2E_DATA_DIR ?? '', 'e2e.sqlite');
  const pepper = process.env.E2E_REDEEM_CODE_PEPPER;
  const { stdout } = await run(
    path.join(root, 'node_modules/.bin/tsx'),
    ['src/composition/setup/cli.ts', 'codes', '--kind', kind, '--amount', String(amount), '--count', '1', '--batch', `e2e-${kind}`],
    {
      cwd: path.join(root, 'apps/api'),
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
        ...(pepper ? { REDEEM_CODE_PEPPER: pepper } : {}),
      },
    },
  );
  const code = stdout.trim().split('\n').at(-1) ?? '';
  if (!/^[2-9A-Z]{4}(-[2-9A-Z]{4}){3}$/.test(code)) throw new Error(`codes:create printed no code: ${stdout}`);
  return code;
}
