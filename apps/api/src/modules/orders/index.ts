// The orders module's public surface: other modules import only this file.
export { closeInvoiceRequest, completeFulfilledOrders, findDueOrders, findOrder, findOrderItems, findRefundsOfOrders, type OrderItemRow, type OrderRow, purgeIdempotencyKeys, purgeQrCodes, setOrderItemGrant, transitionOrder } from './orders.repository';
export { MONEY_AND_STATES } from './orders.docs';
export { accessibleOrder, createWebOrder, loadOrderInfo, type OrderCaller, type OrderSettings } from './orders.service';
export { refuseWhilePendingDeletion } from './pending-deletion';
export { orderSettingsOf } from './orders.settings';
export { orderItemsLabel } from './item-labels';
export { customerRefundState } from './refund-states';
export { INVOICE_PAGE_ANSWERS, INVOICE_PAGE_HEADERS } from './invoice-document';
export { listInvoicesOfRequests, type InvoiceRow } from './invoices.repository';
export { reissueInTransaction, staffInvoicePage, type InvoiceSettings, type ReissueInput } from './invoices.service';
