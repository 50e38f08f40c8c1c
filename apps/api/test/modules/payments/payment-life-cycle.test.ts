import { describe, expect, it } from 'vitest';
import { type Db } from '../../../src/infrastructure/db/schema';
import { movePayment, PAYMENT_TRANSITIONS, paymentTransition } from '../../../src/modules/payments/payment-life-cycle';
import { moveRefund, REFUND_TRANSITIONS, refundTransition } from '../../../src/modules/payments/refund-life-cycle';

// no database: a move outside the table is refused before anything is written
const noDb = {} as Db;
const stamp = { updated_at: '2026-12-01T00:00:00.000Z' };

describe('the payment life cycle', () => {
  it("is this table: every change of a payment attempt's state, from which, to which, and who may cause it", () => {
    expect(PAYMENT_TRANSITIONS).toEqual([
      { change: 'open', from: 'CREATED', to: 'PENDING', by: ['GATEWAY'] },
      { change: 'refuse', from: 'CREATED', to: 'FAILED', by: ['GATEWAY'] },
      { change: 'pay', from: 'CREATED', to: 'PAID', by: ['GATEWAY'] },
      { change: 'pay', from: 'PENDING', to: 'PAID', by: ['GATEWAY'] },
      { change: 'pay', from: 'CLOSED', to: 'PAID', by: ['GATEWAY'] },
      { change: 'pay', from: 'FAILED', to: 'PAID', by: ['GATEWAY'] },
      { change: 'close', from: 'CREATED', to: 'CLOSED', by: ['SYSTEM'] },
      { change: 'close', from: 'PENDING', to: 'CLOSED', by: ['SYSTEM'] },
      { change: 'requeue', from: 'CREATED', to: 'CREATED', by: ['SYSTEM'] },
      { change: 'requeue', from: 'PENDING', to: 'PENDING', by: ['SYSTEM'] },
    ]);
  });

  it('has no way out of PAID, and no payment the system declares', () => {
    expect(paymentTransition('close', 'PAID', 'CLOSED', 'SYSTEM')).toBeUndefined();
    expect(paymentTransition('pay', 'PENDING', 'PAID', 'SYSTEM')).toBeUndefined();
  });

  it('refuses a move outside the table before writing anything', async () => {
    await expect(
      movePayment(noDb, 'p1', { change: 'close', from: ['CREATED', 'PAID'], to: 'CLOSED', by: 'SYSTEM' }, stamp),
    ).rejects.toThrow('a payment cannot close from PAID to CLOSED by SYSTEM');
  });
});

describe('the refund life cycle', () => {
  it("is this table: every change of a refund's state, from which, to which, and who may cause it", () => {
    expect(REFUND_TRANSITIONS).toEqual([
      { change: 'no-answer', from: 'PENDING', to: 'PENDING', by: ['GATEWAY'] },
      { change: 'processing', from: 'PENDING', to: 'PROCESSING', by: ['GATEWAY'] },
      { change: 'processing', from: 'PROCESSING', to: 'PROCESSING', by: ['GATEWAY'] },
      { change: 'refund', from: 'PENDING', to: 'SUCCEEDED', by: ['GATEWAY'] },
      { change: 'refund', from: 'PROCESSING', to: 'SUCCEEDED', by: ['GATEWAY'] },
      { change: 'refuse', from: 'PENDING', to: 'FAILED', by: ['GATEWAY'] },
      { change: 'refuse', from: 'PROCESSING', to: 'FAILED', by: ['GATEWAY'] },
      { change: 'give-up', from: 'PENDING', to: 'UNKNOWN', by: ['SYSTEM'] },
      { change: 'give-up', from: 'PROCESSING', to: 'UNKNOWN', by: ['SYSTEM'] },
      { change: 'ask-again', from: 'UNKNOWN', to: 'PENDING', by: ['STAFF'] },
      { change: 'settle-by-hand', from: 'FAILED', to: 'SETTLED', by: ['STAFF'] },
      { change: 'settle-by-hand', from: 'UNKNOWN', to: 'SETTLED', by: ['STAFF'] },
      { change: 'withdraw', from: 'FAILED', to: 'WITHDRAWN', by: ['GATEWAY', 'STAFF'] },
    ]);
  });

  it('never withdraws a refund the gateway may have paid, and never leaves a final state', () => {
    expect(refundTransition('withdraw', 'UNKNOWN', 'WITHDRAWN', 'STAFF')).toBeUndefined();
    expect(REFUND_TRANSITIONS.filter((row) => ['SUCCEEDED', 'SETTLED', 'WITHDRAWN'].includes(row.from))).toEqual([]);
  });

  it('refuses a move outside the table before writing anything', async () => {
    await expect(
      moveRefund(noDb, 'r1', { change: 'settle-by-hand', from: ['PENDING'], to: 'SETTLED', by: 'STAFF' }, stamp),
    ).rejects.toThrow('refund r1: PENDING → SETTLED is not a refund transition (settle-by-hand by STAFF)');
  });
});
