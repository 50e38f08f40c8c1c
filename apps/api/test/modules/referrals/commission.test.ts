import { describe, expect, it } from 'vitest';
import { toDbDate } from '../../../src/infrastructure/db/dialect';
import { matureCommissions, recordCommission, reverseCommissionsForOrder } from '../../../src/modules/referrals/commission.service';
import { testDialects, useTestDatabase } from '../../helper';
import { bind, commissionsOf, DAY, HOUR, insertPaidOrder, insertTestUser, makeAmbassador, recordCommissionForOrder } from './fixtures';

describe.each(testDialects())('commission ledger on $dialect', ({ dialect }) => {
  const database = useTestDatabase(dialect);
  const db = () => database.handle.db;

  /** An ambassador and a user bound to them at `boundAt`. */
  async function pair(boundAt: Date) {
    const ambassador = await insertTestUser(db());
    await makeAmbassador(db(), ambassador.id);
    const payer = await insertTestUser(db());
    await bind(db(), payer.id, ambassador.id, boundAt);
    return { ambassador, payer };
  }

  it('writes 20% of MEMBER and MONITOR items of a paid order, rounded down to whole fen, as PENDING for 7 days', async () => {
    const { ambassador, payer } = await pair(new Date(Date.now() - 10 * DAY));
    const paidAt = new Date(Date.now() - HOUR);
    const order = await insertPaidOrder(db(), payer.id, paidAt, [
      ['MEMBER', 2999], // 599.8 → 599
      ['MONITOR', 1001], // 200.2 → 200
    ]);
    const written = await db()
      .transaction()
      .execute((trx) => recordCommissionForOrder(trx, order.id));
    expect(written.map((line) => [line.orderItemId, line.amountFen])).toEqual([
      [order.items[0]?.id, 599],
      [order.items[1]?.id, 200],
    ]);
    const rows = await commissionsOf(db(), order.id);
    expect(
      rows.map((row) => [row.item_type, row.base_amount_fen, row.amount_fen, row.state, row.ambassador_user_id, row.referred_user_id]),
    ).toEqual([
      ['MEMBER', 2999, 599, 'PENDING', ambassador.id, payer.id],
      ['MONITOR', 1001, 200, 'PENDING', ambassador.id, payer.id],
    ]);
    expect(rows[0]?.paid_at).toBe(toDbDate(paidAt));
    expect(rows[0]?.effective_after).toBe(toDbDate(paidAt.getTime() + 7 * DAY));
  });

  it('never pays on CHANNEL, QUALITY or cloud-PC items, nor on items too small for one fen', async () => {
    const { payer } = await pair(new Date(Date.now() - DAY));
    const order = await insertPaidOrder(db(), payer.id, new Date(), [
      ['CHANNEL', 9900],
      ['QUALITY', 9900],
      ['CLOUD_PC', 99900],
      ['MEMBER', 4], // 0.8 fen → nothing
      ['MEMBER', 5], // 1 fen
    ]);
    const written = await recordCommissionForOrder(db(), order.id);
    expect(written.map((line) => line.orderItemId)).toEqual([order.items[4]?.id]);
    expect((await commissionsOf(db(), order.id)).map((row) => [row.item_type, row.amount_fen])).toEqual([['MEMBER', 1]]);
  });

  it('pays while the binding is active: day 59 yes, day 60 exactly and day 61 no, nothing before it', async () => {
    const boundAt = new Date(Date.now() - 100 * DAY);
    const { payer } = await pair(boundAt);
    const cases: Array<[string, number, number]> = [
      ['day 59', 59 * DAY, 1],
      ['day 60 exactly (the binding has ended)', 60 * DAY, 0],
      ['day 61', 61 * DAY, 0],
      ['before the binding', -HOUR, 0],
    ];
    for (const [label, offset, expected] of cases) {
      const order = await insertPaidOrder(db(), payer.id, new Date(boundAt.getTime() + offset), [['MEMBER', 1000]]);
      await recordCommissionForOrder(db(), order.id);
      expect((await commissionsOf(db(), order.id)).length, label).toBe(expected);
    }
  });

  it('counts a payment the gateway reports, in whole seconds, as made in the second of the sign-up', async () => {
    const boundAt = new Date(Math.floor(Date.now() / 1000) * 1000 - DAY + 700); // 0.7 s into a second
    const { payer } = await pair(boundAt);
    const sameSecond = await insertPaidOrder(db(), payer.id, new Date(boundAt.getTime() - 700), [['MEMBER', 1000]]);
    const secondBefore = await insertPaidOrder(db(), payer.id, new Date(boundAt.getTime() - 701), [['MEMBER', 1000]]);
    expect(await recordCommissionForOrder(db(), sameSecond.id)).toHaveLength(1);
    expect(await recordCommissionForOrder(db(), secondBefore.id)).toEqual([]);
  });

  it('pays nothing for a user who is not bound, or for an order that is not paid', async () => {
    const payer = await insertTestUser(db());
    const order = await insertPaidOrder(db(), payer.id, new Date(), [['MEMBER', 1000]]);
    expect(await recordCommissionForOrder(db(), order.id)).toEqual([]);
    expect(await commissionsOf(db(), order.id)).toEqual([]);

    const { payer: bound } = await pair(new Date(Date.now() - DAY));
    const unpaid = await insertPaidOrder(db(), bound.id, new Date(), [['MEMBER', 1000]]);
    await db().updateTable('orders').set({ paid_at: null }).where('id', '=', unpaid.id).execute();
    expect(await recordCommissionForOrder(db(), unpaid.id)).toEqual([]);
    expect(await recordCommissionForOrder(db(), 'no-such-order')).toEqual([]);
  });

  it('refuses self-referral: the same account, or one sharing the phone or the email', async () => {
    const now = new Date();
    // the same account (cannot happen at sign-up; the ledger guards anyway)
    const self = await insertTestUser(db());
    await makeAmbassador(db(), self.id);
    await bind(db(), self.id, self.id, new Date(now.getTime() - DAY));
    // emails and phones are unique per account: the same address in other letter cases, the
    // same phone with the country code (both slip past the unique indexes)
    const ambassador = await insertTestUser(db());
    await makeAmbassador(db(), ambassador.id);
    const sameEmail = await insertTestUser(db());
    await bind(db(), sameEmail.id, ambassador.id, new Date(now.getTime() - DAY));
    await db().updateTable('users').set({ email: ambassador.email.toUpperCase() }).where('id', '=', sameEmail.id).execute();
    const ambassador2 = await insertTestUser(db());
    await makeAmbassador(db(), ambassador2.id);
    const samePhone = await insertTestUser(db());
    await bind(db(), samePhone.id, ambassador2.id, new Date(now.getTime() - DAY));
    await db()
      .updateTable('users')
      .set({ mobile: `+86 ${ambassador2.mobile}` })
      .where('id', '=', samePhone.id)
      .execute();

    for (const payer of [self, sameEmail, samePhone]) {
      const order = await insertPaidOrder(db(), payer.id, now, [['MEMBER', 1000]]);
      expect(await recordCommissionForOrder(db(), order.id)).toEqual([]);
      expect(await commissionsOf(db(), order.id)).toEqual([]);
    }
    // control: a payer with contacts of their own earns the ambassador a line
    const other = await insertTestUser(db());
    await bind(db(), other.id, ambassador.id, new Date(now.getTime() - DAY));
    const order = await insertPaidOrder(db(), other.id, now, [['MEMBER', 1000]]);
    expect(await recordCommissionForOrder(db(), order.id)).toHaveLength(1);
  });

  it('writes one line per order item however often the payment path runs (also concurrently)', async () => {
    const { payer } = await pair(new Date(Date.now() - DAY));
    const order = await insertPaidOrder(db(), payer.id, new Date(), [['MEMBER', 1000]]);
    const first = await db()
      .transaction()
      .execute((trx) => recordCommissionForOrder(trx, order.id));
    const again = await db()
      .transaction()
      .execute((trx) => recordCommissionForOrder(trx, order.id));
    const parallel = await Promise.all([recordCommissionForOrder(db(), order.id), recordCommissionForOrder(db(), order.id)]);
    expect(first).toHaveLength(1);
    expect(again).toEqual([]);
    expect(parallel.flat()).toEqual([]);
    expect(await commissionsOf(db(), order.id)).toHaveLength(1);
  });

  it('is written in the caller’s transaction: a rolled-back payment leaves no line', async () => {
    const { payer } = await pair(new Date(Date.now() - DAY));
    const order = await insertPaidOrder(db(), payer.id, new Date(), [['MEMBER', 1000]]);
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await recordCommission(trx, { order: { id: order.id }, items: order.items, payerUserId: payer.id, paidAt: new Date() });
          throw new Error('payment failed later');
        }),
    ).rejects.toThrow('payment failed later');
    expect(await commissionsOf(db(), order.id)).toEqual([]);
  });

  it('becomes EFFECTIVE after 7 days without a refund: not at 6 days 23 hours, yes at 7 days', async () => {
    const { ambassador, payer } = await pair(new Date(Date.now() - 30 * DAY));
    const paidAt = new Date(Date.now() - 20 * DAY);
    const order = await insertPaidOrder(db(), payer.id, paidAt, [['MONITOR', 5000]]);
    await recordCommissionForOrder(db(), order.id);

    expect(await matureCommissions(db(), new Date(paidAt.getTime() + 6 * DAY + 23 * HOUR), ambassador.id)).toBe(0);
    expect((await commissionsOf(db(), order.id))[0]?.state).toBe('PENDING');

    const sevenDays = new Date(paidAt.getTime() + 7 * DAY);
    expect(await matureCommissions(db(), sevenDays, ambassador.id)).toBe(1);
    const [line] = await commissionsOf(db(), order.id);
    expect(line?.state).toBe('EFFECTIVE');
    expect(line?.effective_at).toBe(toDbDate(sevenDays));
    expect(await matureCommissions(db(), new Date(paidAt.getTime() + 8 * DAY), ambassador.id)).toBe(0); // once
  });

  it('a refund within the window reverses the order’s lines; they never become effective', async () => {
    const { payer } = await pair(new Date(Date.now() - 30 * DAY));
    const paidAt = new Date(Date.now() - 20 * DAY);
    const lines: Array<[string, number]> = [
      ['MEMBER', 3000],
      ['MONITOR', 1000],
    ];
    const order = await insertPaidOrder(db(), payer.id, paidAt, lines);
    const other = await insertPaidOrder(db(), payer.id, paidAt, lines);
    await recordCommissionForOrder(db(), order.id);
    await recordCommissionForOrder(db(), other.id);

    const refundedAt = new Date(paidAt.getTime() + 6 * DAY + 23 * HOUR);
    expect(
      await db()
        .transaction()
        .execute((trx) => reverseCommissionsForOrder(trx, order.id, refundedAt)),
    ).toBe(2);
    expect(await reverseCommissionsForOrder(db(), order.id, refundedAt)).toBe(0); // once
    await matureCommissions(db(), new Date(paidAt.getTime() + 8 * DAY));
    expect((await commissionsOf(db(), order.id)).map((row) => [row.state, row.reversed_at])).toEqual([
      ['REVERSED', toDbDate(refundedAt)],
      ['REVERSED', toDbDate(refundedAt)],
    ]);
    // the other order of the same payer is untouched
    expect((await commissionsOf(db(), other.id)).map((row) => row.state)).toEqual(['EFFECTIVE', 'EFFECTIVE']);
  });

  it('a refund after the window does not reverse (effective, or pending but already due): it claws the commission back', async () => {
    const { payer } = await pair(new Date(Date.now() - 30 * DAY));
    const paidAt = new Date(Date.now() - 20 * DAY);
    const matured = await insertPaidOrder(db(), payer.id, paidAt, [['MEMBER', 1000]]);
    const due = await insertPaidOrder(db(), payer.id, paidAt, [['MEMBER', 1000]]);
    await recordCommissionForOrder(db(), matured.id);
    await recordCommissionForOrder(db(), due.id);
    await db()
      .updateTable('commissions')
      .set({ state: 'EFFECTIVE', effective_at: toDbDate(paidAt.getTime() + 7 * DAY) })
      .where('order_id', '=', matured.id)
      .execute();
    // the refund path has recorded the whole order as refunded before it calls in
    await db().updateTable('orders').set({ refunded_fen: 1000 }).where('id', 'in', [matured.id, due.id]).execute();
    const refundedAt = new Date(paidAt.getTime() + 7 * DAY);
    expect(await reverseCommissionsForOrder(db(), matured.id, refundedAt)).toBe(0);
    expect(await reverseCommissionsForOrder(db(), due.id, refundedAt)).toBe(0);
    expect((await commissionsOf(db(), matured.id)).map((row) => [row.state, row.amount_fen])).toEqual([
      ['EFFECTIVE', 200],
      ['CLAWBACK', -200],
    ]);
    expect((await commissionsOf(db(), due.id)).map((row) => [row.state, row.amount_fen])).toEqual([
      ['PENDING', 200],
      ['CLAWBACK', -200],
    ]);
    // once: asked again, nothing more
    expect(await reverseCommissionsForOrder(db(), matured.id, refundedAt)).toBe(0);
    expect(await commissionsOf(db(), matured.id)).toHaveLength(2);
  });
});
