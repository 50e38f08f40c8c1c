import { describe, expect, it } from 'vitest';
import { type z } from 'zod';
import { ErrorCode, errorInfo } from './errors';
import { getContractMessages } from './messages';
import { locales as LOCALES } from './locales';
import {
  IDEMPOTENCY_KEY_RE,
  ZCreateOrderByCodeQuery,
  ZCreateOrderRequest,
  ZCreateQrCodeRequest,
  ZOrderInfo,
  ZOrderStatus,
  ZPayRequest,
  ZPayResult,
} from './orders';
import { V } from './validation';

function issues(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  const out: Record<string, string[]> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('order requests', () => {
  it('accepts a SKU or an item type with a time unit, never a price', () => {
    expect(issues(ZCreateOrderRequest, { skuId: 'MEMBER_YEAR' })).toEqual({});
    expect(issues(ZCreateOrderRequest, { itemType: 'MEMBER', timeUnit: 'MONTH', quantity: 2 })).toEqual({});
    expect(issues(ZCreateOrderRequest, {})).toEqual({ skuId: [V.required] });
    expect(Object.keys(issues(ZCreateOrderRequest, { skuId: 'MEMBER_YEAR', priceFen: 1 }))).toEqual(['']);
    expect(Object.keys(issues(ZCreateQrCodeRequest, { skuId: 'MONITOR_1', amountFen: 1 }))).toEqual(['']);
  });

  it('bounds quantity and SKU codes', () => {
    expect(issues(ZCreateOrderRequest, { skuId: 'MEMBER_YEAR', quantity: 0 })).toEqual({ quantity: [V.invalidValue] });
    expect(issues(ZCreateOrderRequest, { skuId: 'MEMBER_YEAR', quantity: 100 })).toEqual({});
    expect(issues(ZCreateOrderRequest, { skuId: 'MEMBER_YEAR', quantity: 101 })).toEqual({ quantity: [V.invalidValue] });
    expect(issues(ZCreateOrderRequest, { skuId: 'MEMBER_YEAR', quantity: 1.5 })).toEqual({ quantity: [V.invalidValue] });
    expect(issues(ZCreateOrderRequest, { skuId: 'member year' })).toEqual({ skuId: [V.invalidValue] });
    expect(issues(ZCreateOrderRequest, { skuId: 'X'.repeat(65) })).toEqual({ skuId: [V.tooLong] });
    expect(issues(ZCreateOrderRequest, { itemType: 'CLOUD' })).toHaveProperty('itemType');
  });

  it('checks the code query and the idempotency key format', () => {
    expect(issues(ZCreateOrderByCodeQuery, {})).toEqual({ qrCodeId: [V.required] });
    expect(issues(ZCreateOrderByCodeQuery, { qrCodeId: 'a b' })).toEqual({ qrCodeId: [V.invalidValue] });
    expect(IDEMPOTENCY_KEY_RE.test('checkout-01HZ_x')).toBe(true);
    expect(IDEMPOTENCY_KEY_RE.test('')).toBe(false);
    expect(IDEMPOTENCY_KEY_RE.test('k'.repeat(65))).toBe(false);
    expect(IDEMPOTENCY_KEY_RE.test('a/b')).toBe(false);
  });
});

describe('pay request', () => {
  it('defaults to the QR client', () => {
    expect(ZPayRequest.parse({ orderId: '01J0000000000000000000000A', payMethod: 'ZFB' }).payClient).toBe('WEB');
  });

  it('needs WeChat and an openid for JS_API', () => {
    expect(issues(ZPayRequest, { orderId: 'o1', payMethod: 'ZFB', payClient: 'JS_API', openid: 'x' })).toEqual({
      payClient: [V.invalidValue],
    });
    expect(issues(ZPayRequest, { orderId: 'o1', payMethod: 'WX', payClient: 'JS_API' })).toEqual({ openid: [V.required] });
    expect(issues(ZPayRequest, { orderId: 'o1', payMethod: 'WX', payClient: 'JS_API', openid: 'oUpF8uMuAJO' })).toEqual({});
  });

  it('refuses unknown methods and stray fields', () => {
    expect(issues(ZPayRequest, { orderId: 'o1', payMethod: 'APPLE' })).toHaveProperty('payMethod');
    expect(Object.keys(issues(ZPayRequest, { orderId: 'o1', payMethod: 'WX', amountFen: 1 }))).toEqual(['']);
  });
});

describe('order answers', () => {
  const order = {
    id: 'o1',
    status: 'CREATED',
    items: [
      {
        itemType: 'MEMBER',
        skuId: 'MEMBER_YEAR',
        timeUnit: 'YEAR',
        duration: 1,
        units: 1,
        quantity: 1,
        priceFen: 19800,
        originalPriceFen: 35880,
        discountFen: 16080,
        amountFen: 19800,
      },
    ],
    currency: 'CNY',
    totalFen: 19800,
    originalTotalFen: 35880,
    discountFen: 16080,
    source: 'WEB',
    createdAt: '2026-01-01T00:00:00.000Z',
    expiresAt: '2026-01-01T00:30:00.000Z',
    paidAt: null,
    fulfilledAt: null,
    payMethod: null,
    payClient: null,
    refundedFen: 0,
  };

  it('describes an order in integer fen', () => {
    expect(issues(ZOrderInfo, order)).toEqual({});
    expect(issues(ZOrderInfo, { ...order, totalFen: 198.5 })).toHaveProperty('totalFen');
    expect(issues(ZOrderInfo, { ...order, status: 'SHIPPED' })).toHaveProperty('status');
  });

  it('lists every status of DESIGN.md', () => {
    expect(ZOrderStatus.options).toEqual([
      'CREATED',
      'PENDING_PAYMENT',
      'PAID',
      'FULFILLED',
      'COMPLETED',
      'CANCELLED',
      'EXPIRED',
      'REFUNDING',
      'REFUNDED',
    ]);
  });

  it('tells a QR payment from a JSAPI one', () => {
    const base = { orderId: 'o1', paymentNo: 'p1', amountFen: 100, expiresAt: '2026-01-01T00:00:00.000Z' };
    expect(ZPayResult.parse({ kind: 'qr', ...base, codeUrl: 'weixin://wxpay/bizpayurl?pr=x', sandbox: true })).toMatchObject({
      kind: 'qr',
      sandbox: true,
    });
    expect(issues(ZPayResult, { kind: 'jsapi', ...base, codeUrl: 'x' })).toHaveProperty('params');
  });
});

describe('order error codes', () => {
  const names = Object.keys(ErrorCode).filter((name) => {
    const code = ErrorCode[name as keyof typeof ErrorCode];
    return code >= 20000 && code < 20100;
  }) as (keyof typeof ErrorCode)[];

  it('have a text in every locale', () => {
    expect(names.length).toBeGreaterThanOrEqual(15);
    for (const locale of LOCALES) {
      const errors = getContractMessages(locale).errors as Record<string, string>;
      for (const name of names) expect(errors[errorInfo(name).key], `${locale} ${name}`).toMatch(/\S/);
      expect(errors.paymentGatewayTimeout, locale).toMatch(/\S/);
    }
  });

  it('say "not found" for orders of others rather than "forbidden"', () => {
    expect(errorInfo('ORDER_NOT_FOUND')).toMatchObject({ code: 20001, status: 404 });
    expect(errorInfo('PAYMENT_GATEWAY_ERROR').status).toBe(502);
  });
});
