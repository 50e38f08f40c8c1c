// The payments module's public surface: other modules import only this file.
export { configuredGateways, reconcileBills, reconcileYesterdaysBills } from './bill-reconcile';
export { queryOrderPaymentsNow, reconcilePendingPayments } from './reconcile';
// A refund's row and its conversations with the gateway: the steps the refund-order flow
// (src/flows/refund-order.ts) composes with the other modules.
export {
  answerCaller,
  askAboutRefund,
  askGateway,
  confirmRefund,
  isOrderRefund,
  newRefundRow,
  paymentOfRefund,
  QUEUED_REFUND_STATES,
  queuedRefund,
  refundAmountOf,
  REFUNDABLE_ORDER_STATUSES,
  type RefundContext,
  type RefundDeps,
  type RefundLog,
  type RefundRequest,
  reopenUnknownRefund,
  requireStillOwed,
  sendRefund,
  type SettleRefund,
  settledStatus,
  type StaffRefundAction,
  type TSettlement,
  withdrawRefund,
} from './refunds.service';
export { claimPaymentRefund, findPayment, findRefund, flagPaymentForRefund, insertRefund, type RefundRow } from './payments.repository';
// Applying a verified payment, and the open attempts the order sweep settles: the steps the
// apply-payment and order-sweep flows (src/flows/) compose with the other modules.
export {
  type ApplyPayment,
  closeOpenPayment,
  findOpenPaymentsOfOrder,
  flagDoublePayment,
  markPaymentPaid,
  matchVerifiedPayment,
  OPEN_PAYMENT_STATES,
  type ReceivedNotification,
  recordPaymentApplied,
  recordUnmatchedPayment,
  requeueOpenPayment,
  storeNotification,
  type TApplyOutcome,
  type TStoredOutcome,
} from './payments.service';
export { paidAnswerOf, purgeGatewayQueries, queryPaymentAtGateway } from './gateway-query';
export { findDueRefunds, findOrphanedPayments, findPaymentsToRefund, type PaymentRow } from './payments.repository';
export { NotificationRejected, type PaymentProviders, type VerifiedNotification } from './provider';
export { fenToYuan } from './money';
export { listDisputes, recordDispute, type DisputeRow } from './disputes.service';
// The back office's card disputes, and the page of one order with its payments and refunds (ADR 0019).
export { disputesAdminRoutes } from './disputes.admin.routes';
export { type OrderMoneyAdminOptions, orderMoneyAdminRoutes } from './order-money.admin.routes';
export { refundOf, type StaffRefund, type StaffRefundContext, type StaffRefundRequest } from './order-money.admin.service';
// The staff refund queue (ADR 0015): its routes take the refund-order flow's actions; its size is the back office nav's badge.
export { type RefundsAdminOptions, refundsAdminRoutes } from './refunds.admin.routes';
export { type RefundQueueActions, refundQueueSize } from './refunds.admin.service';
