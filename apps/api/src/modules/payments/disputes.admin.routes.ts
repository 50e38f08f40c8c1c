import { ZAdminDisputes, ZAdminDisputesQuery, type TAdminDispute } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { listDisputes, type DisputeRow } from './disputes.service';

// Card disputes (ADR 0029): read with orders.read. Answering one happens in Stripe's Dashboard;
// the support thread opened with it is the staff task.

const tags = ['admin'];

function disputeOf(row: DisputeRow): TAdminDispute {
  return {
    id: row.id,
    gatewayDisputeId: row.gateway_dispute_id,
    method: row.method,
    orderId: row.order_id,
    paymentId: row.payment_id,
    amountFen: Number(row.amount_fen),
    currency: row.currency,
    reason: row.reason,
    status: row.status,
    evidenceDueAt: row.evidence_due_at,
    supportThreadId: row.support_thread_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const disputesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/disputes',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags,
        summary: 'Card disputes, newest first, optionally of one order (permission orders.read)',
        description: 'Recorded from Stripe’s charge.dispute.* webhooks; each opened a DISPUTE thread in the support inbox.',
        querystring: ZAdminDisputesQuery,
        response: envelopeResponses(ZAdminDisputes),
      },
    },
    async (request) =>
      ok({ items: (await listDisputes(app.db, { orderId: request.query.orderId, limit: request.query.limit })).map(disputeOf) }),
  );
};
