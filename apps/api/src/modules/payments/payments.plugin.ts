import { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type PaymentsConfig } from '../../config';
import { ALIPAY_ANSWERS, AlipayProvider } from './alipay.provider';
import { type PaymentProvider, type PaymentProviders } from './provider';
import { KvChargeStore } from './sandbox/charges';
import { loadOrCreateSandboxKeys, processSandboxKeys } from './sandbox/keys';
import { LazySandbox, LazySandboxProvider } from './sandbox/lazy';
import { deliverByFetch, PaymentSandbox, type Deliver } from './sandbox/sandbox';
import { SandboxProvider } from './sandbox/sandbox.provider';
import { UnconfiguredProvider } from './unconfigured.provider';
import { WECHAT_ANSWERS, WechatPayProvider } from './wechat.provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** One provider per payment method: the real gateways when configured, else the built-in sandbox. */
    paymentProviders: PaymentProviders;
    /** The built-in sandbox (made on first use in tests) when at least one method uses it, else null. */
    paymentSandbox: LazySandbox | null;
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
    const response = await app.inject({ method: 'POST', url: message.url.slice(base.length), headers: message.headers, payload: message.body });
    return { status: response.statusCode, body: response.body };
  };
}

export default fp(
  async (app) => {
    const config = app.config.payments;
    const timeoutMs = config.timeoutMs;
    let sandbox: LazySandbox | null = null;

    if (config.sandbox && (!config.alipay || !config.wechat)) {
      const lazy = new LazySandbox(async () => {
        const keys = app.config.nodeEnv === 'test' ? processSandboxKeys() : loadOrCreateSandboxKeys(config.sandboxDir);
        const started = new PaymentSandbox({ keys, store: new KvChargeStore(app.kv), deliver: sandboxDeliver(app, config), publicBase: config.publicBase });
        app.log[app.config.nodeEnv === 'production' ? 'warn' : 'info'](
          { alipay: config.alipay ? 'real' : 'sandbox', wechat: config.wechat ? 'real' : 'sandbox', confirmPages: `${config.publicBase}/sandbox/pay/` },
          'payment sandbox active: payments are confirmed on a confirm page, no money moves',
        );
        return started;
      });
      sandbox = lazy;
      // Keys are read or made at start-up, except in tests (on first use).
      if (app.config.nodeEnv !== 'test') await lazy.get();
    } else if (!config.alipay || !config.wechat) {
      app.log.error({ alipay: config.alipay ? 'real' : 'none', wechat: config.wechat ? 'real' : 'none' }, 'payment gateway not configured: paying answers PAYMENT_NOT_CONFIGURED');
    }

    let alipay: PaymentProvider;
    if (config.alipay) alipay = new AlipayProvider({ ...config.alipay, timeoutMs });
    else if (sandbox) {
      const lazy = sandbox;
      alipay = new LazySandboxProvider('ZFB', ['WEB', 'H5'], ALIPAY_ANSWERS, async () => {
        const running = await lazy.get();
        const keys = running.keys.alipay;
        const adapter = new AlipayProvider({ gateway: NO_GATEWAY, appId: keys.appId, privateKey: keys.appPrivateKey, alipayPublicKey: keys.alipayPublicKey, sellerId: keys.sellerId, timeoutMs });
        return new SandboxProvider({ method: 'ZFB', store: running.store, codeUrl: (method, paymentNo) => running.codeUrl(method, paymentNo), adapter });
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
        return new SandboxProvider({ method: 'WX', store: running.store, codeUrl: (method, paymentNo) => running.codeUrl(method, paymentNo), adapter });
      });
    } else wechat = new UnconfiguredProvider('WX');

    const providers = Object.freeze({ ZFB: alipay, WX: wechat });
    app.decorate('paymentProviders', providers);
    app.decorate('paymentSandbox', sandbox);
  },
  { name: 'payments', dependencies: ['config', 'kv', 'db'] },
);
