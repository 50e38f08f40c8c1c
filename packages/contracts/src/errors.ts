// Stable numeric API error codes. The number is the contract: never reuse or renumber one.
// Each code has an HTTP status and a message key; the text lives in messages/<locale>.json
// under `errors.<key>` so the API answers in the caller's language and the web can too.
// Ranges: 4xxxx/5xxxx generic (HTTP status × 100 + n), 1xxxx accounts, 2xxxx orders and
// payment, 3xxxx content, 6xxxx ambassador and cloud PC, 7xxxx devices, seats, codes and walls.

export const ErrorCode = {
  OK: 0,

  BAD_REQUEST: 40000,
  VALIDATION_FAILED: 40001,
  MALFORMED_JSON: 40002,
  UNAUTHORIZED: 40100,
  FORBIDDEN: 40300,
  NOT_FOUND: 40400,
  ROUTE_NOT_FOUND: 40401,
  METHOD_NOT_ALLOWED: 40500,
  CONFLICT: 40900,
  PAYLOAD_TOO_LARGE: 41300,
  URI_TOO_LONG: 41400,
  UNSUPPORTED_MEDIA_TYPE: 41500,
  RATE_LIMITED: 42900,
  HEADERS_TOO_LARGE: 43100,
  INTERNAL: 50000,
  SERVICE_UNAVAILABLE: 50300,
  GATEWAY_TIMEOUT: 50400,

  // accounts (spec section 8 messages)
  PHONE_OR_EMAIL_NOT_REGISTERED: 10001,
  USERNAME_TAKEN: 10002,
  PHONE_REGISTERED: 10003,
  ACCOUNT_NOT_REGISTERED: 10004,
  EMAIL_NOT_REGISTERED: 10005,
  INVALID_CREDENTIALS: 10006,
  CODE_INVALID: 10007,
  CODE_EXPIRED: 10008,
  CODE_TOO_MANY_ATTEMPTS: 10009,
  SEND_TOO_FREQUENT: 10010,
  SEND_LIMIT_REACHED: 10011,
  ACCESS_KEY_INVALID: 10012,
  LOGIN_THROTTLED: 10013,
  EMAIL_REGISTERED: 10014,
  SESSION_EXPIRED: 10015,
  DELIVERY_FAILED: 10016,

  // content (downloads, news, search, location, share signature)
  SHARE_NOT_CONFIGURED: 30001,
  SHARE_URL_NOT_ALLOWED: 30002,
  SHARE_UPSTREAM_FAILED: 30003,

  // orders and payment (issue 5); 201xx are the payment gateways'
  ORDER_NOT_FOUND: 20001,
  SKU_NOT_AVAILABLE: 20002,
  ORDER_EXPIRED: 20003,
  ORDER_NOT_PAYABLE: 20004,
  ORDER_ALREADY_PAID: 20005,
  QR_CODE_NOT_FOUND: 20006,
  QR_CODE_EXPIRED: 20007,
  QR_CODE_USED: 20008,
  IDEMPOTENCY_KEY_REUSED: 20009,
  IDEMPOTENCY_KEY_INVALID: 20010,
  IDEMPOTENCY_KEY_IN_PROGRESS: 20011,
  PAY_METHOD_UNAVAILABLE: 20012,
  PAYMENT_GATEWAY_ERROR: 20013,
  REFUND_NOT_ALLOWED: 20014,
  REFUND_FAILED: 20015,
  // payment gateways
  PAYMENT_NOT_CONFIGURED: 20101,
  WX_OAUTH_CODE_INVALID: 20102,
  WX_OAUTH_NOT_CONFIGURED: 20103,

  // cloud PC
  CLOUD_PC_NOT_FOUND: 60101,
  CLOUD_PC_RELEASED: 60102,
  CLOUD_PC_REFUND_NOT_ALLOWED: 60103,
  CLOUD_PC_REFUND_WINDOW_OVER: 60104,
  INVOICE_ORDER_INVALID: 60105,
  INVOICE_ALREADY_REQUESTED: 60106,
  INVOICE_TAX_ID_REQUIRED: 60107,

  // redemption codes, seats and screen walls (70100–70149)
  REDEEM_CODE_INVALID: 70101,
  REDEEM_CODE_MISTYPED: 70102,
  REDEEM_CODE_USED: 70103,
  REDEEM_CODE_EXPIRED: 70104,
  REDEEM_TOO_MANY_TRIES: 70105,
  SEAT_NOT_FOUND: 70110,
  SEAT_MOVE_TOO_SOON: 70111,
  SEAT_EXPIRED: 70112,
  SEAT_ACCOUNT_NOT_FOUND: 70113,
  WALL_NOT_FOUND: 70120,
  WALL_LIMIT_EXCEEDED: 70121,
  WALLS_TOO_MANY: 70122,
  WALL_DEVICE_NOT_FOUND: 70123,
} as const;

