// @ts-check
// A rolling restart without errors (docs/adr/0026): instance 1 and then instance 2 get SIGTERM,
// exit and start again while reads and writes run through nginx. A draining instance refuses new
// connections (nginx sends those elsewhere, writes too) and answers what still arrives on its
// kept-alive connections with Connection: close; nginx passes a read it lost to the other
// instance and never a write once sent. So every GET answers 200, and every order creation is
// answered, and the orders in the database are exactly those answered 200: none lost, none doubled.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { byStatus, isOkAnswer, timedAsk } from './table-lock.mjs';

const pg = createRequire(import.meta.url)('pg');

const WORKERS = 8;
/** Of the workers, this many create orders; the others read. */
const WRITERS = 3;
/** Load before the first restart and after the last. */
const MARGIN_MS = 1_000;
/**
 * nginx's fail_timeout (its default, 10 s): the refused connection of a draining instance marks
 * it down for that long, and nginx tries it again only then. Restarting the other instance
 * before nginx uses the first again would leave nginx no instance it believes alive.
 */
const NGINX_FAIL_TIMEOUT_MS = 10_000;

/** @param {import('./table-lock.mjs').TContext} ctx */
export async function rollingRestart(ctx) {
  console.info('\n▶ rolling restart of both API instances under a mixed load through nginx');
  const { check } = ctx;
  const me = await timedAsk('user/info', 'nginx', `${ctx.apiEdge}/user/info`, { headers: { authorization: ctx.token } });
  const userId = /** @type {string | undefined} */ (me.data?.id);
  const pricing = await timedAsk('pricing', 'nginx', `${ctx.apiEdge}/memberPricing/detail/v2`);
  const skuId = firstSku(pricing.data);
  check('the account and a product to order are known', isOkAnswer(me) && !!userId && !!skuId, { account: me.status, skuId });
  if (!userId || !skuId) return;

  const since = new Date(Date.now() - 1_000).toISOString();
  let stopped = false;
  /** @type {import('./table-lock.mjs').TTimedAnswer[]} */
  const answers = [];
  const auth = { authorization: ctx.token };
  const load = Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      for (let i = 0; !stopped; i += 1) {
        if (worker < WRITERS) {
          // a key of its own per write: a repeat of this very request would return the same order
          const key = `so-${randomBytes(12).toString('base64url')}`;
          answers.push(
            await timedAsk('write', 'nginx', `${ctx.apiEdge}/order/createV2`, {
              method: 'POST',
              headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': key },
              body: JSON.stringify({ skuId }),
            }),
          );
        } else {
          answers.push(
            await (i % 2 === 0
              ? timedAsk('GET user/info', 'nginx', `${ctx.apiEdge}/user/info`, { headers: auth })
              : timedAsk('GET news/list', 'nginx', `${ctx.apiEdge}/news/list?page=1`)),
          );
        }
      }
    }),
  );

  /** @type {string[]} */
  const restarts = [];
  try {
    await ctx.pause(MARGIN_MS);
    for (const index of [0, 1]) {
      const started = Date.now();
      ctx.apis[index] = await ctx.restartApi(index);
      restarts.push(`api-${index + 1} ${((Date.now() - started) / 1000).toFixed(1)} s`);
      // as an operator does (deploy/README.md): healthy, then nginx's fail_timeout, then the next
      if (index === 0) await ctx.pause(NGINX_FAIL_TIMEOUT_MS + 1_000);
    }
    await ctx.pause(MARGIN_MS);
  } finally {
    stopped = true;
    await load;
  }

  const gets = answers.filter((answer) => answer.kind.startsWith('GET'));
  const writes = answers.filter((answer) => answer.kind === 'write');
  const created = writes.filter(isOkAnswer);
  console.info(`    restarts: ${restarts.join(', ')}; ${gets.length} GETs, ${writes.length} writes`);
  console.info(`    answers: ${JSON.stringify(byStatus(answers))}`);
  const failedGets = gets.filter((answer) => !isOkAnswer(answer));
  check('both instances were restarted (SIGTERM, exit, start, healthy)', restarts.length === 2, restarts);
  check(
    '0 failed GETs: every GET answered 200',
    gets.length > 0 && failedGets.length === 0,
    failedGets.length ? byStatus(failedGets) : `${gets.length} GETs`,
  );
  // an envelope is an answer the client can act on; no answer at all (a reset reaching the client) is not
  const unanswered = writes.filter((answer) => answer.status === 0 || answer.errcode === null);
  check(
    'every write was answered (200, or an envelope)',
    writes.length > 0 && unanswered.length === 0,
    unanswered.length ? byStatus(unanswered) : `${created.length} of ${writes.length} created`,
  );

  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT id FROM orders WHERE user_id = $1 AND created_at >= $2', [userId, since]);
    const inDatabase = new Set(rows.map((/** @type {{ id: string }} */ row) => row.id));
    const answered = new Set(created.map((answer) => /** @type {string} */ (answer.data?.id)));
    const lost = [...answered].filter((id) => !inDatabase.has(id));
    const unannounced = [...inDatabase].filter((id) => !answered.has(id));
    console.info(`    orders: ${created.length} answered 200 (${answered.size} distinct), ${inDatabase.size} in the database`);
    check(
      'no write lost or doubled: the orders in the database are exactly those answered 200',
      answered.size === created.length && lost.length === 0 && unannounced.length === 0,
      { answered: answered.size, inDatabase: inDatabase.size, lost, unannounced },
    );
  } finally {
    await client.end();
  }
  check(
    'both instances are up afterwards',
    ctx.apis.every((proc) => ctx.alive(proc)),
    ctx.apis.map((proc) => (ctx.alive(proc) ? 'up' : `${proc.name} exited`)),
  );
}

/** The first MEMBER SKU the price list offers, else any SKU it names. */
function firstSku(/** @type {unknown} */ pricing) {
  /** @type {{ skuId: string, itemType?: string }[]} */
  const found = [];
  const walk = (/** @type {unknown} */ value) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const record = /** @type {Record<string, unknown>} */ (value);
      if (typeof record.skuId === 'string')
        found.push({ skuId: record.skuId, itemType: typeof record.itemType === 'string' ? record.itemType : undefined });
      Object.values(record).forEach(walk);
    }
  };
  walk(pricing);
  return (found.find((sku) => sku.itemType === 'MEMBER') ?? found[0])?.skuId;
}
