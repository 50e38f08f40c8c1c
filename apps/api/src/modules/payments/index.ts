// The payments module's public surface: other modules import only this file.
export { configuredGateways, reconcileBills, reconcileYesterdaysBills } from './bill-reconcile';
export { queryOrderPaymentsNow, reconcilePendingPayments } from './reconcile';
export { type RefundDeps, type RefundOptions, refundOrder } from './refunds.service';
export { sweepOrders } from './sweep';
export { fenToYuan } from './money';
