import { ErrorCode, type TCloudPcDevice, type TOrderInfo, type TQrCodeResult } from '@llk/contracts';
import type { TLocale } from '@llk/contracts/locales';
import { beforeAll, describe, expect, it } from 'vitest';
import { upsertSkus, type SeedSku } from '../../../src/modules/pricing/pricing.repository';
import { signUp } from '../../accounts';
import { testDialects } from '../../helper';
import { messageOf } from '../../messages';
import { codeFor, post } from '../profile/support';
import { body, createOrder, newOrder, pay, SKUS, startPay, useOrdersApp } from './support';

// ADR 0034: an account scheduled for deletion (POST /user/cancel, in its 15-day
// cooling-off) buys and renews nothing until it is restored: createV2 (a membership, seats, a
// cloud PC), a cloud PC's renewal, a desktop-app payment code, the order a code made earlier
// turns into, and paying an order made before the request are all refused with
// ACCOUNT_PENDING_DELETION in the caller's language; restoring the account opens them again.

const CLOUD_SKUS: SeedSku[] = [
  {
    id: 'CLOUD_PC_STANDARD_MONTH',
    item_type: 'CLOUD_PC',
    time_unit: 'MONTH',
    duration: 1,
    quantity: 1,
    quality_tier: null,
    price_fen: 29900,
    original_price_fen: 32900,
    sort_order: 20,
  },
];

describe.each(testDialects())('orders of an account scheduled for deletion on $dialect', ({ dialect }) => {
  const ctx = useOrdersApp(dialect, { CODE_IP_HOURLY_LIMIT: '1000', CODE_IP_DAILY_LIMIT: '1000' });
  beforeAll(async () => {
    await upsertSkus(ctx.database.db, [...SKUS, ...CLOUD_SKUS]);
  });

  const cancel = async (user: { token: string; mobile: string }) => {
    const code = await codeFor(ctx.app, { channel: 'SMS', smsType: 'CANCEL_ACCOUNT' }, user.token, user.mobile);
    const res = await post(ctx.app, '/user/cancel', user.token, { channel: 'SMS', code });
    expect(res.statusCode, res.body).toBe(200);
  };
  const refused = (res: { statusCode: number; json(): unknown }, language: TLocale) => {
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({
      errcode: ErrorCode.ACCOUNT_PENDING_DELETION,
      errmsg: messageOf(language, 'errors.accountPendingDeletion'),
      data: null,
    });
  };
  const qrCode = (token: string, language = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url: '/order/createQRCodeId',
      headers: { authorization: token, 'accept-language': language },
      payload: { skuId: 'MEMBER_YEAR' },
    });

  it('refuses new orders, renewals, payment codes and payments until the account is restored, in the caller’s language', async () => {
    const user = await signUp(ctx.app);
    // made before the request: an unpaid order, a payment code and a running cloud PC
    const earlier = await newOrder(ctx.app, user.token);
    const code = body<TQrCodeResult>(await qrCode(user.token)).data;
    const rental = await newOrder(ctx.app, user.token, { skuId: 'CLOUD_PC_STANDARD_MONTH' });
    const paymentNo = await startPay(ctx.app, rental.id, 'WX', user.token);
    expect((await ctx.fakes.pay('WX', paymentNo)).result).toBe('delivered');
    const machines = body<{ devices: TCloudPcDevice[] }>(
      await ctx.app.inject({ url: '/cloudPc/devices', headers: { authorization: user.token } }),
    ).data.devices;
    expect(machines).toHaveLength(1);
    const keyed = await createOrder(ctx.app, user.token, { skuId: 'MEMBER_YEAR' }, { 'idempotency-key': 'before-the-request' });
    expect(keyed.statusCode, keyed.body).toBe(200);

    await cancel(user);

    // a retried key is refused too, not answered with the order it made
    refused(
      await createOrder(
        ctx.app,
        user.token,
        { skuId: 'MEMBER_YEAR' },
        { 'idempotency-key': 'before-the-request', 'accept-language': 'ko' },
      ),
      'ko',
    );

    refused(await createOrder(ctx.app, user.token, { skuId: 'MEMBER_YEAR' }, { 'accept-language': 'fr' }), 'fr');
    refused(
      await createOrder(ctx.app, user.token, { skuId: 'MEMBER_YEAR', quantity: 2, asSeats: true }, { 'accept-language': 'ja' }),
      'ja',
    );
    refused(await createOrder(ctx.app, user.token, { skuId: 'CLOUD_PC_STANDARD_MONTH' }, { 'accept-language': 'zh-CN' }), 'zh-CN');
    refused(await post(ctx.app, `/cloudPc/devices/${machines[0]!.id}/renew`, user.token, {}, 'ko'), 'ko');
    refused(await qrCode(user.token, 'es'), 'es');
    refused(
      await ctx.app.inject({
        method: 'POST',
        url: `/order/createOrderByCodeId?qrCodeId=${encodeURIComponent(code.qrCodeId)}`,
        headers: { 'accept-language': 'zh-TW' },
      }),
      'zh-tw',
    );
    const paying = await pay(ctx.app, earlier.id, 'ZFB', { token: user.token });
    refused(paying, 'zh-CN'); // (the helper sends no Accept-Language: the default language)

    // restored: everything works again, the code made earlier included
    const restored = await post(ctx.app, '/user/cancel/revoke', user.token);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await createOrder(ctx.app, user.token)).statusCode).toBe(200);
    const renewal = await post(ctx.app, `/cloudPc/devices/${machines[0]!.id}/renew`, user.token, {});
    expect(body<{ order: TOrderInfo }>(renewal).data.order.items[0]).toMatchObject({ itemType: 'CLOUD_PC' });
    expect((await qrCode(user.token)).statusCode).toBe(200);
    const used = await ctx.app.inject({ method: 'POST', url: `/order/createOrderByCodeId?qrCodeId=${encodeURIComponent(code.qrCodeId)}` });
    expect(used.statusCode, used.body).toBe(200);
    expect((await pay(ctx.app, earlier.id, 'ZFB', { token: user.token })).statusCode).toBe(200);
  });
});
