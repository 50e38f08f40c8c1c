import { randomBytes, randomInt } from 'node:crypto';
import { fromDbDate, newId, toDbDate } from '../../../src/infrastructure/db/dialect';
import { type Db } from '../../../src/infrastructure/db/schema';
import { insertUser } from '../../../src/modules/users/users.repository';
import { recordCommission, type RecordedCommission } from '../../../src/modules/referrals/commission.service';
import { generateReferralCode } from '../../../src/modules/referrals/referrals.service';

// Real rows for the ledger tests: users, ambassadors, bindings and paid orders (the tables the
// commission rules read) written straight into the database, with the times a test needs.

export const DAY = 24 * 3_600_000;
export const HOUR = 3_600_000;

let counter = 0;
const run = randomBytes(3).toString('hex');
const mobileBlock = String(randomInt(1000, 10000));

export interface TestUser {
  id: string;
  mobile: string;
  email: string;
}

export async function insertTestUser(db: Db, contact: { mobile?: string; email?: string } = {}): Promise<TestUser> {
  counter += 1;
  const n = String(counter).padStart(4, '0');
  const user = { id: newId(), mobile: contact.mobile ?? `137${mobileBlock}${n}`, email: contact.email ?? `ref${run}${n}@example.com` };
  await insertUser(db, {
    id: user.id,
    username: `ref${run}${n}`,
    mobile: user.mobile,
    email: user.email,
    nickname: `ref${run}${n}`,
    passwordHash: 'not-a-real-hash',
    now: toDbDate(new Date()),
  });
  return user;
}

/** Makes `user` an ambassador with a code of its own; returns the code. */
export async function makeAmbassador(db: Db, userId: string): Promise<string> {
  const code = generateReferralCode();
  await db
    .insertInto('ambassadors')
    .values({ user_id: userId, referral_code: code, activity_type: 'LZ', joined_at: toDbDate(new Date()) })
    .execute();
  return code;
}

export async function bind(db: Db, referredUserId: string, ambassadorUserId: string, boundAt: Date, code = 'XXXXXXXX'): Promise<void> {
  await db
    .insertInto('referral_bindings')
    .values({
      referred_user_id: referredUserId,
      ambassador_user_id: ambassadorUserId,
      referral_code: code,
      bound_at: toDbDate(boundAt),
      expires_at: toDbDate(boundAt.getTime() + 60 * DAY),
    })
    .execute();
}

export function commissionsOf(db: Db, orderId: string) {
  return db.selectFrom('commissions').selectAll().where('order_id', '=', orderId).orderBy('order_item_id').execute();
}

export interface TestOrder {
  id: string;
  items: Array<{ id: string; itemType: string; amountFen: number }>;
}

/** A paid (FULFILLED) order of `userId` with one order_items row per [itemType, paid fen]. */
export async function insertPaidOrder(db: Db, userId: string, paidAt: Date, lines: Array<[string, number]>): Promise<TestOrder> {
  const odb = db;
  const id = newId();
  const total = lines.reduce((sum, [, fen]) => sum + fen, 0);
  const at = toDbDate(paidAt);
  await odb
    .insertInto('orders')
    .values({
      id,
      user_id: userId,
      status: 'FULFILLED',
      source: 'WEB',
      currency: 'CNY',
      total_fen: total,
      original_total_fen: total,
      refunded_fen: 0,
      subject: 'test order',
      pay_token_hash: null,
      paid_payment_id: null,
      pay_method: 'ZFB',
      pay_client: 'WEB',
      created_at: at,
      updated_at: at,
      expires_at: at,
      paid_at: at,
      fulfilled_at: at,
      completed_at: null,
      closed_at: null,
    })
    .execute();
  const items = lines.map(([itemType, amountFen]) => ({ id: newId(), itemType, amountFen }));
  for (const item of items) {
    await odb
      .insertInto('order_items')
      .values({
        id: item.id,
        order_id: id,
        item_type: item.itemType,
        sku_id: `TEST_${item.itemType}`,
        time_unit: item.itemType === 'MEMBER' ? 'MONTH' : null,
        duration: 1,
        units: 1,
        quantity: 1,
        quality_tier: null,
        price_fen: item.amountFen,
        original_price_fen: item.amountFen,
        amount_fen: item.amountFen,
        grant_json: null,
      })
      .execute();
  }
  return { id, items };
}

/**
 * recordCommission() for an order as the order tables hold it: payer = orders.user_id, paidAt
 * = orders.paid_at, one item per order_items row with what was paid for it (amount_fen).
 */
export async function recordCommissionForOrder(trx: Db, orderId: string): Promise<RecordedCommission[]> {
  const order = await trx.selectFrom('orders').select(['id', 'user_id', 'paid_at']).where('id', '=', orderId).executeTakeFirst();
  if (!order?.paid_at) return [];
  const items = await trx
    .selectFrom('order_items')
    .select(['id', 'item_type', 'amount_fen'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return recordCommission(trx, {
    order: { id: order.id },
    items: items.map((item) => ({ id: item.id, itemType: item.item_type, amountFen: Number(item.amount_fen) })),
    payerUserId: order.user_id,
    paidAt: fromDbDate(order.paid_at),
  });
}
