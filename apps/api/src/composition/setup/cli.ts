import { formatRedeemCode } from '@llk/contracts';
import { ConfigError, loadConfig } from '../config';
import { createDatabase } from '../../infrastructure/db/database';
import { migrateAndSeed } from './migrate-and-seed';
import { auditLedger, billReportsCsv, findBillReports } from '../../modules/ledger';
import { configuredGateways, reconcileBills } from '../../modules/payments';
import { migrateToLatest } from '../../infrastructure/db/migrate';
import { withStartupLock } from '../../infrastructure/db/startup-lock';
import { createCodeBatch } from '../../modules/redeem';
import { parseCodesFlags } from './codes-flags';
import { createStaff, staffSetupLink } from '../../modules/admin';
import { parseAdminCreateFlags } from './admin-flags';
import { AppError } from '../../infrastructure/http/app-error';

// `npm run db:migrate` / `npm run db:seed [-- --force]` against DATABASE_URL.
// Seeding migrates first, so it also works on a brand-new database.
// `npm run db:bills -- --date YYYY-MM-DD [--csv]`: reconciles that Beijing day's gateway bills
// with the ledger (unless already done) and prints the stored report, as CSV with --csv.
// `npm run db:ledger`: the ledger's own audit (every posting sums to 0, every account equals what
// the payments, refunds and commissions it records say); exits 1 and lists what disagrees.
// `npm run codes:create -- --kind MEMBER_DAYS --amount 30 --count 100 [--expires YYYY-MM-DD]
// [--batch name] [--tier HD|ULTRA]`: creates a batch of redemption codes (migrating first) and
// prints them, one per line (XXXX-XXXX-XXXX-XXXX); only their keyed hashes are stored, so this
// is the only time they can be read.
// `npm run admin:create -- --username NAME --role OWNER|SUPPORT|FINANCE|CONTENT|OPS`: creates a
// back-office staff member (migrating first) and prints a one-time set-up link, valid 24 hours,
// where the member sets a password and enrols TOTP; only the link token's hash is stored.

const USAGE =
  'usage: tsx src/composition/setup/cli.ts <migrate|seed [--force]|bills --date YYYY-MM-DD [--csv]|ledger|codes --kind MEMBER_DAYS|MONITOR|CHANNEL_DAYS|QUALITY_DAYS --amount N --count N [--expires YYYY-MM-DD] [--batch name] [--tier HD|ULTRA]|admin --username NAME --role OWNER|SUPPORT|FINANCE|CONTENT|OPS>';

async function main(command: string | undefined, flags: string[]): Promise<void> {
  if (
    command !== 'migrate' &&
    command !== 'seed' &&
    command !== 'bills' &&
    command !== 'ledger' &&
    command !== 'codes' &&
    command !== 'admin'
  ) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const handle = createDatabase(config.database);
  try {
    if (command === 'bills') {
      const date = flags[flags.indexOf('--date') + 1];
      if (!flags.includes('--date') || !date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
        console.error(USAGE);
        process.exitCode = 2;
        return;
      }
      const result = await reconcileBills({ db: handle.db, providers: configuredGateways(config.payments) }, date);
      for (const failure of result.failed) console.error(`${failure.gateway}: ${failure.error}`);
      const reports = await findBillReports(handle.db, date);
      if (flags.includes('--csv')) process.stdout.write(billReportsCsv(reports));
      else
        for (const { reconciliation: r } of reports)
          console.info(`${r.gateway} ${r.bill_date}: ${r.status}, ${r.difference_count} difference(s), fees ${r.bill_fee_fen} fen`);
      if (result.failed.length) process.exitCode = 1;
      return;
    }
    if (command === 'ledger') {
      const problems = await auditLedger(handle.db);
      for (const problem of problems) console.error(problem);
      if (problems.length) process.exitCode = 1;
      else console.info('ledger: every posting sums to 0 and every account agrees with the money it records');
      return;
    }
    if (command === 'codes') {
      const request = parseCodesFlags(flags, new Date());
      if (typeof request === 'string') {
        console.error(`${request}\n${USAGE}`);
        process.exitCode = 2;
        return;
      }
      await withStartupLock(handle, migrateToLatest);
      const codes = await createCodeBatch(handle.db, config.redeem.pepper, request);
      console.error(
        `batch ${request.batch}: ${codes.length} × ${request.kind} ${request.amount}${request.expiresAt ? `, expires ${request.expiresAt.toISOString()}` : ''}`,
      );
      process.stdout.write(codes.map((code) => `${formatRedeemCode(code)}\n`).join(''));
      return;
    }
    if (command === 'admin') {
      const request = parseAdminCreateFlags(flags);
      if (typeof request === 'string') {
        console.error(`${request}\n${USAGE}`);
        process.exitCode = 2;
        return;
      }
      await withStartupLock(handle, migrateToLatest);
      const staff = await createStaff(handle.db, { ...request, createdBy: null }).catch((error: unknown) => {
        if (error instanceof AppError && error.codeName === 'STAFF_USERNAME_TAKEN') return null;
        throw error;
      });
      if (!staff) {
        console.error(`a staff member named ${request.username} already exists (usernames compare case-insensitively)`);
        process.exitCode = 1;
        return;
      }
      console.error(`staff ${staff.username} (${staff.role}) created; the link works once, until ${staff.setupExpiresAt.toISOString()}`);
      process.stdout.write(`${staffSetupLink(config.webOrigin, staff.setupToken)}\n`);
      return;
    }
    if (command === 'migrate') {
      const applied = await withStartupLock(handle, migrateToLatest);
      console.info(`${handle.description}: ${describeMigrations(applied)}`);
      return;
    }
    const { migrations, seed } = await migrateAndSeed(handle, { force: flags.includes('--force') });
    console.info(`${handle.description}: ${describeMigrations(migrations)}`);
    console.info(`seed version ${seed.version}: ${seed.applied ? 'loaded' : 'already loaded, nothing to do'}`);
  } finally {
    await handle.destroy();
  }
}

function describeMigrations(applied: string[]): string {
  return applied.length ? `applied ${applied.join(', ')}` : 'schema already up to date';
}

main(process.argv[2], process.argv.slice(3)).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
});
