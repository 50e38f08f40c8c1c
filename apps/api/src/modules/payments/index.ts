// The payments module's public surface: other modules import only this file.
export { configuredGateways, reconcileBills, reconcileYesterdaysBills } from './bill-reconcile';
export { queryOrderPaymentsNow, reconcilePendingPayments } from './reconcile';
export {
  customerRefundsOf,
  QUEUED_REFUND_STATES,
  type RefundDeps,
  type RefundOptions,
  refundOrder,
  retryQueuedRefund,
  settleQueuedRefundByHand,
  type StaffRefundAction,
  withdrawRefusedRefund,
} from './refunds.service';
export { sweepOrders } from './sweep';
export { fenToYuan } from './money';
export { listDisputes, recordDispute, type DisputeRow } from './disputes.service';
