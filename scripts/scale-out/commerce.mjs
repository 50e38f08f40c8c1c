// @ts-check
// What a customer does through the API in the scale-out step: sign up (with a code from the SMS
// fake), order, pay on the sandbox's confirm page. The sandbox is the product's own (production
// with PAYMENT_SANDBOX acknowledged): its confirm POST marks the charge paid, then sends the
// signed notification through nginx and the web to an API instance, like a real gateway.

const TEN_SECONDS = 10_000;

/**
 * @param {{ apiEdge: string, waitForCode: (mobile: string, sentAt: number) => Promise<string> }} options
 */
export function createCommerce({ apiEdge, waitForCode }) {
  let serial = 0;
  /** Eight digits that differ on every call of this process. */
  const uniqueDigits = () => `${Date.now() % 1e6}`.padStart(6, '0') + `${serial++ % 100}`.padStart(2, '0');

  /** @returns {Promise<any>} */
  async function call(
    /** @type {string} */ path,
    /** @type {{ token?: string, body?: unknown, headers?: Record<string, string> }} */ { token, body, headers = {} } = {},
  ) {
    const response = await fetch(`${apiEdge}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: token } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(TEN_SECONDS),
    });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), ...(await response.json()) };
  }

  /** An answer that was not a success, thrown with the answer kept for the caller's tally. */
  const refused = (/** @type {string} */ what, /** @type {any} */ answer) =>
    Object.assign(new Error(`${what}: ${JSON.stringify(answer)}`), {
      answer: { status: answer.status, errcode: answer.errcode, retryAfter: answer.retryAfter },
    });

  return {
    uniqueDigits,
    call,
    /** A fresh account: its session token and phone. */
    async signUp(/** @type {string} */ prefix = 'so') {
      const mobile = `136${uniqueDigits()}`;
      const sentAt = Date.now();
      const sent = await call('/sms', { body: { mobile, smsType: 'SIGNUP' } });
      if (sent.errcode !== 0) throw new Error(`no sign-up code for ${mobile}: ${JSON.stringify(sent)}`);
      const code = await waitForCode(mobile, sentAt);
      const username = `${prefix}_${uniqueDigits()}`;
      const signup = await call('/signup', { body: { username, mobile, code, password: 'Secret-2024', confirmPassword: 'Secret-2024' } });
      if (signup.errcode !== 0) throw new Error(`sign-up of ${username} failed: ${JSON.stringify(signup)}`);
      return { token: /** @type {string} */ (signup.data.access_token), mobile, username, password: 'Secret-2024' };
    },
    /** A month of membership, the cheapest order: `{ id }` of the new order. */
    async order(/** @type {string} */ token, /** @type {string | undefined} */ idempotencyKey = undefined) {
      const answer = await call('/order/createV2', {
        token,
        body: { skuId: 'MEMBER_MONTH' },
        ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
      });
      if (answer.errcode !== 0) throw refused('order not created', answer);
      return /** @type {{ id: string }} */ (answer.data);
    },
    /** The sandbox charge of an order: its payment number and confirm link. */
    async charge(/** @type {string} */ token, /** @type {string} */ orderId) {
      const answer = await call('/pay/payV2', { token, body: { orderId, payMethod: 'ZFB', payClient: 'WEB' } });
      if (answer.errcode !== 0) throw refused(`no charge for ${orderId}`, answer);
      return { orderId, paymentNo: /** @type {string} */ (answer.data.paymentNo), codeUrl: /** @type {string} */ (answer.data.codeUrl) };
    },
    /** Presses Confirm on the sandbox page: the HTTP status, 0 when nothing answered. */
    async confirm(/** @type {string} */ codeUrl) {
      const token = new URL(codeUrl).searchParams.get('t') ?? '';
      try {
        const response = await fetch(codeUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `t=${token}&lang=en`,
          signal: AbortSignal.timeout(TEN_SECONDS),
        });
        await response.arrayBuffer();
        return response.status;
      } catch {
        return 0;
      }
    },
    /** Whether the sandbox gateway holds the charge as paid (its page says so). */
    async paidAtGateway(/** @type {string} */ codeUrl) {
      const response = await fetch(`${codeUrl}&lang=en`, { signal: AbortSignal.timeout(TEN_SECONDS) });
      return (await response.text()).includes('<p role="status" class="ok">');
    },
  };
}

/** @typedef {ReturnType<typeof createCommerce>} TCommerce */
