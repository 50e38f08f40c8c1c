import { type Kysely } from 'kysely';
import { type AppMetaTable } from './tables/app-meta.table';
import { type JobRunsTable } from './tables/job-runs.table';

/** Every table Kysely knows about, grouped by the migration that creates it. */
export interface DB {
  app_meta: AppMetaTable;
  // 0002-accounts: modules/users/users.tables.ts (users), modules/auth/auth.tables.ts (sessions)
  // 0003-content: modules/{downloads,news,announcements,search}/*.tables.ts
  // 0004-catalogue: modules/pricing/pricing.tables.ts
  // 0005-orders, 0016-invoice-requests, 0042-international-invoices: modules/orders/orders.tables.ts
  //   and modules/payments/payments.tables.ts (payments, refunds, payment_notifications)
  // 0006-referrals: modules/referrals/referrals.tables.ts
  // 0008-cloud-pc: modules/cloud-pc/cloud-pc.tables.ts
  // 0010-job-runs
  job_runs: JobRunsTable;
  // 0013-ledger: modules/ledger/ledger.tables.ts (gateway_notifications, unmatched_payments: modules/payments)
  // 0041-card-payments: modules/payments/payments.tables.ts
  // 0014-account-security: modules/auth/auth.tables.ts
  // 0017-passkeys: modules/passkeys/passkeys.tables.ts
  // 0018-devices: modules/devices/devices.tables.ts
  // 0019-redeem-seats-walls: modules/{redeem,monitor-walls,seats}/*.tables.ts
  // 0024-back-office: modules/admin/admin.tables.ts
  // 0032-support-inbox: modules/support/support.tables.ts
  // 0033-staff-passkeys: modules/admin/admin.tables.ts
  // 0034-gateway-queries: modules/payments/payments.tables.ts
  // 0036-hot-search-visitors: modules/search/search.tables.ts
  // 0052-connection-records: modules/sessions/sessions.tables.ts
  // 0053-organisations: modules/organisations/organisations.tables.ts
  // 0054-org-invitations: modules/organisations/organisations.tables.ts
}

/** A database or a transaction: services and repositories accept either. */
export type Db = Kysely<DB>;

/**
 * The part of the database one module owns (ADR 0038). A module lists its tables in
 * `modules/<name>/<name>.tables.ts`, adds them to `DB` by declaration merging, and gives its
 * repositories a handle typed to those tables only: `const own = (db: Db) => tablesOf<OrdersTables>(db)`.
 * A query on another module's table then does not compile; it calls the owner's public function.
 * Only `*.tables.ts` files call this (ESLint).
 */
export function tablesOf<T>(db: Db): Kysely<T> {
  return db as unknown as Kysely<T>;
}
