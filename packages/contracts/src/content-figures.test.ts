import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { typedDiscount } from './content-figures';

// A running promotion writes discounts as {{discount:SKU}}; typedDiscount finds one typed by hand.

describe('typedDiscount', () => {
  it.each([
    ['en', 'Annual membership is 20% off this week', '20% off'],
    ['en', 'Save 26% on the annual plan', 'Save 26%'],
    ['es', 'La membresía anual tiene un 20 % de descuento', '20 % de descuento'],
    ['fr', 'L’abonnement annuel bénéficie de 20 % de réduction', '20 % de réduction'],
    ['fr', 'Économisez 15 % sur l’abonnement', 'Économisez 15 %'],
    ['zh-CN', '年度会员 8 折', '8 折'],
    ['zh-CN', '年度会员限时 6.5折', '6.5折'],
    ['zh-tw', '年度會員七折', '七折'],
    ['ja', '年間プラン 20%オフ', '20%オフ'],
    ['ja', '年間プランが2割引', '2割引'],
    ['ko', '연간 멤버십 30% 할인', '30% 할인'],
    ['badge', 'Pro −41%', '−41%'],
  ])('%s: finds “%s”', (_language, text, found) => {
    expect(typedDiscount(text)).toBe(found);
  });

  it.each([
    'Annual membership is {{discount:MEMBER_YEAR}} off',
    '年度会员 {{discount:MEMBER_YEAR}} 折扣',
    'Gana un 20 % de comisión por cada amigo',
    '99.9% uptime and 4K at 165 Hz',
    '折叠屏手机也能用',
    'The first 30 days are free',
    '20% faster than version 3.4',
  ])('leaves “%s” alone', (text) => {
    expect(typedDiscount(text)).toBeNull();
  });

  it('the seeded promotions type a discount only when they have ended', () => {
    const dir = path.resolve(import.meta.dirname, '../../../content/seed/news');
    const offenders: string[] = [];
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      const item = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
        kind: string;
        validUntil?: string;
        translations: Record<string, Record<string, string>>;
      };
      if (item.kind !== 'PROMOTION') continue;
      const ended = item.validUntil !== undefined && Date.parse(item.validUntil) <= Date.now();
      for (const [locale, texts] of Object.entries(item.translations)) {
        for (const [field, text] of Object.entries(texts))
          if (!ended && typedDiscount(text)) offenders.push(`${file} ${locale}.${field}: ${typedDiscount(text)}`);
      }
    }
    expect(offenders).toEqual([]);
    // the running Singles’ Day promotion (until 30 November 2026) quotes its figures from the prices
    const double11 = JSON.parse(readFileSync(path.join(dir, 'double-11-offer.json'), 'utf8')) as {
      translations: Record<string, { title: string }>;
    };
    expect(Object.values(double11.translations).every((texts) => texts.title.includes('{{discount:MEMBER_YEAR}}'))).toBe(true);
  });
});
