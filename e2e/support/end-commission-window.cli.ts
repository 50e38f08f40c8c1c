import { createDatabase } from '../../apps/api/src/infrastructure/db/database';
import { referralsTables } from '../../apps/api/src/modules/referrals/referrals.tables';

// tsx end-commission-window.cli.ts <ambassador user id>: the 7-day window of the ambassador's
// pending commission lines ends now (see payouts.ts); prints how many lines moved.

const ambassador = process.argv[2] ?? '';
const handle = createDatabase(process.env.DATABASE_URL ?? '');
const result = await referralsTables(handle.db)
  .updateTable('commissions')
  .set({ effective_after: new Date(Date.now() - 1000).toISOString() })
  .where('ambassador_user_id', '=', ambassador)
  .where('state', '=', 'PENDING')
  .executeTakeFirst();
await handle.destroy();
process.stdout.write(`${Number(result.numUpdatedRows)}\n`);
