import { type Db } from '../../infrastructure/db/schema';
import { transitionPayment } from './payments.repository';

// A payment attempt's life cycle (docs/adr/0039-flows-and-life-cycles.md). PAYMENT_TRANSITIONS
// is every change of a payment's state, from which state, to which, and who may cause it;
// movePayment is the only write of the state (an attempt is born CREATED by insertPayment). It
// checks every state it moves from against the table for that change and actor, then writes
// conditionally (the expected states in the WHERE clause), so of two racing callers one wins.

export type TPaymentState = 'CREATED' | 'PENDING' | 'PAID' | 'CLOSED' | 'FAILED';
/** GATEWAY: the gateway's word (its answer to the charge, a notification, a query); SYSTEM: the jobs (the orders sweep). */
export type PaymentActor = 'GATEWAY' | 'SYSTEM';
export type PaymentChange = 'open' | 'refuse' | 'pay' | 'close' | 'requeue';

export interface PaymentTransition {
  change: PaymentChange;
  from: TPaymentState;
  to: TPaymentState;
  by: readonly PaymentActor[];
}

export const PAYMENT_TRANSITIONS: readonly PaymentTransition[] = [
  // the gateway made the charge (a QR code, a redirect), or refused to
  { change: 'open', from: 'CREATED', to: 'PENDING', by: ['GATEWAY'] },
  { change: 'refuse', from: 'CREATED', to: 'FAILED', by: ['GATEWAY'] },
  // the money arrived; late money on a closed or failed attempt is recorded too (and refunded
  // if the order was paid otherwise)
  { change: 'pay', from: 'CREATED', to: 'PAID', by: ['GATEWAY'] },
  { change: 'pay', from: 'PENDING', to: 'PAID', by: ['GATEWAY'] },
  { change: 'pay', from: 'CLOSED', to: 'PAID', by: ['GATEWAY'] },
  { change: 'pay', from: 'FAILED', to: 'PAID', by: ['GATEWAY'] },
  // the sweep closed an open attempt at its gateway (its order expired or was cancelled)
  { change: 'close', from: 'CREATED', to: 'CLOSED', by: ['SYSTEM'] },
  { change: 'close', from: 'PENDING', to: 'CLOSED', by: ['SYSTEM'] },
  // the sweep could not reach the gateway: the attempt goes to the back of its queue, state unchanged
  { change: 'requeue', from: 'CREATED', to: 'CREATED', by: ['SYSTEM'] },
  { change: 'requeue', from: 'PENDING', to: 'PENDING', by: ['SYSTEM'] },
];

/** The transition `change` makes from `from` to `to` when `by` causes it; undefined: the table has none. */
export function paymentTransition(
  change: PaymentChange,
  from: TPaymentState,
  to: TPaymentState,
  by: PaymentActor,
): PaymentTransition | undefined {
  return PAYMENT_TRANSITIONS.find((row) => row.change === change && row.from === from && row.to === to && row.by.includes(by));
}

export interface PaymentMove {
  change: PaymentChange;
  /** the states the attempt may be in for the move to happen (each checked against the table) */
  from: readonly TPaymentState[];
  to: TPaymentState;
  by: PaymentActor;
}

/** The one way a payment's state changes: `move` checked against PAYMENT_TRANSITIONS, then written with `values` if the attempt is still in one of `move.from`; true if it moved. */
export async function movePayment(
  db: Db,
  id: string,
  move: PaymentMove,
  values: Parameters<typeof transitionPayment>[4],
): Promise<boolean> {
  for (const state of move.from) {
    if (!paymentTransition(move.change, state, move.to, move.by)) {
      throw new Error(`a payment cannot ${move.change} from ${state} to ${move.to} by ${move.by}`);
    }
  }
  return transitionPayment(db, id, move.from, move.to, values);
}
