import { type FastifyInstance } from 'fastify';
import { purgeDeadSessions } from '../../modules/auth';
import { expireMachines } from '../../modules/cloud-pc';
import { reconcilePendingPayments, reconcileYesterdaysBills } from '../../modules/payments';
import { orderSettingsOf } from '../../modules/orders';
import { eraseDueAccounts } from '../../flows/account-erasure';
import { applyVerifiedPayment } from '../../flows/apply-payment';
import { sweepOrders } from '../../flows/order-sweep';
import { matureCommissions } from '../../modules/referrals';
import { removeExpiredSessions, sweepLostSessions } from '../../modules/sessions';
import { type JobDefinition } from '../../infrastructure/jobs/job';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Every background job of the API, in one place. Each is safe to repeat (conditional updates,
 * idempotent deletes, markers), so a retry or a run by hand never does anything twice. Each
 * expiry is sized to the job's work with room for a slow gateway or database (ADR 0023): a run
 * past it is asked to stop and shown stuck in the back office.
 */
export function appJobs(app: FastifyInstance): JobDefinition[] {
  // app.jobsDb: the jobs' pool, with limits sized to their work (ADR 0023)
  const orders = orderSettingsOf(app.config);
  const payments = app.config.payments;
  const jobs: JobDefinition[] = [
    {
      // Expiry (after asking the gateway), completion, double-payment refunds, purges.
      name: 'orders-sweep',
      everyMs: orders.sweepIntervalMs,
      expireSeconds: 60,
      run: ({ now, log, signal }) =>
        sweepOrders(
          { db: app.jobsDb, providers: app.paymentProviders, kv: app.kv, completeAfterMs: orders.completeAfterMs, log, signal },
          now,
        ),
    },
    {
      // Open payments whose notification may have been lost are asked at their gateway.
      name: 'payments-reconcile',
      everyMs: payments.reconcileIntervalMs,
      expireSeconds: 60,
      run: ({ now, log, signal }) =>
        reconcilePendingPayments(
          {
            db: app.jobsDb,
            providers: app.paymentProviders,
            kv: app.kv,
            applyPayment: applyVerifiedPayment,
            afterMs: payments.reconcileAfterMs,
            log,
            signal,
          },
          now,
        ),
    },
    {
      // Yesterday's gateway bills against the ledger, once per gateway and day (hourly until done).
      name: 'payments-reconcile-bills',
      everyMs: payments.billReconcileHour < 0 ? 0 : HOUR_MS,
      expireSeconds: 600,
      run: ({ now, log }) =>
        reconcileYesterdaysBills({ db: app.jobsDb, providers: app.paymentProviders, fromHour: payments.billReconcileHour, log }, now),
    },
    {
      // Commissions past their 7-day window become effective.
      name: 'referrals-mature-commissions',
      everyMs: HOUR_MS,
      expireSeconds: 60,
      run: async ({ now }) => ({ matured: await matureCommissions(app.jobsDb, now) }),
    },
    {
      // Cloud PCs past their term are released (the device list also checks on read).
      name: 'cloud-pc-expire-machines',
      everyMs: MINUTE_MS,
      expireSeconds: 30,
      run: async ({ now }) => ({ expired: await expireMachines(app.jobsDb, now) }),
    },
    {
      // Sessions past their idle or absolute limit are useless rows.
      name: 'sessions-purge',
      everyMs: HOUR_MS,
      expireSeconds: 120,
      run: async ({ now }) => ({ purged: await purgeDeadSessions(app.jobsDb, app.config.session, now) }),
    },
    {
      // Connection records whose app went quiet and whose lease lapsed end as LOST.
      name: 'connection-sessions-lost',
      everyMs: 30_000,
      expireSeconds: 60,
      run: async ({ now, signal }) => ({ lost: await sweepLostSessions(app.jobsDb, app.kv, now, signal) }),
    },
    {
      // Connection records past their plan's history (7 days free, 180 Pro) are removed, not hidden.
      name: 'connection-records-retention',
      everyMs: HOUR_MS,
      expireSeconds: 600,
      run: async ({ now, signal }) => ({ removed: await removeExpiredSessions(app.jobsDb, now, signal) }),
    },
    {
      // Cancelled accounts past their 15-day cooling-off lose their personal data.
      name: 'accounts-erase',
      everyMs: HOUR_MS,
      expireSeconds: 300,
      run: async ({ now }) => ({ erased: await eraseDueAccounts(app.jobsDb, app.kv, now) }),
    },
  ];
  return jobs.filter((job) => job.everyMs > 0);
}
