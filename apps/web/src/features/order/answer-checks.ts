// The schemas the order and pay pages check the API's answers (and a remembered answer) against.
// They bring zod (~33 KiB gzip), so no page loads this module with its first scripts:
// checkout-api.ts (with each request), pay-methods.ts and remembered-order.ts (with a remembered answer) import() it.
export { ZCloudPcRenewResult, ZCodeOrderResult, ZOrderInfo, ZOrderQuote, ZPayMethods, ZPayResult, ZWxOpenId } from '@llk/contracts';
