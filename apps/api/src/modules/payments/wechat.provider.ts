import { createHash, type KeyObject } from 'node:crypto';
import { Aes, Decorator, Formatter, Rsa } from 'wechatpay-axios-plugin';
import { type WechatPayConfig } from '../../composition/config';
import { parsePrivateKey, parsePublicKey, pkcs8Pem, spkiPem } from './keys';
import { BillFormatError, parseWechatBill } from './bills';
import { toRfc3339Beijing } from './money';
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
  type VerifiedNotification,
} from './provider';
import { withTimeout } from './timeout';

// WeChat Pay API v3 through wechatpay-axios-plugin: it signs every request with the merchant
// key (Authorization: WECHATPAY2-SHA256-RSA2048 …) and verifies every 2xx answer against the
// platform key (Wechatpay-Signature over "timestamp\nnonce\nbody\n", ±5 minutes). Native
// (code_url) for WEB, H5 (h5_url, with redirect_url appended) for phones outside WeChat, JSAPI
// (prepay_id → getBrandWCPayRequest parameters) for JS_API.

export interface WechatPayProviderOptions extends WechatPayConfig {
  timeoutMs: number;
}

/** Notifications older (or further in the future) than this are refused. */
export const NOTIFICATION_MAX_AGE_SECONDS = 300;

/** WeChat Pay v3: 2xx without a body acknowledges; 4xx/5xx with {code: FAIL, message} asks for a retry. */
export const WECHAT_ANSWERS = {
  acknowledge: (): NotificationAnswer => ({ status: 204, contentType: 'application/json; charset=utf-8', body: '' }),
  refuse: (): NotificationAnswer => ({
    status: 500,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify({ code: 'FAIL', message: '失败' }),
  }),
};

const PENDING_STATES = new Set(['NOTPAY', 'USERPAYING']);
const CLOSED_STATES = new Set(['CLOSED', 'REVOKED', 'PAYERROR']);

/**
 * Refusals that may succeed later: the merchant balance short of the refund (403 NOT_ENOUGH),
 * the frequency limit (429 FREQUENCY_LIMITED). SYSTEM_ERROR comes with HTTP 500 and means the
 * refund may or may not have been recorded, so it is unknown like every 5xx; only outside a
 * 5xx is it retryable.
 */
const RETRYABLE_CODES = new Set(['NOT_ENOUGH', 'FREQUENCY_LIMITED', 'SYSTEM_ERROR']);
const BILL_NOT_READY_CODES = new Set(['NO_STATEMENT_EXIST', 'STATEMENT_CREATING']);

type UnknownOutcome = Extract<RefundOutcome, { kind: 'unknown' }>;

interface WechatRefund {
  refund_id?: string;
  status?: string;
  success_time?: string;
  amount?: { refund?: number };
}

/** One v3 answer: a verified 2xx body, a 4xx/5xx {code, message}, or no trustworthy answer. */
type WechatAnswer<T> = { ok: T } | { failed: { status: number; code: string; message: string } } | { unknown: UnknownOutcome };

interface WechatTransaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number };
  payer?: { openid?: string };
}