export type TErrorCodeName = keyof typeof ErrorCode;
export type TErrorCode = (typeof ErrorCode)[TErrorCodeName];

interface ErrorInfo {
  status: number;
  /** key under `errors.` in messages/<locale>.json */
  key: string;
}

const info: Record<TErrorCodeName, ErrorInfo> = {
  OK: { status: 200, key: 'ok' },
  BAD_REQUEST: { status: 400, key: 'badRequest' },
  VALIDATION_FAILED: { status: 400, key: 'validationFailed' },
  MALFORMED_JSON: { status: 400, key: 'malformedJson' },
  UNAUTHORIZED: { status: 401, key: 'unauthorized' },
  FORBIDDEN: { status: 403, key: 'forbidden' },
  NOT_FOUND: { status: 404, key: 'notFound' },
  ROUTE_NOT_FOUND: { status: 404, key: 'routeNotFound' },
  METHOD_NOT_ALLOWED: { status: 405, key: 'methodNotAllowed' },
  CONFLICT: { status: 409, key: 'conflict' },
  PAYLOAD_TOO_LARGE: { status: 413, key: 'payloadTooLarge' },
  URI_TOO_LONG: { status: 414, key: 'uriTooLong' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, key: 'unsupportedMediaType' },
  RATE_LIMITED: { status: 429, key: 'rateLimited' },
  HEADERS_TOO_LARGE: { status: 431, key: 'headersTooLarge' },
  INTERNAL: { status: 500, key: 'internal' },
  SERVICE_UNAVAILABLE: { status: 503, key: 'serviceUnavailable' },
  GATEWAY_TIMEOUT: { status: 504, key: 'gatewayTimeout' },
  PHONE_OR_EMAIL_NOT_REGISTERED: { status: 400, key: 'phoneOrEmailNotRegistered' },
  USERNAME_TAKEN: { status: 409, key: 'usernameTaken' },
  PHONE_REGISTERED: { status: 409, key: 'phoneRegistered' },
  ACCOUNT_NOT_REGISTERED: { status: 400, key: 'accountNotRegistered' },
  EMAIL_NOT_REGISTERED: { status: 400, key: 'emailNotRegistered' },
  INVALID_CREDENTIALS: { status: 400, key: 'invalidCredentials' },
  CODE_INVALID: { status: 400, key: 'codeInvalid' },
  CODE_EXPIRED: { status: 400, key: 'codeExpired' },
  CODE_TOO_MANY_ATTEMPTS: { status: 400, key: 'codeTooManyAttempts' },
  SEND_TOO_FREQUENT: { status: 429, key: 'sendTooFrequent' },
  SEND_LIMIT_REACHED: { status: 429, key: 'sendLimitReached' },
  ACCESS_KEY_INVALID: { status: 400, key: 'accessKeyInvalid' },
  LOGIN_THROTTLED: { status: 429, key: 'loginThrottled' },
  EMAIL_REGISTERED: { status: 409, key: 'emailRegistered' },
  SESSION_EXPIRED: { status: 401, key: 'sessionExpired' },
  DELIVERY_FAILED: { status: 502, key: 'deliveryFailed' },
  SHARE_NOT_CONFIGURED: { status: 503, key: 'shareNotConfigured' },
  SHARE_URL_NOT_ALLOWED: { status: 400, key: 'shareUrlNotAllowed' },
  SHARE_UPSTREAM_FAILED: { status: 502, key: 'shareUpstreamFailed' },
  ORDER_NOT_FOUND: { status: 404, key: 'orderNotFound' },
  SKU_NOT_AVAILABLE: { status: 400, key: 'skuNotAvailable' },
  ORDER_EXPIRED: { status: 409, key: 'orderExpired' },
  ORDER_NOT_PAYABLE: { status: 409, key: 'orderNotPayable' },
  ORDER_ALREADY_PAID: { status: 409, key: 'orderAlreadyPaid' },
  QR_CODE_NOT_FOUND: { status: 404, key: 'qrCodeNotFound' },
  QR_CODE_EXPIRED: { status: 410, key: 'qrCodeExpired' },
  QR_CODE_USED: { status: 409, key: 'qrCodeUsed' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, key: 'idempotencyKeyReused' },
  IDEMPOTENCY_KEY_INVALID: { status: 400, key: 'idempotencyKeyInvalid' },
  IDEMPOTENCY_KEY_IN_PROGRESS: { status: 409, key: 'idempotencyKeyInProgress' },
  PAY_METHOD_UNAVAILABLE: { status: 400, key: 'payMethodUnavailable' },
  PAYMENT_GATEWAY_ERROR: { status: 502, key: 'paymentGatewayError' },
  REFUND_NOT_ALLOWED: { status: 409, key: 'refundNotAllowed' },
  REFUND_FAILED: { status: 502, key: 'refundFailed' },
  CLOUD_PC_NOT_FOUND: { status: 404, key: 'cloudPcNotFound' },
  CLOUD_PC_RELEASED: { status: 409, key: 'cloudPcReleased' },
  CLOUD_PC_REFUND_NOT_ALLOWED: { status: 409, key: 'cloudPcRefundNotAllowed' },
  CLOUD_PC_REFUND_WINDOW_OVER: { status: 409, key: 'cloudPcRefundWindowOver' },
  INVOICE_ORDER_INVALID: { status: 400, key: 'invoiceOrderInvalid' },
  INVOICE_ALREADY_REQUESTED: { status: 409, key: 'invoiceAlreadyRequested' },
  INVOICE_TAX_ID_REQUIRED: { status: 400, key: 'invoiceTaxIdRequired' },
  PAYMENT_NOT_CONFIGURED: { status: 503, key: 'paymentNotConfigured' },
  WX_OAUTH_CODE_INVALID: { status: 400, key: 'wxOauthCodeInvalid' },
  WX_OAUTH_NOT_CONFIGURED: { status: 503, key: 'wxOauthNotConfigured' },
  REDEEM_CODE_INVALID: { status: 400, key: 'redeemCodeInvalid' },
  REDEEM_CODE_MISTYPED: { status: 400, key: 'redeemCodeMistyped' },
  REDEEM_CODE_USED: { status: 409, key: 'redeemCodeUsed' },
  REDEEM_CODE_EXPIRED: { status: 410, key: 'redeemCodeExpired' },
  REDEEM_TOO_MANY_TRIES: { status: 429, key: 'redeemTooManyTries' },
  SEAT_NOT_FOUND: { status: 404, key: 'seatNotFound' },
  SEAT_MOVE_TOO_SOON: { status: 409, key: 'seatMoveTooSoon' },
  SEAT_EXPIRED: { status: 409, key: 'seatExpired' },
  SEAT_ACCOUNT_NOT_FOUND: { status: 404, key: 'seatAccountNotFound' },
  WALL_NOT_FOUND: { status: 404, key: 'wallNotFound' },
  WALL_LIMIT_EXCEEDED: { status: 409, key: 'wallLimitExceeded' },
  WALLS_TOO_MANY: { status: 409, key: 'wallsTooMany' },
  WALL_DEVICE_NOT_FOUND: { status: 404, key: 'wallDeviceNotFound' },
};

const byCode = new Map<number, TErrorCodeName>(
  (Object.keys(ErrorCode) as TErrorCodeName[]).map((name) => [ErrorCode[name], name]),
);

export function errorInfo(name: TErrorCodeName): ErrorInfo & { code: number } {
  return { ...info[name], code: ErrorCode[name] };
}

export function errorNameOf(code: number): TErrorCodeName | undefined {
  return byCode.get(code);
}

export const errorCodeNames = Object.keys(ErrorCode) as TErrorCodeName[];
