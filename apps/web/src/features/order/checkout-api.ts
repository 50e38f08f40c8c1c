import type { TCodeOrderResult, TOrderInfo, TOrderQuote, TPayMethod, TPayResult, TTimeUnit } from '@llk/contracts';
import { CheckerUnavailable } from './remembered-order';
import { payApi as client } from '@/lib/api';

// The order and pay pages' calls, through the pay client (lib/api.ts: no
// toast, the page shows the API's errmsg itself; a session that dies on the way sends the
// visitor to /login with redirectUrl back to this page). Answers are checked against the contracts'
// schemas (answer-checks.ts), not loaded with the page: each call starts loading them with its
// request, so they arrive during the round trip (a failed load surfaces where the answer is checked).
function checks() {
  const loading = import('./answer-checks');
  loading.catch(() => undefined);
  return loading;
}

/**
 * POST /order/createV2 for one SKU; the same key returns the same order. With `seats` the SKU
 * is bought as that many seats (asSeats + quantity, docs/adr/0018), not for the buyer.
 */
export async function createWebOrder(skuId: string, idempotencyKey: string, seats: number | null = null): Promise<TOrderInfo> {
  const body = seats === null ? { skuId } : { skuId, asSeats: true, quantity: seats };
  const check = checks();
  const data = await client.post('/order/createV2', { body, headers: { 'Idempotency-Key': idempotencyKey } });
  return (await check).ZOrderInfo.parse(data);
}

/**
 * POST /order/quote: what createWebOrder with the same SKU and seats would charge (the server's
 * pricing, nothing written), shown before the customer commits (ADR 0035).
 */
export async function fetchQuote(skuId: string, seats: number | null, signal?: AbortSignal): Promise<TOrderQuote> {
  const body = seats === null ? { skuId } : { skuId, asSeats: true, quantity: seats };
  const check = checks();
  const data = await client.post('/order/quote', { body, signal });
  return (await check).ZOrderQuote.parse(data);
}

/** POST /cloudPc/devices/{id}/renew: the machine's renewal order (the open one if it exists). */
export async function createRenewalOrder(deviceId: string, timeUnit: TTimeUnit): Promise<TOrderInfo> {
  const check = checks();
  const data = await client.post(`/cloudPc/devices/${encodeURIComponent(deviceId)}/renew`, { body: { timeUnit } });
  return (await check).ZCloudPcRenewResult.parse(data).order;
}

/**
 * POST /order/createOrderByCodeId?qrCodeId=… (a desktop-app payment code, single use). The answer
 * is handed to `keep` before it is checked: once the code is spent, a reload must find its order
 * even when the checker could not be loaded this time (CheckerUnavailable).
 */
export async function createCodeOrder(qrCodeId: string, keep: (answer: unknown) => void = () => undefined): Promise<TCodeOrderResult> {
  const check = checks();
  const data = await client.post('/order/createOrderByCodeId', { query: { qrCodeId } });
  keep(data);
  const checker = await check.catch(() => {
    throw new CheckerUnavailable();
  });
  return checker.ZCodeOrderResult.parse(data);
}

/**
 * POST /pay/payV2: a payment attempt with the chosen method: a QR code (payClient WEB); with the
 * payer's openid inside WeChat, the WeChat Pay sheet's parameters (JS_API); with `returnPath` on a
 * phone outside WeChat, the gateway's mobile-web page that opens the wallet app (H5).
 */
export async function startPayment(
  orderId: string,
  payMethod: TPayMethod,
  payToken?: string,
  openid?: string,
  returnPath?: string,
  phone = returnPath !== undefined,
): Promise<TPayResult> {
  const payClient = openid ? 'JS_API' : phone ? 'H5' : 'WEB';
  // a card pays on Stripe's page on every client, which sends the payer back to returnPath
  const back = payClient === 'H5' || payMethod === 'CARD';
  const body = {
    orderId,
    payMethod,
    payClient,
    ...(openid ? { openid } : {}),
    ...(back && returnPath ? { returnPath } : {}),
    ...(payToken ? { payToken } : {}),
  };
  const check = checks();
  const data = await client.post('/pay/payV2', { body });
  return (await check).ZPayResult.parse(data);
}

/** GET /wxMp/openId: the code of the official account's OAuth redirect → the payer's openid. */
export async function fetchOpenId(code: string): Promise<string> {
  const check = checks();
  const data = await client.get('/wxMp/openId', { query: { code } });
  return (await check).ZWxOpenId.parse(data).openid;
}

/** GET /order/info/{id}, for the live status. */
export async function fetchOrder(orderId: string, payToken?: string, signal?: AbortSignal): Promise<TOrderInfo> {
  const check = checks();
  const data = await client.get(`/order/info/${encodeURIComponent(orderId)}`, { query: payToken ? { payToken } : undefined, signal });
  return (await check).ZOrderInfo.parse(data);
}