function header(headers: NotificationRequest['headers'], name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

function parseTime(text: string | undefined): Date | null {
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

export class WechatPayProvider implements PaymentProvider {
  readonly method = 'WX' as const;
  readonly clients = ['WEB', 'H5', 'JS_API'] as const;
  readonly sandbox = false;
  private readonly client: Decorator;
  private readonly privateKey: KeyObject;
  private readonly platformKey: KeyObject;
  private readonly apiV3Key: Buffer;

  constructor(
    private readonly options: WechatPayProviderOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.privateKey = parsePrivateKey(options.privateKey, 'WECHATPAY_PRIVATE_KEY');
    this.platformKey = parsePublicKey(options.platformPublicKey, 'WECHATPAY_PLATFORM_PUBLIC_KEY');
    this.apiV3Key = Buffer.from(options.apiV3Key, 'utf8');
    this.client = new Decorator({
      mchid: options.mchid,
      serial: options.serial,
      privateKey: pkcs8Pem(this.privateKey),
      certs: { [options.platformSerial]: spkiPem(this.platformKey) },
      baseURL: `${options.baseUrl.replace(/\/+$/, '')}/`,
      timeout: options.timeoutMs,
    });
  }

  /** One signed v3 call whose answer signature the plugin verified; errors mapped. */
  private async call<T>(operation: string, method: 'get' | 'post', path: string, data?: object): Promise<{ status: number; data: T }> {
    try {
      const response = await withTimeout(
        this.options.timeoutMs,
        async () => this.client.request<T>(path, method, data, {}),
        () => new GatewayTimeout('WX', operation),
      );
      return { status: response.status, data: response.data };
    } catch (error) {
      if (error instanceof GatewayTimeout) throw error;
      if (isAxiosError(error)) {
        if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') throw new GatewayTimeout('WX', operation);
        if (error.response && error.response.status >= 400 && error.response.status < 600 && !error.code?.startsWith('EV3_')) {
          throw new WechatApiError(operation, error.response.status, error.response.data);
        }
        throw new GatewayError('WX', operation, `${error.code ?? 'ERROR'} ${error.message}`);
      }
      throw new GatewayError('WX', operation, String(error));
    }
  }

  async create(input: CreateChargeInput): Promise<CreateChargeResult> {
    const body = {
      appid: this.options.appId,
      mchid: this.options.mchid,
      description: input.subject,
      out_trade_no: input.paymentNo,
      time_expire: toRfc3339Beijing(input.expiresAt),
      notify_url: input.notifyUrl,
      amount: { total: input.amountFen, currency: 'CNY' },
    };
    try {
      if (input.client === 'JS_API') {
        if (!input.openid) throw new GatewayError('WX', 'create', 'JSAPI needs the payer openid');
        const { data } = await this.call<{ prepay_id?: string }>('create', 'post', 'v3/pay/transactions/jsapi', {
          ...body,
          payer: { openid: input.openid },
        });
        if (!data.prepay_id) throw new GatewayError('WX', 'create', 'answer without prepay_id');
        return { kind: 'jsapi', params: this.jsapiParams(data.prepay_id) };
      }
      if (input.client === 'H5') {
        // H5 (手机网站支付): WeChat Pay's page opens the WeChat app; redirect_url brings the payer back
        if (!input.returnUrl || !input.payerIp) throw new GatewayError('WX', 'create', 'H5 needs a return URL and the payer address');
        const { data } = await this.call<{ h5_url?: string }>('create', 'post', 'v3/pay/transactions/h5', {
          ...body,
          scene_info: { payer_client_ip: input.payerIp, h5_info: { type: 'Wap' } },
        });
        if (!data.h5_url) throw new GatewayError('WX', 'create', 'answer without h5_url');
        return {
          kind: 'redirect',
          url: `${data.h5_url}${data.h5_url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(input.returnUrl)}`,
        };
      }
      const { data } = await this.call<{ code_url?: string }>('create', 'post', 'v3/pay/transactions/native', body);
      if (!data.code_url) throw new GatewayError('WX', 'create', 'answer without code_url');
      return { kind: 'qr', codeUrl: data.code_url };
    } catch (error) {
      throw error instanceof WechatApiError ? error.asGatewayError() : error;
    }
  }

  /** The getBrandWCPayRequest parameters: paySign = RSA-SHA256 over "appId\ntimeStamp\nnonceStr\npackage\n". */
  jsapiParams(prepayId: string): Record<string, string> {
    const timeStamp = String(Math.floor(this.now() / 1000));
    const nonceStr = Formatter.nonce();
    const pkg = `prepay_id=${prepayId}`;
    const paySign = Rsa.sign(Formatter.joinedByLineFeed(this.options.appId, timeStamp, nonceStr, pkg), this.privateKey);
    return { appId: this.options.appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
  }

  async verifyNotification(request: NotificationRequest): Promise<VerifiedNotification> {
    const timestamp = header(request.headers, 'Wechatpay-Timestamp');
    const nonce = header(request.headers, 'Wechatpay-Nonce');
    const signature = header(request.headers, 'Wechatpay-Signature');
    const serial = header(request.headers, 'Wechatpay-Serial');
    if (!timestamp || !nonce || !signature || !serial) throw new NotificationRejected('missing Wechatpay-* headers');
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Math.floor(this.now() / 1000) - Number(timestamp)) > NOTIFICATION_MAX_AGE_SECONDS) {
      throw new NotificationRejected(`timestamp ${timestamp} is outside ±${NOTIFICATION_MAX_AGE_SECONDS} s`);
    }
    if (serial !== this.options.platformSerial) throw new NotificationRejected(`unknown platform serial ${serial}`);
    let verified = false;
    try {
      verified = Rsa.verify(Formatter.response(timestamp, nonce, request.rawBody), signature, this.platformKey);
    } catch {
      verified = false;
    }
    if (!verified) throw new NotificationRejected('bad signature');

    let transaction: WechatTransaction;
    let eventType: string | undefined;
    try {
      const body = JSON.parse(request.rawBody) as {
        event_type?: string;
        resource?: { algorithm?: string; ciphertext?: string; nonce?: string; associated_data?: string; original_type?: string };
      };
      eventType = body.event_type;
      const resource = body.resource;
      if (!resource || resource.algorithm !== 'AEAD_AES_256_GCM' || !resource.ciphertext || !resource.nonce)
        throw new Error('no AEAD_AES_256_GCM resource');
      if (resource.original_type !== undefined && resource.original_type !== 'transaction')
        throw new Error(`resource type ${resource.original_type}`);
      transaction = JSON.parse(
        Aes.AesGcm.decrypt(resource.ciphertext, this.apiV3Key, resource.nonce, resource.associated_data ?? ''),
      ) as WechatTransaction;
    } catch (error) {
      throw new NotificationRejected(`undecryptable resource: ${(error as Error).message}`);
    }
    if (transaction.mchid !== this.options.mchid) throw new NotificationRejected(`mchid ${transaction.mchid ?? '(none)'} is not ours`);
    if (transaction.appid !== this.options.appId) throw new NotificationRejected(`appid ${transaction.appid ?? '(none)'} is not ours`);
    const total = transaction.amount?.total;
    if (
      !transaction.out_trade_no ||
      !transaction.transaction_id ||
      typeof total !== 'number' ||
      !Number.isSafeInteger(total) ||
      total < 0
    ) {
      throw new NotificationRejected('missing out_trade_no, transaction_id or amount.total');
    }
    const success = transaction.trade_state === 'SUCCESS' && (eventType === undefined || eventType === 'TRANSACTION.SUCCESS');
    return {
      paymentNo: transaction.out_trade_no,
      gatewayTradeNo: transaction.transaction_id,
      amountFen: total,
      success,
      paidAt: success ? (parseTime(transaction.success_time) ?? new Date(this.now())) : null,
      ...(typeof transaction.payer?.openid === 'string' && transaction.payer.openid !== ''
        ? { payerAccount: transaction.payer.openid.slice(0, 128) }
        : {}),
    };
  }

  acknowledge(): NotificationAnswer {
    return WECHAT_ANSWERS.acknowledge();
  }

  refuse(): NotificationAnswer {
    return WECHAT_ANSWERS.refuse();
  }

  async query(paymentNo: string): Promise<QueryResult> {
    let data: WechatTransaction;
    try {
      ({ data } = await this.call<WechatTransaction>(
        'query',
        'get',
        `v3/pay/transactions/out-trade-no/${encodeURIComponent(paymentNo)}?mchid=${encodeURIComponent(this.options.mchid)}`,
      ));
    } catch (error) {
      if (error instanceof WechatApiError) {
        if (error.status === 404 || error.code === 'ORDER_NOT_EXIST') return { state: 'NOT_FOUND' };
        throw error.asGatewayError();
      }
      throw error;
    }
    const amountFen = typeof data.amount?.total === 'number' ? data.amount.total : undefined;
    const base = {
      ...(amountFen === undefined ? {} : { amountFen }),
      ...(data.transaction_id ? { gatewayTradeNo: data.transaction_id } : {}),
    };
    const state = data.trade_state ?? '';
    // REFUND: it was paid (and since refunded, which the refund records tell).
    if (state === 'SUCCESS' || state === 'REFUND') {
      const paidAt = parseTime(data.success_time);
      return { state: 'PAID', ...base, ...(paidAt ? { paidAt } : {}) };
    }
    if (CLOSED_STATES.has(state)) return { state: 'CLOSED', ...base };
    if (PENDING_STATES.has(state)) return { state: 'PENDING', ...base };
    throw new GatewayError('WX', 'query', `unknown trade_state ${state}`);
  }

  /**
   * A v3 call that classifies instead of throwing. 2xx answers are verified by the plugin; the
   * plugin leaves error answers alone, so those are verified here when they carry the
   * Wechatpay-* headers (as the official SDKs do, an unsigned 4xx is taken at its word over TLS).
   */
  private async attempt<T>(operation: string, method: 'get' | 'post', path: string, data?: object): Promise<WechatAnswer<T>> {
    let raw: string | undefined;
    const capture = (body: unknown) => {
      if (typeof body === 'string') raw = body;
      return body;
    };
    const defaults = this.client.v3.defaults.transformResponse;
    const transformResponse = [capture, ...(Array.isArray(defaults) ? defaults : defaults ? [defaults] : [])];
    const unknown = (reason: UnknownOutcome['reason'], detail: string): { unknown: UnknownOutcome } => ({
      unknown: { kind: 'unknown', reason, detail },
    });
    try {
      const response = await withTimeout(
        this.options.timeoutMs,
        async () => this.client.request<T>(path, method, data, { transformResponse }),
        () => new GatewayTimeout('WX', operation),
      );
      if (typeof response.data !== 'object' || response.data === null) return unknown('unparsable', `${operation}: answer is not JSON`);
      return { ok: response.data };
    } catch (error) {
      if (error instanceof GatewayTimeout) return unknown('timeout', error.message);
      if (!isAxiosError(error)) return unknown('unexpected', String(error));
      if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') return unknown('timeout', `${error.code} ${error.message}`);
      if (error.code?.startsWith('EV3_')) return unknown('signature', `${error.code} ${error.message}`);
      const response = error.response;
      if (!response) return unknown('transport', `${error.code ?? 'ERROR'} ${error.message}`);
      const headers = response.headers as NotificationRequest['headers'];
      const signature = header(headers, 'Wechatpay-Signature');
      if (signature !== undefined && !this.verifyAnswer(headers, raw ?? ''))
        return unknown('signature', `HTTP ${response.status} answer fails its signature`);
      const body = typeof raw === 'string' ? safeJson(raw) : response.data;
      const code = body && typeof body === 'object' && 'code' in body ? String((body as { code: unknown }).code) : '';
      const message = body && typeof body === 'object' && 'message' in body ? String((body as { message: unknown }).message) : '';
      if (response.status >= 500) return unknown('http-status', `HTTP ${response.status} ${code} ${message}`.trim());
      if (!code) return unknown(response.status === 429 ? 'http-status' : 'unparsable', `HTTP ${response.status} without {code, message}`);
      return { failed: { status: response.status, code, message } };
    }
  }

  private verifyAnswer(headers: NotificationRequest['headers'], body: string): boolean {
    const timestamp = header(headers, 'Wechatpay-Timestamp');
    const nonce = header(headers, 'Wechatpay-Nonce');
    const signature = header(headers, 'Wechatpay-Signature');
    if (!timestamp || !nonce || !signature || header(headers, 'Wechatpay-Serial') !== this.options.platformSerial) return false;
    try {
      return Rsa.verify(Formatter.response(timestamp, nonce, body), signature, this.platformKey);
    } catch {
      return false;
    }
  }

  /** A refund object (answer of the request and of the query) → outcome. */
  private static refundState(refund: WechatRefund): RefundOutcome {
    const gatewayRefundNo = refund.refund_id ? { gatewayRefundNo: refund.refund_id } : {};
    switch (refund.status) {
      case 'SUCCESS': {
        const at = parseTime(refund.success_time);
        const refundedFen = refund.amount?.refund;
        return { kind: 'refunded', ...gatewayRefundNo, ...(typeof refundedFen === 'number' ? { refundedFen } : {}), ...(at ? { at } : {}) };
      }
      case 'PROCESSING':
        return { kind: 'processing', ...gatewayRefundNo };
      case 'ABNORMAL':
        return {
          kind: 'processing',
          ...gatewayRefundNo,
          attention: 'ABNORMAL: the refund could not reach the buyer (card closed or frozen); handle it in the merchant console',
        };
      case 'CLOSED':
        return { kind: 'refused', code: 'CLOSED', message: 'refund closed' };
      default:
        return { kind: 'unknown', reason: 'unexpected', detail: `refund status ${String(refund.status)}` };
    }
  }

  private static failure(failed: { status: number; code: string; message: string }): RefundOutcome {
    if (RETRYABLE_CODES.has(failed.code)) return { kind: 'retryable', code: failed.code, message: failed.message };
    // A 429 names FREQUENCY_LIMITED (retryable above); anything else there is not the protocol.
    if (failed.status === 429 || failed.status < 400)
      return { kind: 'unknown', reason: 'http-status', detail: `HTTP ${failed.status} ${failed.code} ${failed.message}` };
    return { kind: 'refused', code: failed.code, message: failed.message };
  }

  async requestRefund(input: RefundInput): Promise<RefundOutcome> {
    const answer = await this.attempt<WechatRefund>('refund', 'post', 'v3/refund/domestic/refunds', {
      out_trade_no: input.paymentNo,
      out_refund_no: input.refundNo,
      reason: input.reason,
      amount: { refund: input.amountFen, total: input.totalFen, currency: 'CNY' },
    });
    if ('unknown' in answer) return answer.unknown;
    if ('failed' in answer) return WechatPayProvider.failure(answer.failed);
    return WechatPayProvider.refundState(answer.ok);
  }

  async queryRefund(input: RefundQueryInput): Promise<RefundQueryOutcome> {
    const answer = await this.attempt<WechatRefund>(
      'refund query',
      'get',
      `v3/refund/domestic/refunds/${encodeURIComponent(input.outRefundNo)}`,
    );
    if ('unknown' in answer) return answer.unknown;
    if ('failed' in answer) {
      if (answer.failed.status === 404 || answer.failed.code === 'RESOURCE_NOT_EXISTS') return { kind: 'not_found' };
      const outcome = WechatPayProvider.failure(answer.failed);
      // A refused query (bad parameters, permissions) says nothing about the refund itself.
      if (outcome.kind === 'refused')
        return { kind: 'unknown', reason: 'unexpected', detail: `query refused: ${outcome.code} ${outcome.message}` };
      return outcome;
    }
    return WechatPayProvider.refundState(answer.ok);
  }

  async downloadBill(input: BillInput): Promise<GatewayBill> {
    let meta: { download_url?: string; hash_type?: string; hash_value?: string };
    try {
      ({ data: meta } = await this.call<typeof meta>(
        'bill',
        'get',
        `v3/bill/tradebill?bill_date=${encodeURIComponent(input.date)}&bill_type=ALL`,
      ));
    } catch (error) {
      if (error instanceof WechatApiError && error.code && BILL_NOT_READY_CODES.has(error.code))
        throw new BillNotAvailable('WX', input.date, error.code, error.message);
      throw error instanceof WechatApiError ? error.asGatewayError() : error;
    }
    if (!meta.download_url || meta.hash_type !== 'SHA1' || !meta.hash_value)
      throw new GatewayError('WX', 'bill', 'answer without download_url or SHA1 hash');
    // The file is fetched with a signed request to our own API host; its answer is not signed, the hash above is.
    const link = new URL(meta.download_url);
    const base = new URL(`${this.options.baseUrl.replace(/\/+$/, '')}/`);
    if (link.origin !== base.origin || !link.pathname.endsWith('/v3/billdownload/file'))
      throw new GatewayError('WX', 'bill', `unexpected download_url ${link.origin}${link.pathname}`);
    let bytes: Buffer;
    try {
      const response = await withTimeout(
        this.options.timeoutMs,
        async () =>
          this.client.request<ArrayBuffer>('v3/billdownload/file', 'get', undefined, {
            params: Object.fromEntries(link.searchParams),
            responseType: 'arraybuffer',
          }),
        () => new GatewayTimeout('WX', 'bill'),
      );
      bytes = Buffer.from(response.data);
    } catch (error) {
      if (error instanceof GatewayTimeout) throw error;
      if (isAxiosError(error) && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT')) throw new GatewayTimeout('WX', 'bill');
      throw new GatewayError(
        'WX',
        'bill',
        `download failed: ${isAxiosError(error) ? `${error.response?.status ?? error.code ?? ''} ${error.message}` : String(error)}`,
      );
    }
    const hash = createHash('sha1').update(bytes).digest('hex');
    if (hash !== meta.hash_value.toLowerCase())
      throw new GatewayError('WX', 'bill', `SHA1 mismatch: the file hashes to ${hash}, the gateway signed ${meta.hash_value}`);
    try {
      return parseWechatBill(bytes.toString('utf8'), input.date);
    } catch (error) {
      if (error instanceof BillFormatError) throw new GatewayError('WX', 'bill', error.message);
      throw error;
    }
  }

  async close(paymentNo: string): Promise<void> {
    try {
      await this.call('close', 'post', `v3/pay/transactions/out-trade-no/${encodeURIComponent(paymentNo)}/close`, {
        mchid: this.options.mchid,
      });
    } catch (error) {
      if (error instanceof WechatApiError) {
        if (error.status === 404 || error.code === 'ORDER_NOT_EXIST' || error.code === 'ORDER_CLOSED') return;
        throw error.asGatewayError();
      }
      throw error;
    }
  }
}

interface AxiosLikeError {
  isAxiosError: true;
  code?: string;
  message: string;
  response?: { status: number; data: unknown; headers: unknown };
}

/** axios errors, recognised without importing axios (a dependency of the plugin, not ours). */
function isAxiosError(error: unknown): error is AxiosLikeError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

/** A non-2xx v3 answer: { code, message } in the body. */
class WechatApiError extends Error {
  readonly code: string | undefined;
  constructor(
    readonly operation: string,
    readonly status: number,
    body: unknown,
  ) {
    const parsed = typeof body === 'string' ? safeJson(body) : body;
    const code = parsed && typeof parsed === 'object' && 'code' in parsed ? String((parsed as { code: unknown }).code) : undefined;
    const message = parsed && typeof parsed === 'object' && 'message' in parsed ? String((parsed as { message: unknown }).message) : '';
    super(`HTTP ${status} ${code ?? ''} ${message}`.trim());
    this.code = code;
  }
  asGatewayError(): GatewayError {
    return new GatewayError('WX', this.operation, this.message);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
