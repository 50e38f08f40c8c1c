import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeProvider } from '../../../src/modules/payments/stripe.provider';

// Stripe answers 409 idempotency_key_in_use while an earlier request under the same key (a refund
// that timed out here) is still being handled: money may yet move, so the refund is "unknown"
// (ask again), never "refused" (ADR 0029). A bare server answering as Stripe does, for the SDK.

describe('a Stripe refund whose idempotency key is in use', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      if (request.method === 'GET' && request.url?.startsWith('/v1/checkout/sessions/cs_1')) {
        response.end(
          JSON.stringify({
            id: 'cs_1',
            object: 'checkout.session',
            payment_status: 'paid',
            status: 'complete',
            payment_intent: 'pi_1',
            currency: 'cny',
            amount_total: 26800,
          }),
        );
        return;
      }
      if (request.method === 'POST' && request.url === '/v1/refunds' && request.headers['idempotency-key'] === 'refund:R-DONE') {
        response.statusCode = 400;
        response.end(
          JSON.stringify({
            error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge ch_1 has already been refunded.' },
          }),
        );
        return;
      }
      if (request.method === 'POST' && request.url === '/v1/refunds') {
        response.statusCode = 409;
        response.end(
          JSON.stringify({
            error: {
              type: 'idempotency_error',
              code: 'idempotency_key_in_use',
              message: 'There is currently another in-progress request using this Idempotent Key.',
            },
          }),
        );
        return;
      }
      response.statusCode = 404;
      response.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'no such thing' } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('is unknown (ask again), not refused', async () => {
    const stripe = new StripeProvider({
      secretKey: 'sk_test_conflict',
      webhookSecret: 'whsec_conflict',
      apiBase: base,
      timeoutMs: 5_000,
      sessionOf: async () => 'cs_1',
    });
    const outcome = await stripe.requestRefund({
      paymentNo: 'P1',
      refundNo: 'R1',
      amountFen: 26800,
      totalFen: 26800,
      reason: 'customer asked',
    });
    expect(outcome).toMatchObject({ kind: 'unknown', reason: 'http-status' });
    expect(outcome.kind === 'unknown' && outcome.detail).toMatch(/409 idempotency_key_in_use/);
  });

  it('is refused when Stripe refuses it for good (its status and code reach the classification)', async () => {
    const stripe = new StripeProvider({
      secretKey: 'sk_test_conflict',
      webhookSecret: 'whsec_conflict',
      apiBase: base,
      timeoutMs: 5_000,
      sessionOf: async () => 'cs_1',
    });
    const outcome = await stripe.requestRefund({
      paymentNo: 'P1',
      refundNo: 'R-DONE',
      amountFen: 26800,
      totalFen: 26800,
      reason: 'customer asked',
    });
    expect(outcome).toMatchObject({ kind: 'refused', code: 'charge_already_refunded' });
  });
});
