import { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type PaymentsConfig } from '../../composition/config';
import { ALIPAY_ANSWERS, AlipayProvider } from './alipay.provider';
import { findGatewayRef } from './payments.repository';
import { NotificationRejected, type NotificationRequest, type PaymentProvider, type PaymentProviders } from './provider';
import { KvChargeStore } from './sandbox/charges';
import { loadOrCreateSandboxKeys, processSandboxKeys, sandboxStripeSecret } from './sandbox/keys';
import { LazySandbox, LazySandboxProvider } from './sandbox/lazy';
import { deliverByFetch, PaymentSandbox, type Deliver } from './sandbox/sandbox';
import { SandboxProvider } from './sandbox/sandbox.provider';
import { STRIPE_ANSWERS, StripeProvider, verifyStripeEvent } from './stripe.provider';
import { UnconfiguredProvider } from './unconfigured.provider';
import type Stripe from 'stripe';
import { WECHAT_ANSWERS, WechatPayProvider } from './wechat.provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** One provider per payment method: the real gateways when configured, else the built-in sandbox. */
    paymentProviders: PaymentProviders;
    /** The built-in sandbox (made on first use in tests) when at least one method uses it, else null. */
    paymentSandbox: LazySandbox | null;
    /** Stripe's webhooks (/pay/notify/stripe): the event with its signature checked, or NotificationRejected (ADR 0029). */
    cardWebhooks: { verify(request: NotificationRequest): Promise<Stripe.Event> };
    /** The methods offered to payers (GET /pay/methods): CARD only when PAYMENT_CARD is on. */
    payMethods: readonly ('ZFB' | 'WX' | 'CARD')[];
  }
}

/**
 * Sandbox notifications addressed to this API (the notify base is our own public base by
 * default) are handed to it in-process: the same route, verification and application as a
 * gateway's POST, without depending on the web forward being up. Others go over HTTP.
 */
/**
 * The sandbox's real adapters verify notifications and sign the JSAPI sheet; they never call
 * a gateway (charges live in the sandbox), so their gateway address goes nowhere.
 */
const NO_GATEWAY = 'https://sandbox.invalid';

function sandboxDeliver(app: FastifyInstance, config: PaymentsConfig): Deliver {
  const overHttp = deliverByFetch(config.timeoutMs);
  const ownBases = [config.notifyBase, config.publicBase];
  return async (message) => {
    const base = ownBases.find((candidate) => message.url.startsWith(`${candidate}/`));
    if (!base) return overHttp(message);
    const response = await app.inject({
      method: 'POST',
      url: message.url.slice(base.length),
      headers: message.headers,
      payload: message.body,
    });
    return { status: response.statusCode, body: response.body };
  };
}

