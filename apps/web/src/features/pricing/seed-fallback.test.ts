import { locales } from '@llk/contracts/locales';
import { describe, expect, it } from 'vitest';
import seedFile from '../../../../../content/seed/pricing.json';
import { pricingFromSeed } from './seed-fallback';

describe('pricing fallback from content/seed/pricing.json', () => {
  it('has the six groups, both plans and the server’s figures', () => {
    const pricing = pricingFromSeed('en');
    expect(pricing.groups.map((group) => group.category)).toEqual(['FUNCTION', 'SAFE', 'PLAY', 'PROPERTY', 'PERMISSION', 'COMPATIBLE']);
    expect(pricing.plans.map((plan) => plan.code)).toEqual(['FREE', 'PRO']);
    const year = pricing.plans[1]?.prices.find((price) => price.timeUnit === 'YEAR');
    expect(year).toMatchObject({ priceFen: 26800, originalPriceFen: 45600, savingFen: 9200, savingPercent: 26 });
    expect(pricing.addOns.map((sku) => sku.skuId)).toContain('MONITOR_1');
    // cloud-PC plans are listed on /cloudPc, not among the add-ons
    expect(
      pricingFromSeed('en', {
        ...seedFile,
        skus: [
          ...seedFile.skus,
          {
            id: 'CLOUD_PC_STANDARD_MONTH',
            itemType: 'CLOUD_PC',
            timeUnit: 'MONTH',
            duration: 1,
            quantity: 1,
            qualityTier: null,
            priceFen: 29900,
            originalPriceFen: 32900,
          },
        ],
      }).addOns.map((sku) => sku.itemType),
    ).not.toContain('CLOUD_PC');
  });

  it('is written in every language', () => {
    for (const locale of locales) {
      const pricing = pricingFromSeed(locale);
      expect(pricing.locale).toBe(locale);
    }
    expect(pricingFromSeed('ko').groups[0]?.name).toBe('기본 기능');
  });

  it('falls back to English, then Simplified Chinese, for a missing text', () => {
    const file = {
      skus: [],
      plans: [{ code: 'FREE', translations: { 'zh-CN': { name: '免费版', summary: '摘要' } } }],
      groups: [
        {
          category: 'SAFE',
          names: { en: 'Security', 'zh-CN': '安全' },
          features: [{ code: 'X', free: true, paid: true, translations: { 'zh-CN': { name: '加密' } } }],
        },
      ],
    };
    const pricing = pricingFromSeed('fr', file);
    expect(pricing.locale).toBe('zh-CN');
    expect(pricing.groups[0]?.name).toBe('Security');
    expect(pricing.groups[0]?.features[0]).toEqual({
      code: 'X',
      name: '加密',
      description: null,
      free: { included: true, value: null },
      paid: { included: true, value: null },
    });
  });
});
