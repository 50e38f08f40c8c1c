import { type TAdminGatewayQuerySource, type TPayMethod } from '@llk/contracts';
import { newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { deleteGatewayQueriesBefore, insertGatewayQuery } from './payments.repository';
import { type PaymentProviders, type QueryResult, type VerifiedNotification } from './provider';

// Every question to a gateway about a payment attempt goes through here, so each one is written
// down with its answer (gateway_queries): the order's page in the back office shows what the
// reconciliation job, the sweep and staff asked, and why an order stayed open. A question the
// gateway could not answer is written as ERROR and the error goes on to the caller.

export type TGatewayQuerySource = TAdminGatewayQuerySource;

export interface GatewayQueryDeps {
  db: Db;
  providers: PaymentProviders;
}

/** How long the questions are kept (the sweep deletes older ones). */
export const GATEWAY_QUERY_KEEP_DAYS = 90;

/** The order sweep's purge: questions older than GATEWAY_QUERY_KEEP_DAYS; how many went. */
export function purgeGatewayQueries(db: Db, now: Date): Promise<number> {
  return deleteGatewayQueriesBefore(db, toDbDate(now.getTime() - GATEWAY_QUERY_KEEP_DAYS * 24 * 3_600_000));
}

export async function queryPaymentAtGateway(
  deps: GatewayQueryDeps,
  payment: { id: string; method: string; payment_no: string },
  asker: { source: TGatewayQuerySource; staffId?: string | null },
  now: () => Date = () => new Date(),
): Promise<QueryResult> {
  const base = { id: newId(), payment_id: payment.id, method: payment.method, source: asker.source, staff_id: asker.staffId ?? null };
  let found: QueryResult;
  try {
    found = await deps.providers[payment.method as TPayMethod].query(payment.payment_no);
  } catch (error) {
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    await insertGatewayQuery(deps.db, {
      ...base,
      state: 'ERROR',
      amount_fen: null,
      gateway_trade_no: null,
      error: text.slice(0, 500),
      asked_at: toDbDate(now()),
    });
    throw error;
  }
  await insertGatewayQuery(deps.db, {
    ...base,
    state: found.state,
    amount_fen: found.amountFen ?? null,
    gateway_trade_no: found.gatewayTradeNo ?? null,
    error: null,
    asked_at: toDbDate(now()),
  });
  return found;
}

/**
 * A gateway's answer that the attempt is paid, as the verified payment it applies (via 'QUERY'):
 * reconciliation, the sweep and staff's "query the gateway now" apply it as a notification
 * would be; null for any other answer.
 */
export function paidAnswerOf(payment: { payment_no: string }, found: QueryResult): VerifiedNotification | null {
  if (found.state !== 'PAID' || found.amountFen === undefined) return null;
  return {
    paymentNo: payment.payment_no,
    gatewayTradeNo: found.gatewayTradeNo ?? '',
    amountFen: found.amountFen,
    success: true,
    paidAt: found.paidAt ?? null,
  };
}
