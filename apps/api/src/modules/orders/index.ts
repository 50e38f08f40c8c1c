// The orders module's public surface: other modules import only this file.
export {
  closeInvoiceRequest,
  findDueOrders,
  findOrder,
  findOrdersByIds,
  findLiveItemGrants,
  findOrderItems,
  findRefundsOfOrders,
  type OrderItemRow,
  type OrderRow,
  purgeIdempotencyKeys,
  purgeQrCodes,
  setOrderItemGrant,
} from './orders.repository';
export { completeOrders, moveOrder, ORDER_TRANSITIONS, type OrderActor, type OrderChange, type OrderMove } from './order-life-cycle';
export { MONEY_AND_STATES } from './orders.docs';
export { accessibleOrder, createWebOrder, loadOrderInfo, type OrderCaller, type OrderSettings } from './orders.service';
export { refuseWhilePendingDeletion } from './pending-deletion';
export { orderSettingsOf } from './orders.settings';
export { orderItemsLabel } from './item-labels';
export { customerRefundState } from './refund-states';
export { INVOICE_PAGE_ANSWERS, INVOICE_PAGE_HEADERS } from './invoice-document';
export { listInvoicesOfRequests, type InvoiceRow } from './invoices.repository';
// The back office's orders and invoices (ADR 0019): its routes, and what its other pages show of an order.
export { ordersAdminRoutes } from './orders.admin.routes';
export { orderSummaryOf, searchOrders, staffInvoicesOfOrder } from './orders.admin.service';
export { type OrderFilter } from './orders.repository';
export { reissueInTransaction, staffInvoicePage, type InvoiceSettings, type ReissueInput } from './invoices.service';
// The dashboard's figures (the back office reads them here instead of joining the orders).
export { countPaidOrdersByDay, sumPaidItemsByType } from './orders.repository';
// Subqueries over the orders that another owner's statement embeds (ADR 0038).
export { countUsersWithPaidOrderAmong, orderIdsInStatuses, ordersInStatuses } from './orders.repository';
