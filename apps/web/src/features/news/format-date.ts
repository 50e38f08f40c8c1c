import { localeEntries, type TLocale } from '@llk/contracts';

/** A date for people in the page's language; times are shown in China Standard Time, where the service runs. */
export function formatDate(iso: string, locale: TLocale): string {
  return new Intl.DateTimeFormat(localeEntries[locale].iso, { dateStyle: 'long', timeZone: 'Asia/Shanghai' }).format(new Date(iso));
}

export type TPromotionState = 'upcoming' | 'running' | 'ended';

/** Where a promotion stands at `now`; items without dates count as running. */
export function promotionState(validFrom: string | null, validUntil: string | null, now = Date.now()): TPromotionState {
  if (validFrom && Date.parse(validFrom) > now) return 'upcoming';
  if (validUntil && Date.parse(validUntil) < now) return 'ended';
  return 'running';
}
