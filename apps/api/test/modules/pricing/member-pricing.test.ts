import { locales, ZMemberPricing, type TEnvelope, type TMemberPricing } from '@llk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../../src/composition/setup/seed';
import { SEED_WITHOUT_SEARCH, testDialects, useTestApp } from '../../helper';

const URL = '/memberPricing/detail/v2';

describe.each(testDialects())('GET /memberPricing/detail/v2 ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  beforeAll(async () => {
    await seedDatabase(ctx.database.db, { steps: SEED_WITHOUT_SEARCH });
  });

  async function get(lang: string) {
    const res = await ctx.app.inject({ url: URL, headers: { 'accept-language': lang } });
    return { res, body: res.json<TEnvelope<TMemberPricing>>() };
  }

  it('gives the free plan and Pro with monthly and annual prices in fen, discount and annual saving', async () => {
    const { res, body } = await get('en');
    expect(res.statusCode).toBe(200);
    expect(body.errcode).toBe(0);
    expect(ZMemberPricing.parse(body.data)).toEqual(body.data);
    expect(body.data.currency).toBe('CNY');
    expect(body.data.plans.map((plan) => [plan.code, plan.name])).toEqual([
      ['FREE', 'Free'],
      ['PRO', 'Pro'],
    ]);
    expect(body.data.plans[0]?.prices).toEqual([]);
    const [month, year] = body.data.plans[1]?.prices ?? [];
    expect(month).toEqual({
      skuId: 'MEMBER_MONTH',
      itemType: 'MEMBER',
      timeUnit: 'MONTH',
      duration: 1,
      quantity: 1,
      qualityTier: null,
      priceFen: 3000,
      originalPriceFen: 3800,
      discountFen: 800,
      discountPercent: 21,
      months: 1,
      monthlyPriceFen: 3000,
      savingFen: 0,
      savingPercent: 0,
    });
    expect(year).toMatchObject({
      skuId: 'MEMBER_YEAR',
      timeUnit: 'YEAR',
      priceFen: 26800,
      originalPriceFen: 45600,
      discountFen: 18800,
      discountPercent: 41,
      months: 12,
      monthlyPriceFen: 2233,
      savingFen: 9200, // 12 × ¥30 − ¥268
      savingPercent: 26,
    });
  });

  it('groups the feature matrix by the six categories with free and paid values', async () => {
    const { body } = await get('en');
    expect(body.data.groups.map((group) => group.category)).toEqual(['FUNCTION', 'SAFE', 'PLAY', 'PROPERTY', 'PERMISSION', 'COMPATIBLE']);
    expect(body.data.groups.map((group) => group.name)).toEqual([
      'Basic',
      'Security',
      'Entertainment',
      'Performance',
      'Permissions',
      'Compatibility',
    ]);
    for (const group of body.data.groups) expect(group.features.length).toBeGreaterThan(0);
    const features = body.data.groups.flatMap((group) => group.features);
    const byCode = (code: string) => features.find((feature) => feature.code === code);
    expect(byCode('RELAY_QUALITY')).toMatchObject({
      free: { included: true, value: '50% lower bitrate' },
      paid: { included: true, value: 'Full bitrate' },
    });
    expect(byCode('BITRATE')?.paid.value).toBe('8–128 Mbps');
    expect(byCode('RESOLUTION')?.paid.value).toContain('3840x2160');
    expect(byCode('FRAME_RATE')?.paid.value).toBe('Up to 165 Hz');
    expect(byCode('COLOR_444')).toMatchObject({ free: { included: false, value: null }, paid: { included: true, value: null } });
    expect(byCode('HW_ACCELERATION')?.description).toBe('NVIDIA, Intel and Apple');
    expect(byCode('MOBILE_CONTROL')?.free.value).not.toBe(byCode('MOBILE_CONTROL')?.paid.value);
    expect(byCode('SCREEN_WALL')).toMatchObject({ paid: { included: false, value: 'Bought separately in the desktop app' } });
    expect(byCode('CROSS_BORDER')?.description).toContain('1 July 2025');
  });

  it('lists the add-ons sold besides the membership', async () => {
    const { body } = await get('en');
    expect(body.data.addOns.map((sku) => [sku.skuId, sku.itemType, sku.priceFen])).toEqual([
      ['MONITOR_1', 'MONITOR', 1800],
      ['MONITOR_10', 'MONITOR', 15800],
      ['CHANNEL_YEAR', 'CHANNEL', 9800],
      ['QUALITY_HD_YEAR', 'QUALITY', 9800],
      ['QUALITY_ULTRA_YEAR', 'QUALITY', 19800],
    ]);
  });

  it('speaks every locale, with the same matrix shape and prices', async () => {
    const en = (await get('en')).body.data;
    const expected: Record<string, [string, string]> = {
      'zh-CN': ['专业版', '基础功能'],
      'zh-tw': ['專業版', '基礎功能'],
      en: ['Pro', 'Basic'],
      es: ['Pro', 'Funciones básicas'],
      fr: ['Pro', 'Fonctions de base'],
      ja: ['Pro', '基本機能'],
      ko: ['Pro', '기본 기능'],
    };
    for (const locale of locales) {
      const { body } = await get(locale);
      expect(body.data.locale).toBe(locale);
      expect([body.data.plans[1]?.name, body.data.groups[0]?.name]).toEqual(expected[locale]);
      expect(body.data.groups.map((group) => group.features.map((feature) => feature.code))).toEqual(
        en.groups.map((group) => group.features.map((feature) => feature.code)),
      );
      expect(body.data.plans[1]?.prices).toEqual(en.plans[1]?.prices);
    }
    const ja = (await get('ja')).body.data;
    expect(ja.groups.flatMap((g) => g.features).find((f) => f.code === 'RELAY_QUALITY')?.free.value).toBe('ビットレート 50% ダウン');
  });

  it('falls back to English for a language it does not have, and to zh-CN without a header', async () => {
    expect((await get('de-DE,de;q=0.9')).body.data.plans[0]?.name).toBe('Free');
    const res = await ctx.app.inject({ url: URL });
    expect(res.json<TEnvelope<TMemberPricing>>().data.plans[0]?.name).toBe('免费版');
  });

  it('is cacheable, varies on language and answers 304 to a matching ETag', async () => {
    const { res } = await get('fr');
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(res.headers.vary).toContain('Accept-Language');
    const again = await ctx.app.inject({ url: URL, headers: { 'accept-language': 'fr', 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const other = await get('ko');
    expect(other.res.headers.etag).not.toBe(res.headers.etag);
  });

  it('a retired SKU disappears from the page', async () => {
    const db = ctx.database.db;
    await db.updateTable('catalogue_skus').set({ active: 0 }).where('id', '=', 'MONITOR_10').execute();
    try {
      const { body } = await get('en');
      expect(body.data.addOns.map((sku) => sku.skuId)).not.toContain('MONITOR_10');
    } finally {
      await db.updateTable('catalogue_skus').set({ active: 1 }).where('id', '=', 'MONITOR_10').execute();
    }
  });
});
