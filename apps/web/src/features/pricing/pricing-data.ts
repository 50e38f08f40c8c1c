import { ZMemberPricing, type TMemberPricing } from '@llk/contracts';
import { type TLocale } from '@llk/contracts/locales';
import { fetchContent } from '@/lib/content-fetch';
import { pricingFromSeed } from './seed-fallback';

/**
 * The pricing page's data: GET /memberPricing/detail/v2 on the server (ISR, ADR 0006), else the
 * seed file the API is seeded from. `live` is false for the fallback.
 */
export async function loadPricing(locale: TLocale): Promise<{ pricing: TMemberPricing; live: boolean }> {
  const pricing = await fetchContent('/memberPricing/detail/v2', locale, ZMemberPricing);
  return pricing ? { pricing, live: true } : { pricing: pricingFromSeed(locale), live: false };
}
