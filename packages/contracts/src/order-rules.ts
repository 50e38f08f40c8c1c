import type { TOrderStatus } from './orders';

// The order constants browser code needs, without zod: the order page's seat limit and the
// status groups the pay page reads. `orders.ts` (the schemas) re-exports them, so the barrel
// still names them; client files import them from `@llk/contracts/order-rules`.

/** Most units of one SKU in one order (screen-wall packs; MEMBER and CHANNEL seats). */
export const ORDER_QUANTITY_MAX = 100;

/** Statuses in which an order may still be paid. */
export const PAYABLE_ORDER_STATUSES: readonly TOrderStatus[] = ['CREATED', 'PENDING_PAYMENT'];
/** Statuses after a successful payment (the entitlements were granted). */
export const PAID_ORDER_STATUSES: readonly TOrderStatus[] = ['PAID', 'FULFILLED', 'COMPLETED'];
