import { describe, expect, it } from 'vitest';
import { type Db } from '../../../src/infrastructure/db/schema';
import { completeOrders, moveOrder, ORDER_TRANSITIONS, orderTransition } from '../../../src/modules/orders/order-life-cycle';

// no database: a move outside the table is refused before anything is written
const noDb = {} as Db;
const stamp = { updated_at: '2026-12-01T00:00:00.000Z' };

describe('the order life cycle', () => {
  it("is this table: every change of an order's status, from which, to which, and who may cause it", () => {
    expect(ORDER_TRANSITIONS).toEqual([
      { change: 'start-payment', from: 'CREATED', to: 'PENDING_PAYMENT', by: ['CUSTOMER'] },
      { change: 'start-payment', from: 'PENDING_PAYMENT', to: 'PENDING_PAYMENT', by: ['CUSTOMER'] },
      { change: 'pay', from: 'CREATED', to: 'PAID', by: ['GATEWAY'] },
      { change: 'pay', from: 'PENDING_PAYMENT', to: 'PAID', by: ['GATEWAY'] },
      { change: 'fulfil', from: 'PAID', to: 'FULFILLED', by: ['SYSTEM'] },
      { change: 'complete', from: 'FULFILLED', to: 'COMPLETED', by: ['SYSTEM'] },
      { change: 'cancel', from: 'CREATED', to: 'CANCELLED', by: ['CUSTOMER'] },
      { change: 'cancel', from: 'PENDING_PAYMENT', to: 'CANCELLED', by: ['CUSTOMER'] },
      { change: 'expire', from: 'CREATED', to: 'EXPIRED', by: ['SYSTEM'] },
      { change: 'expire', from: 'PENDING_PAYMENT', to: 'EXPIRED', by: ['SYSTEM'] },
      { change: 'start-refund', from: 'PAID', to: 'REFUNDING', by: ['CUSTOMER', 'STAFF', 'SYSTEM'] },
      { change: 'start-refund', from: 'FULFILLED', to: 'REFUNDING', by: ['CUSTOMER', 'STAFF', 'SYSTEM'] },
      { change: 'start-refund', from: 'COMPLETED', to: 'REFUNDING', by: ['CUSTOMER', 'STAFF', 'SYSTEM'] },
      { change: 'finish-refund', from: 'REFUNDING', to: 'REFUNDED', by: ['GATEWAY', 'STAFF'] },
      { change: 'finish-refund', from: 'REFUNDING', to: 'PAID', by: ['GATEWAY', 'STAFF'] },
      { change: 'finish-refund', from: 'REFUNDING', to: 'FULFILLED', by: ['GATEWAY', 'STAFF'] },
      { change: 'finish-refund', from: 'REFUNDING', to: 'COMPLETED', by: ['GATEWAY', 'STAFF'] },
      { change: 'withdraw-refund', from: 'REFUNDING', to: 'PAID', by: ['GATEWAY', 'STAFF'] },
      { change: 'withdraw-refund', from: 'REFUNDING', to: 'FULFILLED', by: ['GATEWAY', 'STAFF'] },
      { change: 'withdraw-refund', from: 'REFUNDING', to: 'COMPLETED', by: ['GATEWAY', 'STAFF'] },
    ]);
  });

  it('has no way out of a closed or refunded order, and no payment the customer declares', () => {
    expect(orderTransition('pay', 'EXPIRED', 'PAID', 'GATEWAY')).toBeUndefined();
    expect(orderTransition('pay', 'PENDING_PAYMENT', 'PAID', 'CUSTOMER')).toBeUndefined();
    expect(orderTransition('start-refund', 'REFUNDED', 'REFUNDING', 'STAFF')).toBeUndefined();
    expect(orderTransition('cancel', 'PAID', 'CANCELLED', 'CUSTOMER')).toBeUndefined();
    expect(orderTransition('expire', 'PENDING_PAYMENT', 'EXPIRED', 'CUSTOMER')).toBeUndefined();
  });

  it('refuses a move outside the table before writing anything', async () => {
    await expect(moveOrder(noDb, 'o1', { change: 'cancel', from: ['PAID'], to: 'CANCELLED', by: 'CUSTOMER' }, stamp)).rejects.toThrow(
      'an order cannot cancel from PAID to CANCELLED by CUSTOMER',
    );
    await expect(moveOrder(noDb, 'o1', { change: 'pay', from: ['CREATED', 'EXPIRED'], to: 'PAID', by: 'GATEWAY' }, stamp)).rejects.toThrow(
      'an order cannot pay from EXPIRED to PAID by GATEWAY',
    );
    await expect(moveOrder(noDb, 'o1', { change: 'fulfil', from: ['PAID'], to: 'FULFILLED', by: 'STAFF' }, stamp)).rejects.toThrow(
      'an order cannot fulfil from PAID to FULFILLED by STAFF',
    );
    await expect(completeOrders(noDb, stamp.updated_at, stamp.updated_at, 'CUSTOMER')).rejects.toThrow(
      'an order cannot complete from FULFILLED to COMPLETED by CUSTOMER',
    );
  });
});
