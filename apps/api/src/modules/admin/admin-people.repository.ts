import { ADMIN_USER_SEARCH_CANDIDATES, MAINLAND_REGION, PHONE_COUNTRIES, cleanPhoneInput, normalizePhone } from '@llk/contracts';
import { type Selectable, sql } from 'kysely';
import { isPostgres, toCount } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { type UsersTable } from '../../db/tables/accounts.table';
import { type InvoiceRequestsTable, type OrdersTable } from '../../db/tables/orders.table';

// What the back office reads about users and orders (ADR 0019): searches and the pages of one
// user and one order. Reads only; every change goes through the owning module's index.ts.
// Lists are keyset pages on (created_at, id), newest first, never OFFSET.

export type AdminUserRow = Selectable<UsersTable>;
export type AdminOrderRow = Selectable<OrdersTable>;
export type AdminInvoiceRow = Selectable<InvoiceRequestsTable>;

export interface KeysetCut {
  createdAt: string;
  id: string;
}

type PrefixColumn = 'username_norm' | 'mobile' | 'email';

/**
 * What a search term is as the start of a stored phone (E.164, ADR 0027), national digits read in
 * `region` (the back office's country select; CN when absent): a whole mobile in any form is its
 * E.164 (139 1234 5678, 0086 139…, +86 139…; with ES, 612 345 678 → +34612345678); a partial
 * one, in CN its digits after +86 when they start like a mainland mobile (1391234 → +861391234),
 * in another region its digits after that region's calling code without a leading trunk 0
 * (ES 6123 → +346123, FR 0612 → +33612), and always after + (34612 → +34612); a term with a + as
 * cleaned. Anything else (a name, an email) as typed, lower-cased.
 */
export function phonePrefixesOf(q: string, region: string = MAINLAND_REGION): string[] {
  const whole = normalizePhone(q, region);
  if (whole) return [whole];
  const cleaned = cleanPhoneInput(q.trim());
  if (/^\+\d+$/.test(cleaned)) return [cleaned];
  if (/^\d{3,}$/.test(cleaned)) {
    if (region === MAINLAND_REGION) return cleaned.startsWith('1') && cleaned.length <= 11 ? [`+86${cleaned}`, `+${cleaned}`] : [`+${cleaned}`];
    const callingCode = PHONE_COUNTRIES.find((country) => country.region === region)?.callingCode;
    return callingCode ? [...new Set([`+${callingCode}${cleaned.replace(/^0/, '')}`, `+${cleaned}`])] : [`+${cleaned}`];
  }
  return [q.toLowerCase()];
}

/** At most this many users per searched column are candidates for one search (see searchUsers). */
const USER_PREFIX_CANDIDATES = ADMIN_USER_SEARCH_CANDIDATES;

/**
 * Users whose id is `q`, or whose username, phone or email starts with it (compared lower-cased,
 * as those columns are stored), newest first after `before`. Without `q`, a keyset page of all
 * users on the (created_at, id) index.
 *
 * With `q`, each prefix first finds at most USER_PREFIX_CANDIDATES + 1 ids from its own index
 * (PostgreSQL: text_pattern_ops, migration 0027; SQLite: a range on the column's unique index),
 * and the page is the newest of those: the work is bounded however broad the prefix. Ordering all
 * matches by time instead made PostgreSQL walk the time index past every non-matching user (a
 * prefix shared by 11% of a million users, all of them older than the rest: 0.7 s). `capped` says
 * a prefix matched more than that, so the answer may miss older matches: the screen asks for more
 * of the name, phone or email.
 */
export async function searchUsers(db: Db, options: { q?: string; region?: string; before?: KeysetCut; limit: number }): Promise<{ rows: AdminUserRow[]; capped: boolean }> {
  const before = options.before;
  const exact = options.q;
  if (exact === undefined) {
    let query = db.selectFrom('users').selectAll();
    // a row comparison, so the database seeks the (created_at, id) index to the cut: deep pages cost what the first does
    if (before) query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(before.createdAt, before.id)));
    return { rows: await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute(), capped: false };
  }
  const postgres = isPostgres(db);
  // the phone column is searched by the term's E.164 prefixes (phonePrefixesOf), the others as typed
  const searches: Array<[PrefixColumn, string]> = [
    ['username_norm', exact.toLowerCase()],
    ...phonePrefixesOf(exact, options.region).map((prefix): [PrefixColumn, string] => ['mobile', prefix]),
    ['email', exact.toLowerCase()],
  ];
  // In the prefix index's own order, so the database reads the index from the prefix on and stops
  // at the limit. Unordered, PostgreSQL chose a sequential scan for a broad prefix, and a scan
  // that joined another one mid-table (synchronised scans) read half the table before a match.
  const found = await Promise.all(
    searches.map(([column, q]) =>
      postgres
        ? db
            .selectFrom('users')
            .select('id')
            .where(column, 'like', `${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`)
            .orderBy(sql`${sql.ref(column)} using ~<~`)
            .limit(USER_PREFIX_CANDIDATES + 1)
            .execute()
        : db
            .selectFrom('users')
            .select('id')
            .where((eb) => eb.and([eb(column, '>=', q), eb(column, '<', `${q}\uffff`)]))
            .orderBy(column)
            .limit(USER_PREFIX_CANDIDATES + 1)
            .execute(),
    ),
  );
  const capped = found.some((ids) => ids.length > USER_PREFIX_CANDIDATES);
  const ids = [...new Set([exact, ...found.flatMap((rows) => rows.slice(0, USER_PREFIX_CANDIDATES).map((row) => row.id))])];
  // the candidates by primary key first (the inner LIMIT keeps the planner from folding this into
  // a walk of the time index, which would pass every newer user that is not a candidate), then
  // the newest of them
  const candidates = db.selectFrom('users').selectAll().where('id', 'in', ids).limit(ids.length).as('u');
  let query = db.selectFrom(candidates).selectAll();
  if (before) query = query.where((eb) => eb(eb.refTuple('u.created_at', 'u.id'), '<', eb.tuple(before.createdAt, before.id)));
  return { rows: await query.orderBy('u.created_at', 'desc').orderBy('u.id', 'desc').limit(options.limit).execute(), capped };
}

