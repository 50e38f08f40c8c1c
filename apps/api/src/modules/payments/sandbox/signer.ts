import { createCipheriv, createHash, createHmac, createSign, randomBytes, randomUUID } from 'node:crypto';
import { fenToYuan, toBeijingTime, toRfc3339Beijing } from '../money';
import { type SandboxCharge } from './charges';
import { sandboxStripeSecret, type SandboxKeys } from './keys';

// The sandbox's signer: the notification a gateway sends when a charge is paid, in each
// gateway's real format and signed with the sandbox's gateway keys (WeChat: the resource
// AEAD_AES_256_GCM-encrypted with the API v3 key), so the real adapters verify it exactly as
// they verify Alipay's and WeChat Pay's. The pieces are exported for the test gateways, which
// assemble refused variants from them.

export interface NotificationMessage {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export function rsaSha256(message: string, privateKey: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

/** Alipay's signing string: sorted key=value pairs, empty values and the excluded keys left out. */
export function alipaySignContent(params: Record<string, string>, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key) && params[key] !== undefined && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/**
 * The sandbox's payer at the gateway: one per payment (derived from its number), so the
 * self-referral check never sees two sandbox payments as the same person's.
 */
export function sandboxPayer(prefix: string, paymentNo: string, digits: number): string {
  const hex = createHash('sha256').update(paymentNo).digest('hex');
  return `${prefix}${BigInt(`0x${hex.slice(0, 24)}`)
    .toString()
    .padStart(digits, '0')
    .slice(0, digits)}`;
}

/** The parameters of Alipay's trade_status_sync for a paid charge, unsigned; `overrides` win. */
export function alipayNotificationParams(
  charge: SandboxCharge,
  keys: SandboxKeys,
  now: Date,
  overrides: Record<string, string> = {},
): Record<string, string> {
  const amount = fenToYuan(charge.amountFen);
  return {
    gmt_create: toBeijingTime(now),
    charset: 'utf-8',
    seller_email: 'sandbox@llk.invalid',
    subject: charge.subject,
    buyer_id: sandboxPayer('2088', charge.paymentNo, 12),
    invoice_amount: amount,
    notify_id: randomBytes(16).toString('hex'),
    notify_type: 'trade_status_sync',
    trade_status: 'TRADE_SUCCESS',
    receipt_amount: amount,
    app_id: keys.alipay.appId,
    buyer_pay_amount: amount,
    seller_id: keys.alipay.sellerId,
    gmt_payment: toBeijingTime(charge.paidAt ? new Date(charge.paidAt) : now),
    notify_time: toBeijingTime(now),
    version: '1.0',
    out_trade_no: charge.paymentNo,
    total_amount: amount,
    trade_no: charge.tradeNo,
    auth_app_id: keys.alipay.appId,
    buyer_logon_id: 'san***@example.com',
    point_amount: '0.00',
    sign_type: 'RSA2',
    ...overrides,
  };
}

/** Alipay signs notifications without sign and sign_type. */
export function signAlipayParams(params: Record<string, string>, privateKey: string): Record<string, string> {
  return { ...params, sign: rsaSha256(alipaySignContent(params, ['sign', 'sign_type']), privateKey) };
}

export function alipayMessage(notifyUrl: string, params: Record<string, string>): NotificationMessage {
  return {
    url: notifyUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: new URLSearchParams(params).toString(),
  };
}

export interface WechatTransactionOverrides {
  tradeState?: string;
  amountFen?: number;
  appId?: string;
  mchid?: string;
}

/** WeChat Pay's transaction object for a charge (query answers and notifications). */
export function wechatTransaction(charge: SandboxCharge, keys: SandboxKeys, overrides: WechatTransactionOverrides = {}) {
  const tradeState =
    overrides.tradeState ??
    (charge.state === 'PAID' ? (charge.refundedFen > 0 ? 'REFUND' : 'SUCCESS') : charge.state === 'CLOSED' ? 'CLOSED' : 'NOTPAY');
  const total = overrides.amountFen ?? charge.amountFen;
  return {
    appid: overrides.appId ?? keys.wechat.appId,
    mchid: overrides.mchid ?? keys.wechat.mchid,
    out_trade_no: charge.paymentNo,
    transaction_id: charge.tradeNo,
    trade_type: charge.kind === 'JSAPI' ? 'JSAPI' : 'NATIVE',
    trade_state: tradeState,
    trade_state_desc: tradeState === 'SUCCESS' ? '支付成功' : tradeState,
    bank_type: 'OTHERS',
    attach: '',
    ...(charge.paidAt ? { success_time: toRfc3339Beijing(new Date(charge.paidAt)) } : {}),
    payer: { openid: charge.openid ?? sandboxPayer('oSandbox', charge.paymentNo, 20) },
    amount: { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' },
  };
}

/** A notification's encrypted resource (AEAD_AES_256_GCM with the API v3 key, AAD "transaction"). */
export function encryptWechatResource(apiV3Key: string, plaintext: string) {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), nonce).setAAD(Buffer.from('transaction'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
  return { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: 'transaction', nonce };
}

/** The notification's JSON envelope around a transaction. */
export function wechatEnvelope(transaction: { trade_state: string }, apiV3Key: string, now: Date) {
  const success = transaction.trade_state === 'SUCCESS';
  return {
    id: randomUUID(),
    create_time: toRfc3339Beijing(now),
    resource_type: 'encrypt-resource',
    event_type: success ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.CLOSED',
    summary: success ? '支付成功' : '交易关闭',
    resource: encryptWechatResource(apiV3Key, JSON.stringify(transaction)),
  };
}

/** Headers of a notification: Wechatpay-Signature over "timestamp\nnonce\nbody\n". */
export function wechatHeaders(keys: SandboxKeys, timestamp: string, nonce: string, signature: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-serial': keys.wechat.platformSerial,
    'wechatpay-signature': signature,
    'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
  };
}

export const wechatSignContent = (timestamp: string, nonce: string, body: string) => `${timestamp}\n${nonce}\n${body}\n`;

/** Stripe's signature header: t=<seconds>,v1=HMAC-SHA256(secret, "<t>.<body>") in hex. */
export function stripeSignature(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
}

/** A Checkout Session of a charge as Stripe shows it (webhooks and the fake's answers). */
export function stripeSession(charge: SandboxCharge, overrides: Record<string, unknown> = {}) {
  const paid = charge.state === 'PAID';
  return {
    id: `cs_test_${createHash('sha256').update(charge.paymentNo).digest('hex').slice(0, 24)}`,
    object: 'checkout.session',
    mode: 'payment',
    amount_total: charge.amountFen,
    amount_subtotal: charge.amountFen,
    currency: 'cny',
    client_reference_id: charge.paymentNo,
    metadata: { paymentNo: charge.paymentNo },
    payment_intent: paid ? charge.tradeNo : null,
    payment_status: paid ? 'paid' : 'unpaid',
    status: paid ? 'complete' : charge.state === 'CLOSED' ? 'expired' : 'open',
    expires_at: Math.floor(Date.parse(charge.expiresAt) / 1000),
    livemode: false,
    url: null,
    ...overrides,
  };
}

/** A Stripe event around an object, as its webhooks deliver it. */
export function stripeEvent(type: string, object: unknown, now: Date) {
  return {
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(now.getTime() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/** A signed Stripe webhook to a notify URL. */
export function stripeMessage(url: string, event: unknown, secret: string, now: Date): NotificationMessage {
  const body = JSON.stringify(event);
  return {
    url,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': stripeSignature(secret, body, Math.floor(now.getTime() / 1000)),
    },
    body,
  };
}

/** The genuine notification of a paid charge, as its gateway would send it to the notify URL. */
export function paidNotification(charge: SandboxCharge, keys: SandboxKeys, now: Date): NotificationMessage {
  if (charge.method === 'CARD') {
    const paid = { ...charge, state: 'PAID' as const, paidAt: charge.paidAt ?? now.toISOString() };
    return stripeMessage(
      charge.notifyUrl,
      stripeEvent('checkout.session.completed', stripeSession(paid), now),
      sandboxStripeSecret(keys),
      now,
    );
  }
  if (charge.method === 'ZFB') {
    return alipayMessage(charge.notifyUrl, signAlipayParams(alipayNotificationParams(charge, keys, now), keys.alipay.alipayPrivateKey));
  }
  const paid = { ...charge, state: 'PAID' as const, paidAt: charge.paidAt ?? now.toISOString() };
  const body = JSON.stringify(wechatEnvelope(wechatTransaction(paid, keys, { tradeState: 'SUCCESS' }), keys.wechat.apiV3Key, now));
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = rsaSha256(wechatSignContent(timestamp, nonce, body), keys.wechat.platformPrivateKey);
  return { url: charge.notifyUrl, headers: wechatHeaders(keys, timestamp, nonce, signature), body };
}
