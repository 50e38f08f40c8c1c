import { toMembershipPrices, toSkuPrice, ZMemberPricing, type TCatalogueSku, type TMemberPricing } from '@llk/contracts';
import { type TLocale } from '@llk/contracts/locales';
import seed from '../../../../../content/seed/pricing.json';

// The pricing page's build-time fallback (ADR 0006): when the API does not answer, the page is
// built from content/seed/pricing.json, the same file the API seeds its catalogue from, with
// the same figure computation (contracts' toMembershipPrices), so a build without the API
// shows the real catalogue. The API's answer replaces it at the next regeneration.

type TTexts = Record<string, Record<string, string | undefined> | string | undefined>;

interface TSeedFile {
  skus: TCatalogueSku[];
  plans: { code: string; translations: TTexts }[];
  groups: {
    category: string;
    names: Record<string, string>;
    features: { code: string; free: boolean; paid: boolean; translations: TTexts }[];
  }[];
}

function pick<T>(texts: Record<string, T | undefined>, locale: TLocale): { value: T; locale: TLocale } {
  for (const candidate of [locale, 'en', 'zh-CN'] as const) {
    const value = texts[candidate];
    if (value !== undefined) return { value, locale: candidate };
  }
  throw new Error('content/seed/pricing.json: a text has neither the locale nor en nor zh-CN');
}

type TFeatureTexts = { name: string; description?: string; free?: string; paid?: string };
type TPlanTexts = { name: string; summary: string };

export function pricingFromSeed(locale: TLocale, file: unknown = seed): TMemberPricing {
  const data = file as TSeedFile;
  const plans = data.plans.map((plan) => {
    const t = pick(plan.translations as Record<string, TPlanTexts>, locale).value;
    return { code: plan.code, name: t.name, summary: t.summary, prices: plan.code === 'FREE' ? [] : toMembershipPrices(data.skus) };
  });
  const groups = data.groups.map((group) => ({
    category: group.category,
    name: pick(group.names, locale).value,
    features: group.features.map((feature) => {
      const t = pick(feature.translations as Record<string, TFeatureTexts>, locale).value;
      return {
        code: feature.code,
        name: t.name,
        description: t.description ?? null,
        free: { included: feature.free, value: t.free ?? null },
        paid: { included: feature.paid, value: t.paid ?? null },
      };
    }),
  }));
  const textLocale = data.plans[0] ? pick(data.plans[0].translations, locale).locale : locale;
  return ZMemberPricing.parse({
    currency: 'CNY',
    locale: textLocale,
    plans,
    groups,
    // cloud-PC plans have their own listing (/cloudPc, GET /cloudPc/plans)
    addOns: data.skus.filter((sku) => sku.itemType !== 'MEMBER' && sku.itemType !== 'CLOUD_PC').map(toSkuPrice),
  });
}
