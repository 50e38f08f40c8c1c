import fp from 'fastify-plugin';
import { createMemo } from '../../infrastructure/memo';
import { SESSION_MEMO_CHANNEL, type SessionMemo } from '../../modules/auth';
import { PLAN_MEMO_CHANNEL, PLAN_MEMO_TABLES, type PlanMemo } from '../../modules/pricing';
import { ACCOUNT_MEMO_CHANNEL, ACCOUNT_MEMO_TABLES, accountMemoKeys, type AccountMemo } from '../../modules/users';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live sessions this instance read, by token hash (infrastructure/memo.ts, auth/sessions.service.ts). */
    sessionMemo: SessionMemo;
    /** Accounts this instance read for `/user/info` and the plan reads, by user id. */
    accountMemo: AccountMemo;
    /** What each plan allows (devices, sessions, history days), by plan id: read on every connect check. */
    planMemo: PlanMemo;
  }
}

// Sessions: a few hundred bytes each. Accounts: a user row each (about 1 KB).
const SESSION_ENTRIES = 50_000;
const ACCOUNT_ENTRIES = 20_000;
// Plans: a handful of rows of three numbers.
const PLAN_ENTRIES = 100;

export default fp(
  async (app) => {
    const ttlMs = app.config.memoMs;
    const sessionMemo: SessionMemo = createMemo(app.kv, { channel: SESSION_MEMO_CHANNEL, ttlMs, maxEntries: SESSION_ENTRIES });
    const accountMemo: AccountMemo = createMemo(app.kv, { channel: ACCOUNT_MEMO_CHANNEL, ttlMs, maxEntries: ACCOUNT_ENTRIES });
    app.decorate('sessionMemo', sessionMemo);
    const planMemo: PlanMemo = createMemo(app.kv, { channel: PLAN_MEMO_CHANNEL, ttlMs, maxEntries: PLAN_ENTRIES });
    app.decorate('accountMemo', accountMemo);
    app.decorate('planMemo', planMemo);
    // without the store's messages (Redis away at start) a memo stays off: every read goes through
    for (const [name, memo] of [
      ['session', sessionMemo],
      ['account', accountMemo],
      ['plan', planMemo],
    ] as const) {
      await memo.start().catch((error: unknown) => app.log.warn({ err: error }, `${name} memo off: no change messages`));
    }
    // a committed write to an account's rows ends its copies here at once, elsewhere by message
    const stop = app.database.writes.listen(ACCOUNT_MEMO_TABLES, (writes) => {
      accountMemo
        .forget(accountMemoKeys(writes))
        .catch((error: unknown) => app.log.warn({ err: error }, 'account memo: change not announced'));
    });
    // a committed write to pricing_plans ends every plan's copy (a handful of rows)
    const stopPlans = app.database.writes.listen(PLAN_MEMO_TABLES, () => {
      planMemo.forget('all').catch((error: unknown) => app.log.warn({ err: error }, 'plan memo: change not announced'));
    });
    app.addHook('onClose', async () => {
      stop();
      stopPlans();
      await Promise.all([sessionMemo.close(), accountMemo.close(), planMemo.close()]);
    });
  },
  { name: 'memos', dependencies: ['config', 'db', 'kv'] },
);
