import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation, newId, toDbDate } from '../../../src/infrastructure/db/dialect';
import { migrations } from '../../../src/infrastructure/db/migrations';
import { migrateToLatest } from '../../../src/infrastructure/db/migrate';
import { insertUser } from '../../../src/modules/users/users.repository';
import { createTestDatabase, testDialects, useTestDatabase } from '../../helper';

// Migration 0005: the uniqueness the exactly-once rules lean on holds on both dialects.

describe.each(testDialects())('0005-orders on $dialect', ({ dialect }) => {
  const test = useTestDatabase(dialect);

  async function seedOrder() {
    const db = test.handle.db;
    const now = toDbDate(new Date());
    const userId = newId();
    await insertUser(test.handle.db, {
      id: userId,
      username: `s${userId}`,
      mobile: `+1777${userId.slice(-8)}`,
      email: null,
      nickname: 'x',
      passwordHash: 'x',
      now,
    });
    const orderId = newId();
    await db
      .insertInto('orders')
      .values({
        id: orderId,
        user_id: userId,
        status: 'CREATED',
        source: 'WEB',
        currency: 'CNY',
        total_fen: 100,
        original_total_fen: 100,
        refunded_fen: 0,
        subject: 's',
        pay_token_hash: null,
        paid_payment_id: null,
        pay_method: null,
        pay_client: null,
        created_at: now,
        updated_at: now,
        expires_at: now,
        paid_at: null,
        fulfilled_at: null,
        completed_at: null,
        closed_at: null,
      })
      .execute();
    const payment = (id: string, paymentNo: string) => ({
      id,
      order_id: orderId,
      payment_no: paymentNo,
      method: 'WX',
      client: 'WEB',
      amount_fen: 100,
      state: 'CREATED',
      gateway_trade_no: null,
      needs_refund: 0,
      created_at: now,
      updated_at: now,
      expires_at: now,
      paid_at: null,
    });
    return { db, now, userId, orderId, payment };
  }

  async function violation(work: () => Promise<unknown>): Promise<boolean> {
    try {
      await work();
      return false;
    } catch (error) {
      return isUniqueViolation(error);
    }
  }

  it('keeps payment numbers, refund numbers, dedupe keys, codes and idempotency keys unique', async () => {
    const { db, now, userId, orderId, payment } = await seedOrder();
    const paymentId = newId();
    await db.insertInto('payments').values(payment(paymentId, 'P1')).execute();
    expect(await violation(() => db.insertInto('payments').values(payment(newId(), 'P1')).execute())).toBe(true);

    const refund = (id: string) => ({
      id,
      refund_no: 'R1',
      order_id: orderId,
      payment_id: paymentId,
      amount_fen: 1,
      reason: 'r',
      state: 'PENDING',
      gateway_refund_no: null,
      created_at: now,
      updated_at: now,
      completed_at: null,
    });
    await db.insertInto('refunds').values(refund(newId())).execute();
    expect(await violation(() => db.insertInto('refunds').values(refund(newId())).execute())).toBe(true);

    const notification = () => ({
      id: newId(),
      dedupe_key: 'WX:P1',
      payment_id: paymentId,
      gateway_trade_no: 't',
      amount_fen: 100,
      outcome: 'APPLIED',
      via: 'NOTIFICATION',
      received_at: now,
    });
    await db.insertInto('payment_notifications').values(notification()).execute();
    expect(await violation(() => db.insertInto('payment_notifications').values(notification()).execute())).toBe(true);

    const code = () => ({
      id: newId(),
      code_hash: 'h',
      user_id: userId,
      sku_id: 'S',
      quantity: 1,
      created_at: now,
      expires_at: now,
      used_at: null,
      order_id: null,
    });
    await db.insertInto('order_qr_codes').values(code()).execute();
    expect(await violation(() => db.insertInto('order_qr_codes').values(code()).execute())).toBe(true);

    const key = { user_id: userId, idempotency_key: 'k', request_hash: 'h', order_id: orderId, created_at: now, expires_at: now };
    await db.insertInto('order_idempotency_keys').values(key).execute();
    expect(
      await violation(() =>
        db
          .insertInto('order_idempotency_keys')
          .values({ ...key, request_hash: 'other' })
          .execute(),
      ),
    ).toBe(true);
  });

  it('refuses an order of a user that does not exist', async () => {
    const { db, now } = await seedOrder();
    await expect(
      db
        .insertInto('orders')
        .values({
          id: newId(),
          user_id: 'nobody',
          status: 'CREATED',
          source: 'WEB',
          currency: 'CNY',
          total_fen: 1,
          original_total_fen: 1,
          refunded_fen: 0,
          subject: 's',
          pay_token_hash: null,
          paid_payment_id: null,
          pay_method: null,
          pay_client: null,
          created_at: now,
          updated_at: now,
          expires_at: now,
          paid_at: null,
          fulfilled_at: null,
          completed_at: null,
          closed_at: null,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('rolls back cleanly', async () => {
    const fresh = await createTestDatabase(dialect, { migrate: false });
    try {
      await migrateToLatest(fresh.handle);
      // every migration from 0005 on, newest first (later ones depend on the order tables)
      const names = Object.keys(migrations)
        .filter((name) => name >= '0005')
        .sort()
        .reverse();
      expect(names.at(-1)).toBe('0005-orders');
      for (const name of names) {
        const down = migrations[name]?.down;
        if (!down) throw new Error(`no down migration in ${name}`);
        await down(fresh.handle.db);
      }
      // (PostgreSQL introspection would list other test schemas too: ask the tables directly)
      const exists = (name: string) =>
        sql`select 1 from ${sql.table(name)} limit 1`.execute(fresh.handle.db).then(
          () => true,
          () => false,
        );
      for (const name of [
        'orders',
        'order_items',
        'payments',
        'refunds',
        'order_qr_codes',
        'payment_notifications',
        'order_idempotency_keys',
      ])
        expect(await exists(name), name).toBe(false);
      expect(await exists('users')).toBe(true);
    } finally {
      await fresh.cleanup();
    }
  });
});
