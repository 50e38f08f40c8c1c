import { AlipayRequestError, AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';
import { type AlipayConfig } from '../../composition/config';
import { parsePrivateKey, parsePublicKey, pkcs8Pem, spkiPem } from './keys';
import { BillFormatError, parseAlipayBill } from './bills';
import { fenToYuan, fromBeijingTime, toBeijingTime, yuanToFen } from './money';
import {
  BillNotAvailable,
  GatewayError,
  GatewayTimeout,
  NotificationRejected,
  type BillInput,
  type CreateChargeInput,
  type GatewayBill,
  type CreateChargeResult,
  type NotificationAnswer,
  type NotificationRequest,
  type PaymentProvider,
  type QueryResult,
  type RefundInput,
  type RefundOutcome,
  type RefundQueryInput,
  type RefundQueryOutcome,
  type TUnknownReason,
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

/**
 * Business refusals (code 40004) that may succeed when asked again later: Alipay's own trouble
 * ("call again with the same parameters"), the merchant balance short of the refund, a
 * frequency limit. Every other 40004 is final for that request.
 */
const RETRYABLE_SUB_CODE = /SYSTEM_ERROR|BALANCE_NOT_ENOUGH|FREQUENCY_LIMIT/;
/** Gateway codes that refuse the call itself (parameters, signature, permissions): final until our side changes. */
const REFUSING_CODES = new Set(['20001', '40001', '40002', '40003', '40006']);
const BILL_NOT_EXIST = /bill_not_exist|BILL_NOT_EXIST/;

type Answer = { ok: AlipaySdkCommonResult } | { unknown: Extract<RefundOutcome, { kind: 'unknown' }> };

function unknownFrom(error: unknown): Extract<RefundOutcome, { kind: 'unknown' }> {
  const detail = error instanceof Error ? error.message : String(error);
  let reason: TUnknownReason = 'unexpected';
  if (error instanceof GatewayTimeout || isTimeout(error)) reason = 'timeout';
  else if (/验签/.test(detail)) reason = 'signature';
  else if (/HTTP 请求错误/.test(detail)) reason = 'http-status';
  else if (/格式错误/.test(detail)) reason = 'unparsable';
  else if (/HttpClient Request error/.test(detail)) reason = 'transport';
  return { kind: 'unknown', reason, detail };
}

function codeOf(result: AlipaySdkCommonResult): { code: string; message: string } {
  const sub = typeof result.sub_code === 'string' ? result.sub_code : '';
  return { code: sub || String(result.code), message: String(result.sub_msg ?? result.msg ?? '') };
}

function isTimeout(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (/Timeout/i.test(cause.name) || (cause as { code?: unknown }).code === 'UND_ERR_HEADERS_TIMEOUT') return true;
  }
  return false;
}

export class AlipayProvider implements PaymentProvider {
  readonly method = 'ZFB' as const;
  readonly clients = ['WEB', 'H5'] as const;
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
      return await withTimeout(
        this.options.timeoutMs,
        () => this.sdk.exec(method, params, { validateSign: true }),
        () => new GatewayTimeout('ZFB', operation),
      );
    } catch (error) {
      if (error instanceof GatewayTimeout) throw error;
      if (isTimeout(error)) throw new GatewayTimeout('ZFB', operation);
      const detail = error instanceof AlipayRequestError ? error.message : String(error);
      throw new GatewayError('ZFB', operation, detail);
    }
  }

  private static failure(operation: string, result: AlipaySdkCommonResult): GatewayError {
    return new GatewayError(
      'ZFB',
      operation,
      `${result.code} ${result.msg}${result.sub_code ? ` ${String(result.sub_code)} ${String(result.sub_msg ?? '')}` : ''}`,
    );
  }

  async create(input: CreateChargeInput): Promise<CreateChargeResult> {
    if (input.client === 'H5') return { kind: 'redirect', url: this.wapPayUrl(input) };
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
    if (result.code !== '10000' || typeof result.qr_code !== 'string' || result.qr_code === '')
      throw AlipayProvider.failure('create', result);
    return { kind: 'qr', codeUrl: result.qr_code };
  }

  /**
   * alipay.trade.wap.pay (手机网站支付): a signed GET link to Alipay's mobile cashier, which opens
   * the Alipay app (or its web cashier) and sends the payer back to returnUrl; nothing is called
   * here, the trade exists once the payer opens it. The notification is the one of every trade.
   */
  wapPayUrl(input: CreateChargeInput): string {
    if (!input.returnUrl) throw new GatewayError('ZFB', 'create', 'H5 needs a return URL');
    return this.sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
      notifyUrl: input.notifyUrl,
      returnUrl: input.returnUrl,
      bizContent: {
        out_trade_no: input.paymentNo,
        total_amount: fenToYuan(input.amountFen),
        subject: input.subject,
        product_code: 'QUICK_WAP_WAY',
        time_expire: toBeijingTime(input.expiresAt),
        quit_url: input.returnUrl,
      },
    });
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
    if (!paymentNo || !gatewayTradeNo || amountFen === null)
      throw new NotificationRejected('missing out_trade_no, trade_no or total_amount');
    const success = SUCCESS_STATES.has(params.trade_status ?? '');
    const payer = params.buyer_id ?? params.buyer_open_id;
    return {
      paymentNo,
      gatewayTradeNo,
      amountFen,
      success,
      paidAt: success ? (fromBeijingTime(params.gmt_payment) ?? new Date()) : null,
      ...(payer ? { payerAccount: payer.slice(0, 128) } : {}),
    };
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

  /** A gateway call whose failures (timeout, transport, HTTP status, signature, body) become an unknown outcome. */
  private async ask(operation: string, method: string, params: Record<string, unknown>): Promise<Answer> {
    try {
      return {
        ok: await withTimeout(
          this.options.timeoutMs,
          () => this.sdk.exec(method, params, { validateSign: true }),
          () => new GatewayTimeout('ZFB', operation),
        ),
      };
    } catch (error) {
      return { unknown: unknownFrom(error) };
    }
  }

  /** A signed answer other than 10000, classified the same way for a refund and its query. */
  private static refusal(result: AlipaySdkCommonResult): RefundOutcome {
    const { code, message } = codeOf(result);
    if (result.code === '40004')
      return RETRYABLE_SUB_CODE.test(code) ? { kind: 'retryable', code, message } : { kind: 'refused', code, message };
    if (REFUSING_CODES.has(String(result.code))) return { kind: 'refused', code, message };
    // 20000 "service unavailable" and anything undocumented: the gateway does not say what happened.
    return { kind: 'unknown', reason: 'unexpected', detail: `${String(result.code)} ${code} ${message}` };
  }

  async requestRefund(input: RefundInput): Promise<RefundOutcome> {
    const answer = await this.ask('refund', 'alipay.trade.refund', {
      bizContent: {
        out_trade_no: input.paymentNo,
        refund_amount: fenToYuan(input.amountFen),
        out_request_no: input.refundNo,
        refund_reason: input.reason,
      },
    });
    if ('unknown' in answer) return answer.unknown;
    const result = answer.ok;
    if (result.code !== '10000') return AlipayProvider.refusal(result);
    if (result.fund_change === 'Y')
      return { kind: 'refunded', ...(typeof result.trade_no === 'string' ? { gatewayRefundNo: result.trade_no } : {}) };
    // Accepted without moving money now: a repeated refund number, or a refund still on its way.
    // Alipay's documentation asks for the refund query to tell which.
    const queried = await this.queryRefund({ outTradeNo: input.paymentNo, outRefundNo: input.refundNo });
    if (queried.kind === 'not_found' || queried.kind === 'refused' || queried.kind === 'retryable') {
      return { kind: 'processing', ...(typeof result.trade_no === 'string' ? { gatewayRefundNo: result.trade_no } : {}) };
    }
    return queried;
  }

  async queryRefund(input: RefundQueryInput): Promise<RefundQueryOutcome> {
    const answer = await this.ask('refund query', 'alipay.trade.fastpay.refund.query', {
      bizContent: { out_trade_no: input.outTradeNo, out_request_no: input.outRefundNo, query_options: ['gmt_refund_pay'] },
    });
    if ('unknown' in answer) return answer.unknown;
    const result = answer.ok;
    if (result.code === '10000') {
      // refund_status is present only once the refund succeeded; absent means none under this number (yet).
      if (result.refund_status !== 'REFUND_SUCCESS') return { kind: 'not_found' };
      const refundedFen = yuanToFen(String(result.refund_amount ?? ''));
      const at = fromBeijingTime(typeof result.gmt_refund_pay === 'string' ? result.gmt_refund_pay : undefined);
      return {
        kind: 'refunded',
        ...(typeof result.trade_no === 'string' ? { gatewayRefundNo: result.trade_no } : {}),
        ...(refundedFen === null ? {} : { refundedFen }),
        ...(at ? { at } : {}),
      };
    }
    if (result.sub_code === TRADE_NOT_EXIST) return { kind: 'not_found' };
    const outcome = AlipayProvider.refusal(result);
    // A refused query (bad parameters, permissions) says nothing about the refund itself.
    if (outcome.kind === 'refused')
      return { kind: 'unknown', reason: 'unexpected', detail: `query refused: ${outcome.code} ${outcome.message}` };
    return outcome;
  }

  async downloadBill(input: BillInput): Promise<GatewayBill> {
    const result = await this.call('bill', 'alipay.data.dataservice.bill.downloadurl.query', {
      bizContent: { bill_type: 'trade', bill_date: input.date },
    });
    if (result.code !== '10000') {
      const { code, message } = codeOf(result);
      if (BILL_NOT_EXIST.test(code)) throw new BillNotAvailable('ZFB', input.date, code, message);
      throw AlipayProvider.failure('bill', result);
    }
    const url = typeof result.bill_download_url === 'string' ? result.bill_download_url : '';
    if (!url) throw new GatewayError('ZFB', 'bill', 'answer without bill_download_url');
    // The link is signed by Alipay itself and lives 30 seconds; the zip carries CRC-32s.
    const zip = await withTimeout(
      this.options.timeoutMs,
      async () => {
        const response = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs) });
        if (!response.ok) throw new GatewayError('ZFB', 'bill', `download HTTP ${response.status}`);
        return Buffer.from(await response.arrayBuffer());
      },
      () => new GatewayTimeout('ZFB', 'bill'),
    ).catch((error: unknown) => {
      if (error instanceof GatewayError || error instanceof GatewayTimeout) throw error;
      if (isTimeout(error)) throw new GatewayTimeout('ZFB', 'bill');
      throw new GatewayError('ZFB', 'bill', `download failed: ${String(error)}`);
    });
    try {
      return parseAlipayBill(zip, input.date);
    } catch (error) {
      if (error instanceof BillFormatError) throw new GatewayError('ZFB', 'bill', error.message);
      throw error;
    }
  }

  async close(paymentNo: string): Promise<void> {
    const result = await this.call('close', 'alipay.trade.close', { bizContent: { out_trade_no: paymentNo } });
    if (result.code === '10000' || result.sub_code === TRADE_NOT_EXIST) return;
    throw AlipayProvider.failure('close', result);
  }
}