export default fp(
  async (app) => {
    const config = app.config.payments;
    const timeoutMs = config.timeoutMs;
    let sandbox: LazySandbox | null = null;

    const cardSandboxed = config.card && !config.stripe;
    if (config.sandbox && (!config.alipay || !config.wechat || cardSandboxed)) {
      const lazy = new LazySandbox(async () => {
        const keys = app.config.nodeEnv === 'test' ? processSandboxKeys() : loadOrCreateSandboxKeys(config.sandboxDir);
        const started = new PaymentSandbox({
          keys,
          store: new KvChargeStore(app.kv),
          deliver: sandboxDeliver(app, config),
          publicBase: config.publicBase,
        });
        app.log[app.config.nodeEnv === 'production' ? 'warn' : 'info'](
          {
            alipay: config.alipay ? 'real' : 'sandbox',
            wechat: config.wechat ? 'real' : 'sandbox',
            card: config.card ? (config.stripe ? 'real' : 'sandbox') : 'off',
            confirmPages: `${config.publicBase}/sandbox/pay/`,
          },
          'payment sandbox active: payments are confirmed on a confirm page, no money moves',
        );
        return started;
      });
      sandbox = lazy;
      // Keys are read or made at start-up, except in tests (on first use).
      if (app.config.nodeEnv !== 'test') await lazy.get();
    } else if (!config.alipay || !config.wechat) {
      app.log.error(
        { alipay: config.alipay ? 'real' : 'none', wechat: config.wechat ? 'real' : 'none' },
        'payment gateway not configured: paying answers PAYMENT_NOT_CONFIGURED',
      );
    }

    let alipay: PaymentProvider;
    if (config.alipay) alipay = new AlipayProvider({ ...config.alipay, timeoutMs });
    else if (sandbox) {
      const lazy = sandbox;
      alipay = new LazySandboxProvider('ZFB', ['WEB', 'H5'], ALIPAY_ANSWERS, async () => {
        const running = await lazy.get();
        const keys = running.keys.alipay;
        const adapter = new AlipayProvider({
          gateway: NO_GATEWAY,
          appId: keys.appId,
          privateKey: keys.appPrivateKey,
          alipayPublicKey: keys.alipayPublicKey,
          sellerId: keys.sellerId,
          timeoutMs,
        });
        return new SandboxProvider({
          method: 'ZFB',
          store: running.store,
          codeUrl: (method, paymentNo) => running.codeUrl(method, paymentNo),
          adapter,
        });
      });
    } else alipay = new UnconfiguredProvider('ZFB');

    let wechat: PaymentProvider;
    if (config.wechat) wechat = new WechatPayProvider({ ...config.wechat, timeoutMs });
    else if (sandbox) {
      const lazy = sandbox;
      wechat = new LazySandboxProvider('WX', ['WEB', 'H5', 'JS_API'], WECHAT_ANSWERS, async () => {
        const running = await lazy.get();
        const keys = running.keys.wechat;
        const adapter = new WechatPayProvider({
          baseUrl: NO_GATEWAY,
          mchid: keys.mchid,
          appId: keys.appId,
          privateKey: keys.merchantPrivateKey,
          serial: keys.merchantSerial,
          apiV3Key: keys.apiV3Key,
          platformPublicKey: keys.platformPublicKey,
          platformSerial: keys.platformSerial,
          timeoutMs,
        });
        return new SandboxProvider({
          method: 'WX',
          store: running.store,
          codeUrl: (method, paymentNo) => running.codeUrl(method, paymentNo),
          adapter,
        });
      });
    } else wechat = new UnconfiguredProvider('WX');

    // Cards (ADR 0029): Stripe when its keys are set, else the sandbox's card page; off (not
    // offered, payV2 answers PAY_METHOD_UNAVAILABLE) unless PAYMENT_CARD is on.
    let card: PaymentProvider;
    let cardWebhooks: FastifyInstance['cardWebhooks'];
    if (config.card && config.stripe) {
      const stripe = new StripeProvider({ ...config.stripe, timeoutMs, sessionOf: (paymentNo) => findGatewayRef(app.db, paymentNo) });
      card = stripe;
      cardWebhooks = { verify: async (request) => stripe.verifyEvent(request) };
    } else if (config.card && sandbox) {
      const lazy = sandbox;
      const adapterOf = (secret: string) =>
        new StripeProvider({
          secretKey: 'sk_test_sandbox',
          webhookSecret: secret,
          apiBase: NO_GATEWAY,
          timeoutMs,
          sessionOf: async () => null,
        });
      card = new LazySandboxProvider('CARD', ['WEB', 'H5'], STRIPE_ANSWERS, async () => {
        const running = await lazy.get();
        const adapter = adapterOf(sandboxStripeSecret(running.keys));
        return new SandboxProvider({
          method: 'CARD',
          store: running.store,
          codeUrl: (method, paymentNo) => running.codeUrl(method, paymentNo),
          adapter,
        });
      });
      let verifier: Promise<StripeProvider> | undefined;
      cardWebhooks = {
        verify: async (request) => {
          verifier ??= lazy.get().then((running) => adapterOf(sandboxStripeSecret(running.keys)));
          const adapter = await verifier;
          return verifyStripeEvent(adapter.stripe, sandboxStripeSecret((await lazy.get()).keys), request, Date.now());
        },
      };
    } else {
      card = new UnconfiguredProvider('CARD', config.card ? ['WEB', 'H5'] : []);
      cardWebhooks = {
        verify: async () => {
          throw new NotificationRejected('cards are not configured');
        },
      };
    }

    const providers = Object.freeze({ ZFB: alipay, WX: wechat, CARD: card });
    app.decorate('paymentProviders', providers);
    app.decorate('paymentSandbox', sandbox);
    app.decorate('cardWebhooks', cardWebhooks);
    const payMethods: FastifyInstance['payMethods'] = config.card ? ['ZFB', 'WX', 'CARD'] : ['ZFB', 'WX'];
    app.decorate('payMethods', Object.freeze(payMethods));
  },
  { name: 'payments', dependencies: ['config', 'kv', 'db'] },
);
