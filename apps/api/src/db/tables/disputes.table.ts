// 0041-card-payments: card payments the payer disputed with the issuer (ADR 0029).
export interface PaymentDisputesTable {
  id: string;
  /** the gateway the dispute came from (CARD: Stripe) */
  method: string;
  /** Stripe's dispute id (dp_…): one row per dispute, whatever number of events tell of it */
  gateway_dispute_id: string;
  payment_id: string | null;
  order_id: string | null;
  gateway_charge_id: string | null;
  /** what the payer disputes, in the charge's currency's minor unit (fen for CNY) */
  amount_fen: number;
  currency: string;
  /** Stripe's reason (fraudulent, product_not_received, …) */
  reason: string;
  /** Stripe's status (warning_needs_response, needs_response, under_review, won, lost, …) */
  status: string;
  evidence_due_at: string | null;
  /** the support thread opened for staff with the dispute */
  support_thread_id: string | null;
  created_at: string;
  updated_at: string;
}
