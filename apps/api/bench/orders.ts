import { type App } from '../src/composition/app';
import { newId, toDbDate } from '../src/infrastructure/db/dialect';
import { createSession } from '../src/modules/auth/sessions.service';
import { AlipayProvider } from '../src/modules/payments/alipay.provider';
import { type PaymentProviders } from '../src/modules/payments/provider';
import { FakeGateways, type FakeCharge, type NotificationMessage } from '../test/support/fake-gateways';
import { generateSandboxKeys } from '../src/modules/payments/sandbox/keys';
import { UnconfiguredProvider } from '../src/modules/payments/unconfigured.provider';
import { WechatPayProvider } from '../src/modules/payments/wechat.provider';
import { insertUser } from '../src/modules/users/users.repository';
import { type Scenario } from './scenarios';

// Orders: order creation, and payment notifications applied end to end — signature
// check and AEAD decryption by the real WeChat Pay adapter, then the one transaction that
// marks payment and order PAID, grants screen walls and writes the dedupe row. Every
// notification request pays a different order (a pool made in setup); users are shared by
// many orders, so fulfilment also contends for their rows as real traffic would.

/** Fresh paid notifications prepared per dialect; requests beyond it repeat (duplicates). */
const NOTIFICATION_POOL = Number(process.env.BENCH_NOTIFICATIONS ?? 12_000);
const USERS = 64;
const counter = { next: 0 };

async function benchOrderUsers(app: App, tag: string): Promise<{ id: string; token: string }[]> {
  const users: { id: string; token: string }[] = [];
  for (let i = 0; i < USERS; i++) {
    const id = newId();
    const username = `bench${tag}${String(i).padStart(4, '0')}`;
    // a placeholder hash: these accounts never log in with a password
    await insertUser(app.db, {
      id,
      username,
      mobile: `+1666${tag.length}${String(i).padStart(6, '0')}`,
      email: null,
      nickname: username,
      passwordHash: '$argon2id$bench',
      now: toDbDate(new Date()),
    });
    const token = await createSession(app.db, id, { loginType: 'account', ip: null, userAgent: 'bench' }, app.config.session);
    users.push({ id, token });
  }
  return users;
}

interface NotifyState {
  messages: NotificationMessage[];
}

async function prepareNotifications(app: App): Promise<NotifyState> {
  const keys = generateSandboxKeys();
  const providers: PaymentProviders = {
    ZFB: new AlipayProvider({
      gateway: 'http://127.0.0.1:9/alipay/gateway.do',
      appId: keys.alipay.appId,
      privateKey: keys.alipay.appPrivateKey,
      alipayPublicKey: keys.alipay.alipayPublicKey,
      sellerId: keys.alipay.sellerId,
      timeoutMs: 1_000,
    }),
    WX: new WechatPayProvider({
      baseUrl: 'http://127.0.0.1:9/wechat',
      mchid: keys.wechat.mchid,
      appId: keys.wechat.appId,
      privateKey: keys.wechat.merchantPrivateKey,
      serial: keys.wechat.merchantSerial,
      apiV3Key: keys.wechat.apiV3Key,
      platformPublicKey: keys.wechat.platformPublicKey,
      platformSerial: keys.wechat.platformSerial,
      timeoutMs: 1_000,
    }),
    CARD: new UnconfiguredProvider('CARD', []),
  };
  (app as unknown as { paymentProviders: PaymentProviders }).paymentProviders = providers;
  const fakes = new FakeGateways({ keys });
  const users = await benchOrderUsers(app, 'notify');
  const db = app.db;
  const now = new Date();
  const nowText = toDbDate(now);
  const expires = toDbDate(now.getTime() + 3_600_000);
  const messages: NotificationMessage[] = [];
  const BATCH = 500;
  for (let start = 0; start < NOTIFICATION_POOL; start += BATCH) {
    const orders = [];
    const items = [];
    const payments = [];
    for (let i = start; i < Math.min(start + BATCH, NOTIFICATION_POOL); i++) {
      const orderId = newId();
      const paymentNo = newId();
      const user = users[i % users.length];
      if (!user) throw new Error('no user');
      orders.push({
        id: orderId,
        user_id: user.id,
        status: 'PENDING_PAYMENT',
        source: 'WEB',
        currency: 'CNY',
        total_fen: 1800,
        original_total_fen: 1800,
        refunded_fen: 0,
        subject: 'LLK Remote MONITOR_1',
        pay_token_hash: null,
        paid_payment_id: null,
        pay_method: 'WX',
        pay_client: 'WEB',
        created_at: nowText,
        updated_at: nowText,
        expires_at: expires,
        paid_at: null,
        fulfilled_at: null,
        completed_at: null,
        closed_at: null,
      });
      items.push({
        id: newId(),
        order_id: orderId,
        item_type: 'MONITOR',
        sku_id: 'MONITOR_1',
        time_unit: null,
        duration: 1,
        units: 1,
        quantity: 1,
        quality_tier: null,
        price_fen: 1800,
        original_price_fen: 1800,
        amount_fen: 1800,
        grant_json: null,
      });
      payments.push({
        id: paymentNo,
        order_id: orderId,
        payment_no: paymentNo,
        method: 'WX',
        client: 'WEB',
        amount_fen: 1800,
        state: 'PENDING',
        gateway_trade_no: null,
        needs_refund: 0,
        created_at: nowText,
        updated_at: nowText,
        expires_at: expires,
        paid_at: null,
      });
      const charge: FakeCharge = {
        method: 'WX',
        paymentNo,
        amountFen: 1800,
        subject: 'LLK Remote MONITOR_1',
        notifyUrl: 'http://127.0.0.1/pay/notify/wechat',
        expiresAt: expires,
        state: 'PAID',
        scanned: true,
        tradeNo: `4200${paymentNo}`,
        paidAt: nowText,
        refundedFen: 0,
        refunds: {},
        kind: 'QR',
        openid: null,
      };
      messages.push(fakes.notification(charge));
    }
    await db.insertInto('orders').values(orders).execute();
    await db.insertInto('order_items').values(items).execute();
    await db.insertInto('payments').values(payments).execute();
  }
  counter.next = 0;
  return { messages };
}

export const orderScenarios: Scenario[] = [
  {
    name: 'POST /order/createV2',
    setup: (app: App) => benchOrderUsers(app, 'order'),
    request: (users, client) => ({
      method: 'POST',
      path: '/order/createV2',
      headers: { authorization: (users as { token: string }[])[client % USERS]?.token ?? '' },
      body: { skuId: 'MEMBER_YEAR' },
    }),
    expectStatus: 200,
  } satisfies Scenario<{ id: string; token: string }[]> as Scenario,
  {
    name: 'POST /pay/notify/wechat (paid)',
    setup: prepareNotifications,
    request: (state) => {
      const { messages } = state as NotifyState;
      // a shared counter over all clients: every request takes the next fresh notification
      const message = messages[counter.next++ % messages.length];
      return { method: 'POST', path: '/pay/notify/wechat', headers: message?.headers ?? {}, body: message?.body ?? '' };
    },
    expectStatus: 204,
  },
];
