import { AlipayRequestError, AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';
import { type AlipayConfig } from '../../config';
import { parsePrivateKey, parsePublicKey, pkcs8Pem, spkiPem } from './keys';
import { fenToYuan, fromBeijingTime, toBeijingTime, yuanToFen } from './money';
import {
  GatewayError,
  GatewayTimeout,
  NotificationRejected,
  type CreateChargeInput,
  type CreateChargeResult,
  type NotificationAnswer,
  type NotificationRequest,
  type PaymentProvider,
  type QueryResult,
  type RefundInput,
  type RefundResult,
  type VerifiedNotification,
} from './provider';
import { withTimeout } from './timeout';

// Alipay through the official alipay-sdk (classic gateway, RSA2): alipay.trade.precreate for a
// QR code, trade.query / trade.refund / trade.close, and the asynchronous notification
// (form-urlencoded, RSA2 over the sorted parameters without sign and sign_type).

export interface AlipayProviderOptions extends AlipayConfig {
  timeoutMs: number;
}

/** Alipay reads only the body: "success" stops its retries, anything else asks for one. */
export const ALIPAY_ANSWERS = {
  acknowledge: (): NotificationAnswer => ({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' }),
  refuse: (): NotificationAnswer => ({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'failure' }),
};

const SUCCESS_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);
/** Business answers meaning "no such trade" (a precreated trade exists only once scanned). */
const TRADE_NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';

function isTimeout(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (/Timeout/i.test(cause.name) || (cause as { code?: unknown }).code === 'UND_ERR_HEADERS_TIMEOUT') return true;
  }
  return false;
}

export class AlipayProvider implements PaymentProvider {
  readonly method = 'ZFB' as const;
  readonly clients = ['WEB'] as const;
  readonly sandbox = false;
  private readonly sdk: AlipaySdk;

  constructor(private readonly options: AlipayProviderOptions) {
    this.sdk = new AlipaySdk({
      appId: options.appId,
      privateKey: pkcs8Pem(parsePrivateKey(options.privateKey, 'ALIPAY_PRIVATE_KEY')),
      keyType: 'PKCS8',
      alipayPublicKey: spkiPem(parsePublicKey(options.alipayPublicKey, 'ALIPAY_PUBLIC_KEY')),
      gateway: options.gateway,
      timeout: options.timeoutMs,
      camelcase: false,
      signType: 'RSA2',
    });
  }

  /** One gateway call: response signature checked, timeouts and transport errors mapped. */
  private async call(operation: string, method: string, params: Record<string, unknown>): Promise<AlipaySdkCommonResult> {
    try {
      return await withTimeout(this.options.timeoutMs, () => this.sdk.exec(method, params, { validateSign: true }), () => new GatewayTimeout('ZFB', operation));
    } catch (error) {
      if (error instanceof GatewayTimeout) throw error;
      if (isTimeout(error)) throw new GatewayTimeout('ZFB', operation);
      const detail = error instanceof AlipayRequestError ? error.message : String(error);
      throw new GatewayError('ZFB', operation, detail);
    }
  }

  private static failure(operation: string, result: AlipaySdkCommonResult): GatewayError {
    return new GatewayError('ZFB', operation, `${result.code} ${result.msg}${result.sub_code ? ` ${String(result.sub_code)} ${String(result.sub_msg ?? '')}` : ''}`);
  }

  async create(input: CreateChargeInput): Promise<CreateChargeResult> {
    if (input.client !== 'WEB') throw new GatewayError('ZFB', 'create', `payment client ${input.client} is not supported by Alipay`);
    const result = await this.call('create', 'alipay.trade.precreate', {
      notify_url: input.notifyUrl,
      bizContent: {
        out_trade_no: input.paymentNo,
        total_amount: fenToYuan(input.amountFen),
        subject: input.subject,
        time_expire: toBeijingTime(input.expiresAt),
      },
    });
    if (result.code !== '10000' || typeof result.qr_code !== 'string' || result.qr_code === '') throw AlipayProvider.failure('create', result);
    return { kind: 'qr', codeUrl: result.qr_code };
  }

  async verifyNotification(request: NotificationRequest): Promise<VerifiedNotification> {
    const params: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(request.rawBody)) params[key] = value;
    if (!params.sign) throw new NotificationRejected('no signature');
    // V2: the values as received (already form-decoded), not decoded a second time.
    if (!this.sdk.checkNotifySignV2(params)) throw new NotificationRejected('bad signature');
    if (params.app_id !== this.options.appId) throw new NotificationRejected(`app_id ${params.app_id ?? '(none)'} is not ours`);
    // Trade notifications always name the seller; one that does not is not for our account.
    if (params.seller_id !== this.options.sellerId) throw new NotificationRejected(`seller_id ${params.seller_id ?? '(none)'} is not ours`);
    const paymentNo = params.out_trade_no;
    const gatewayTradeNo = params.trade_no;
    const amountFen = yuanToFen(params.total_amount ?? '');
    if (!paymentNo || !gatewayTradeNo || amountFen === null) throw new NotificationRejected('missing out_trade_no, trade_no or total_amount');
    const success = SUCCESS_STATES.has(params.trade_status ?? '');
    return { paymentNo, gatewayTradeNo, amountFen, success, paidAt: success ? (fromBeijingTime(params.gmt_payment) ?? new Date()) : null };
  }

  acknowledge(): NotificationAnswer {
    return ALIPAY_ANSWERS.acknowledge();
  }

  refuse(): NotificationAnswer {
    return ALIPAY_ANSWERS.refuse();
  }

  async query(paymentNo: string): Promise<QueryResult> {
    const result = await this.call('query', 'alipay.trade.query', { bizContent: { out_trade_no: paymentNo } });
    if (result.code !== '10000') {
      if (result.sub_code === TRADE_NOT_EXIST) return { state: 'NOT_FOUND' };
      throw AlipayProvider.failure('query', result);
    }
    const status = String(result.trade_status ?? '');
    const amountFen = yuanToFen(String(result.total_amount ?? '')) ?? undefined;
    const gatewayTradeNo = typeof result.trade_no === 'string' ? result.trade_no : undefined;
    const base = { ...(amountFen === undefined ? {} : { amountFen }), ...(gatewayTradeNo ? { gatewayTradeNo } : {}) };
    if (SUCCESS_STATES.has(status)) {
      const paidAt = fromBeijingTime(typeof result.send_pay_date === 'string' ? result.send_pay_date : undefined);
      return { state: 'PAID', ...base, ...(paidAt ? { paidAt } : {}) };
    }
    if (status === 'TRADE_CLOSED') return { state: 'CLOSED', ...base };
    return { state: 'PENDING', ...base };
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    const result = await this.call('refund', 'alipay.trade.refund', {
      bizContent: {
        out_trade_no: input.paymentNo,
        refund_amount: fenToYuan(input.amountFen),
        out_request_no: input.refundNo,
        refund_reason: input.reason,
      },
    });
    if (result.code === '10000') return { state: 'SUCCESS', ...(typeof result.trade_no === 'string' ? { gatewayRefundNo: result.trade_no } : {}) };
    // 40004: the business refused (no such trade, amount too large …); anything else is the gateway's trouble.
    if (result.code === '40004') return { state: 'FAILED' };
    throw AlipayProvider.failure('refund', result);
  }

  async close(paymentNo: string): Promise<void> {
    const result = await this.call('close', 'alipay.trade.close', { bizContent: { out_trade_no: paymentNo } });
    if (result.code === '10000' || result.sub_code === TRADE_NOT_EXIST) return;
    throw AlipayProvider.failure('close', result);
  }
}
