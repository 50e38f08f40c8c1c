import { type TCustomerRefundState } from '@llk/contracts';

// What a customer is told about a refund (ADR 0015, "Refund states and the staff queue"), one
// rule for the account's order page (here) and the cloud-PC device list (through payments, which
// owns the refund life cycle and imports this): never "refunded" before the gateway, or staff
// who paid it back another way, confirmed the money back. Withdrawn refunds are not shown.

export function customerRefundState(refund: { state: string; attempts: number }): TCustomerRefundState | null {
  switch (refund.state) {
    case 'PENDING':
      return Number(refund.attempts) === 0 ? 'REQUESTED' : 'PENDING';
    case 'PROCESSING':
    case 'UNKNOWN':
      // UNKNOWN: the gateway never said; staff are asking
      return 'PENDING';
    case 'SUCCEEDED':
    case 'SETTLED':
      return 'REFUNDED';
    case 'FAILED':
      return 'REFUSED';
    default:
      return null;
  }
}
