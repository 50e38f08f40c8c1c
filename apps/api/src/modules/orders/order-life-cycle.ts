import { type TOrderStatus } from '@llk/contracts';
import { type Db } from '../../infrastructure/db/schema';
import { completeFulfilledOrders, type OrderRow, updateOrderStatus } from './orders.repository';

// An order's life cycle (docs/adr/0039-flows-and-life-cycles.md). ORDER_TRANSITIONS is every
// change of an order's status, from which status, to which, and who may cause it; moveOrder and
// completeOrders are the only writes of the status (an order is born CREATED by insertOrder).
// Each checks that every status it moves from is in the table for that change and that actor,
// then writes conditionally (the expected statuses in the WHERE clause), so two callers racing
// for the same transition cannot both win.

/** CUSTOMER: the buyer; STAFF: the back office; GATEWAY: the payment gateway's word (a notification, a query, a refund answer); SYSTEM: fulfilment, the jobs and the clock. */
export type OrderActor = 'CUSTOMER' | 'STAFF' | 'GATEWAY' | 'SYSTEM';
export type OrderChange =
  'start-payment' | 'pay' | 'fulfil' | 'complete' | 'cancel' | 'expire' | 'start-refund' | 'finish-refund' | 'withdraw-refund';

export interface OrderTransition {
  change: OrderChange;
  from: TOrderStatus;
  to: TOrderStatus;
  by: readonly OrderActor[];
}

export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  // the buyer opens a payment attempt (again: a new attempt, another method)
  { change: 'start-payment', from: 'CREATED', to: 'PENDING_PAYMENT', by: ['CUSTOMER'] },
  { change: 'start-payment', from: 'PENDING_PAYMENT', to: 'PENDING_PAYMENT', by: ['CUSTOMER'] },
  // the gateway says the money arrived (a notification, or its answer to our query)
  { change: 'pay', from: 'CREATED', to: 'PAID', by: ['GATEWAY'] },
  { change: 'pay', from: 'PENDING_PAYMENT', to: 'PAID', by: ['GATEWAY'] },
  // fulfilment granted what was bought, in the payment's transaction
  { change: 'fulfil', from: 'PAID', to: 'FULFILLED', by: ['SYSTEM'] },
  // the refund window is over (the orders sweep)
  { change: 'complete', from: 'FULFILLED', to: 'COMPLETED', by: ['SYSTEM'] },
  // the buyer gives up an unpaid order (or the renewal order of a machine released or refunded)
  { change: 'cancel', from: 'CREATED', to: 'CANCELLED', by: ['CUSTOMER'] },
  { change: 'cancel', from: 'PENDING_PAYMENT', to: 'CANCELLED', by: ['CUSTOMER'] },
  // an unpaid order's time is up (the orders sweep)
  { change: 'expire', from: 'CREATED', to: 'EXPIRED', by: ['SYSTEM'] },
  { change: 'expire', from: 'PENDING_PAYMENT', to: 'EXPIRED', by: ['SYSTEM'] },
  // a refund of a paid order starts: the customer (a cloud-PC first order), the back office, or
  // the system (an undeliverable renewal)
  { change: 'start-refund', from: 'PAID', to: 'REFUNDING', by: ['CUSTOMER', 'STAFF', 'SYSTEM'] },
  { change: 'start-refund', from: 'FULFILLED', to: 'REFUNDING', by: ['CUSTOMER', 'STAFF', 'SYSTEM'] },
  { change: 'start-refund', from: 'COMPLETED', to: 'REFUNDING', by: ['CUSTOMER', 'STAFF', 'SYSTEM'] },
  // the money is back: confirmed by the gateway, or by staff who paid it back by hand; in full
  // REFUNDED, in part the order returns where it was
  { change: 'finish-refund', from: 'REFUNDING', to: 'REFUNDED', by: ['GATEWAY', 'STAFF'] },
  { change: 'finish-refund', from: 'REFUNDING', to: 'PAID', by: ['GATEWAY', 'STAFF'] },
  { change: 'finish-refund', from: 'REFUNDING', to: 'FULFILLED', by: ['GATEWAY', 'STAFF'] },
  { change: 'finish-refund', from: 'REFUNDING', to: 'COMPLETED', by: ['GATEWAY', 'STAFF'] },
  // a refused refund nobody owes any more (refused at once with its claim undone, or staff say
  // so): the order returns where it was
  { change: 'withdraw-refund', from: 'REFUNDING', to: 'PAID', by: ['GATEWAY', 'STAFF'] },
  { change: 'withdraw-refund', from: 'REFUNDING', to: 'FULFILLED', by: ['GATEWAY', 'STAFF'] },
  { change: 'withdraw-refund', from: 'REFUNDING', to: 'COMPLETED', by: ['GATEWAY', 'STAFF'] },
];

/** The transition `change` makes from `from` to `to` when `by` causes it; undefined: the table has none. */
export function orderTransition(change: OrderChange, from: TOrderStatus, to: TOrderStatus, by: OrderActor): OrderTransition | undefined {
  return ORDER_TRANSITIONS.find((row) => row.change === change && row.from === from && row.to === to && row.by.includes(by));
}

function assertTransition(change: OrderChange, from: readonly TOrderStatus[], to: TOrderStatus, by: OrderActor): void {
  for (const status of from) {
    if (!orderTransition(change, status, to, by)) throw new Error(`an order cannot ${change} from ${status} to ${to} by ${by}`);
  }
}

export interface OrderMove {
  change: OrderChange;
  /** the statuses the order may be in for the move to happen (each checked against the table) */
  from: readonly TOrderStatus[];
  to: TOrderStatus;
  by: OrderActor;
}

/** The one way an order's status changes: `move` checked against ORDER_TRANSITIONS, then written with `values` if the order is still in one of `move.from`; true if it moved. */
export async function moveOrder(
  db: Db,
  id: string,
  move: OrderMove,
  values: Partial<Omit<OrderRow, 'id' | 'status'>> & { updated_at: string },
): Promise<boolean> {
  assertTransition(move.change, move.from, move.to, move.by);
  return updateOrderStatus(db, id, move.from, move.to, values);
}

/** FULFILLED orders fulfilled before `before` are COMPLETED (their refund window is over); how many. */
export async function completeOrders(db: Db, before: string, now: string, by: OrderActor): Promise<number> {
  assertTransition('complete', ['FULFILLED'], 'COMPLETED', by);
  return completeFulfilledOrders(db, before, now);
}
