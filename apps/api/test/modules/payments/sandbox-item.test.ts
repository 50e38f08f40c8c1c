import { type TPayResult } from '@llk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../../src/composition/app';
import { upsertSkus } from '../../../src/modules/pricing/pricing.repository';
import { buildTestApp, createTestDatabase, testDialects, type TestDatabase } from '../../helper';
import { body, createOrder, newUser, SKUS } from '../orders/support';

// The payment sandbox's confirm page names what is bought in the page's
// language with the plan's one name ("Pro 멤버십 · 1개월 ×2" on a Korean page), not the wallet's
// Chinese subject ("LLK Remote 会员席位 1个月 ×2"), which stays what the gateway is sent.

describe.each(testDialects())('the sandbox page names the item in the reader’s language ($dialect)', ({ dialect }) => {
  let database: TestDatabase;
  let app: App;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await upsertSkus(database.handle.db, SKUS);
    app = await buildTestApp(database.handle);
  });
  afterAll(async () => {
    await app.close();
    await database.cleanup();
  });

  async function sandboxPage(payload: Record<string, unknown>): Promise<string> {
    const user = await newUser(app);
    const order = body<{ id: string }>(await createOrder(app, user.token, payload)).data;
    const res = await app.inject({
      method: 'POST',
      url: '/pay/payV2',
      headers: { authorization: user.token },
      payload: { orderId: order.id, payMethod: 'ZFB', payClient: 'WEB' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const paid = body<TPayResult>(res).data;
    if (paid.kind !== 'qr') throw new Error('expected a QR payment');
    return new URL(paid.codeUrl).pathname.replace(/^\/api/, '') + new URL(paid.codeUrl).search;
  }

  it('shows the seats of a month in Korean, Spanish and Chinese, never the Chinese subject elsewhere', async () => {
    const page = await sandboxPage({ skuId: 'MEMBER_MONTH', asSeats: true, quantity: 2 });
    const ko = await app.inject({ url: `${page}&lang=ko` });
    expect(ko.statusCode, ko.body).toBe(200);
    expect(ko.body).toContain('<dd>Pro 멤버십 · 1개월 ×2</dd>');
    expect(ko.body).not.toContain('会员');
    const es = await app.inject({ url: `${page}&lang=es` });
    expect(es.body).toContain('<dd>Membresía Pro · 1 mes ×2</dd>');
    const zh = await app.inject({ url: `${page}&lang=zh-CN` });
    expect(zh.body).toContain('<dd>专业版会员 · 1 个月 ×2</dd>');
  });

  it('shows a year of the membership and screen walls in Japanese', async () => {
    expect((await app.inject({ url: `${await sandboxPage({ skuId: 'MEMBER_YEAR' })}&lang=ja` })).body).toContain(
      '<dd>Pro メンバーシップ · 1 年</dd>',
    );
    expect((await app.inject({ url: `${await sandboxPage({ skuId: 'MONITOR_10', quantity: 2 })}&lang=ja` })).body).toContain(
      '<dd>スクリーンウォール 20 枠</dd>',
    );
  });
});