export function findAdminUser(db: Db, id: string): Promise<AdminUserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listUserDevices(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('devices')
    .select(['id', 'name', 'client_type', 'app_version', 'last_seen_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function findReferralBinding(db: Db, userId: string) {
  return db.selectFrom('referral_bindings').selectAll().where('referred_user_id', '=', userId).executeTakeFirst();
}

export async function findAmbassador(db: Db, userId: string): Promise<{ referral_code: string; joined_at: string; referred: number } | undefined> {
  const row = await db.selectFrom('ambassadors').select(['referral_code', 'joined_at']).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return undefined;
  const count = await db.selectFrom('referral_bindings').select((eb) => eb.fn.countAll().as('n')).where('ambassador_user_id', '=', userId).executeTakeFirst();
  return { ...row, referred: toCount(count?.n) };
}

export interface OrderFilter {
  id?: string;
  userId?: string;
  status?: string;
  itemType?: string;
  from?: string;
  to?: string;
  before?: KeysetCut;
  limit: number;
}

/** Orders matching every given filter, newest first after `before`. */
/** Orders with their customer's username (the lists show names, not ids). */
export function searchOrders(db: Db, filter: OrderFilter): Promise<(AdminOrderRow & { username: string | null })[]> {
  let query = db.selectFrom('orders').leftJoin('users', 'users.id', 'orders.user_id').selectAll('orders').select('users.username as username');
  if (filter.id !== undefined) query = query.where('orders.id', '=', filter.id);
  if (filter.userId !== undefined) query = query.where('orders.user_id', '=', filter.userId);
  if (filter.status !== undefined) query = query.where('orders.status', '=', filter.status);
  if (filter.from !== undefined) query = query.where('orders.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('orders.created_at', '<', filter.to);
  const itemType = filter.itemType;
  if (itemType !== undefined) {
    query = query.where((eb) => eb.exists(eb.selectFrom('order_items').select('order_items.id').whereRef('order_items.order_id', '=', 'orders.id').where('order_items.item_type', '=', itemType)));
  }
  const before = filter.before;
  if (before) {
    query = query.where((eb) => eb(eb.refTuple('orders.created_at', 'orders.id'), '<', eb.tuple(before.createdAt, before.id)));
  }
  return query.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(filter.limit).execute();
}

export function findAdminOrder(db: Db, id: string): Promise<AdminOrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listOrderItems(db: Db, orderId: string) {
  return db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export function listOrderPayments(db: Db, orderId: string) {
  return db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute();
}

/** Every verified gateway notification received about these payment attempts, oldest first. */
export function listPaymentNotifications(db: Db, payments: readonly { method: string; payment_no: string }[]) {
  if (payments.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('gateway_notifications')
    .select(['id', 'method', 'payment_no', 'gateway_trade_no', 'amount_fen', 'success', 'verification', 'outcome', 'received_at'])
    .where((eb) => eb.or(payments.map((payment) => eb.and([eb('method', '=', payment.method), eb('payment_no', '=', payment.payment_no)]))))
    .orderBy('received_at')
    .orderBy('id')
    .execute();
}

/** What was asked of the gateways about these attempts (newest first, the latest 50), with the staff member who asked. */
export function listGatewayQueries(db: Db, paymentIds: readonly string[]) {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('gateway_queries as q')
    .innerJoin('payments as p', 'p.id', 'q.payment_id')
    .leftJoin('staff as s', 's.id', 'q.staff_id')
    .select(['q.id', 'q.method', 'p.payment_no', 'q.source', 's.username as staff_username', 'q.state', 'q.amount_fen', 'q.gateway_trade_no', 'q.error', 'q.asked_at'])
    .where('q.payment_id', 'in', paymentIds)
    .orderBy('q.asked_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(50)
    .execute();
}

export function listOrderRefunds(db: Db, orderId: string) {
  return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute();
}

export function listOrderInvoices(db: Db, orderId: string): Promise<AdminInvoiceRow[]> {
  return db.selectFrom('invoice_requests').selectAll().where('order_id', '=', orderId).orderBy('id', 'desc').execute();
}

/** Invoice requests, newest first (ids are time-ordered), by state when given. */
export function searchInvoices(db: Db, options: { state?: string; before?: string; limit: number }): Promise<AdminInvoiceRow[]> {
  let query = db.selectFrom('invoice_requests').selectAll();
  if (options.state !== undefined) query = query.where('state', '=', options.state);
  if (options.before !== undefined) query = query.where('id', '<', options.before);
  return query.orderBy('id', 'desc').limit(options.limit).execute();
}

export function findInvoice(db: Db, id: string): Promise<AdminInvoiceRow | undefined> {
  return db.selectFrom('invoice_requests').selectAll().where('id', '=', id).executeTakeFirst();
}
