import { type Db } from '../../infrastructure/db/schema';
import { transitionRefund } from './payments.repository';

// A refund's life cycle (docs/adr/0039-flows-and-life-cycles.md; what each state means:
// refunds.service.ts and docs/adr/0015, "Refund states and the staff queue"). REFUND_TRANSITIONS
// is every change of a refund's state, from which state, to which, and who may cause it;
// moveRefund is the only write of the state (a refund is born PENDING by insertRefund). It checks
// every state it moves from against the table for that change and actor, then writes
// conditionally (the expected states in the WHERE clause), so of two racing callers one wins.

export type TRefundState = 'PENDING' | 'PROCESSING' | 'SUCCEEDED' | 'FAILED' | 'UNKNOWN' | 'SETTLED' | 'WITHDRAWN';
/** GATEWAY: the gateway's answer to one conversation; STAFF: the back office's refund queue; SYSTEM: the refund sweep giving up. */
export type RefundActor = 'GATEWAY' | 'STAFF' | 'SYSTEM';
export type RefundChange = 'no-answer' | 'processing' | 'refund' | 'refuse' | 'give-up' | 'ask-again' | 'settle-by-hand' | 'withdraw';

export interface RefundTransition {
  change: RefundChange;
  from: TRefundState;
  to: TRefundState;
  by: readonly RefundActor[];
}

export const REFUND_TRANSITIONS: readonly RefundTransition[] = [
  // a conversation without a final answer (retryable, unknown): asked again after the back-off
  { change: 'no-answer', from: 'PENDING', to: 'PENDING', by: ['GATEWAY'] },
  // the gateway accepted it, the money is on its way (and keeps saying so)
  { change: 'processing', from: 'PENDING', to: 'PROCESSING', by: ['GATEWAY'] },
  { change: 'processing', from: 'PROCESSING', to: 'PROCESSING', by: ['GATEWAY'] },
  // the money went back
  { change: 'refund', from: 'PENDING', to: 'SUCCEEDED', by: ['GATEWAY'] },
  { change: 'refund', from: 'PROCESSING', to: 'SUCCEEDED', by: ['GATEWAY'] },
  // the gateway refused it: into the staff queue
  { change: 'refuse', from: 'PENDING', to: 'FAILED', by: ['GATEWAY'] },
  { change: 'refuse', from: 'PROCESSING', to: 'FAILED', by: ['GATEWAY'] },
  // REFUND_MAX_ATTEMPTS conversations without a final answer: into the staff queue
  { change: 'give-up', from: 'PENDING', to: 'UNKNOWN', by: ['SYSTEM'] },
  { change: 'give-up', from: 'PROCESSING', to: 'UNKNOWN', by: ['SYSTEM'] },
  // staff ask again under the same number
  { change: 'ask-again', from: 'UNKNOWN', to: 'PENDING', by: ['STAFF'] },
  // staff paid it back another way
  { change: 'settle-by-hand', from: 'FAILED', to: 'SETTLED', by: ['STAFF'] },
  { change: 'settle-by-hand', from: 'UNKNOWN', to: 'SETTLED', by: ['STAFF'] },
  // nobody owes it any more: refused at once with its claim undone (GATEWAY), or staff replaced
  // it by a new refund or said it is not owed; an UNKNOWN one is never withdrawn, since the
  // gateway may have paid it
  { change: 'withdraw', from: 'FAILED', to: 'WITHDRAWN', by: ['GATEWAY', 'STAFF'] },
];

/** The transition `change` makes from `from` to `to` when `by` causes it; undefined: the table has none. */
export function refundTransition(
  change: RefundChange,
  from: TRefundState,
  to: TRefundState,
  by: RefundActor,
): RefundTransition | undefined {
  return REFUND_TRANSITIONS.find((row) => row.change === change && row.from === from && row.to === to && row.by.includes(by));
}

export interface RefundMove {
  change: RefundChange;
  /** the states the refund may be in for the move to happen (each checked against the table) */
  from: readonly TRefundState[];
  to: TRefundState;
  by: RefundActor;
}

/** The one way a refund's state changes: `move` checked against REFUND_TRANSITIONS, then written with `values` if the refund is still in one of `move.from`; false when it was not any more. */
export async function moveRefund(db: Db, id: string, move: RefundMove, values: Parameters<typeof transitionRefund>[4]): Promise<boolean> {
  for (const state of move.from) {
    if (!refundTransition(move.change, state, move.to, move.by)) {
      throw new Error(`refund ${id}: ${state} → ${move.to} is not a refund transition (${move.change} by ${move.by})`);
    }
  }
  return transitionRefund(db, id, move.from, move.to, values);
}
