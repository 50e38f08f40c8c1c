// Dates and language tags of news items. No runtime import from '@llk/contracts': the news
// card also renders in the browser (View more), where the barrel would add zod.

/** A date in the page's language (BCP 47 tag, e.g. 'zh-CN'), in China Standard Time, where the service runs. */
export function formatDate(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'Asia/Shanghai' }).format(new Date(iso));
}

/** The BCP 47 tag of a locale code (zh-tw → zh-TW; the others are already tags). */
export function langTag(code: string): string {
  return code === 'zh-tw' ? 'zh-TW' : code;
}

export type TPromotionState = 'upcoming' | 'running' | 'ended';

/** Where a promotion stands at `now`; items without dates count as running. */
export function promotionState(validFrom: string | null, validUntil: string | null, now = Date.now()): TPromotionState {
  if (validFrom && Date.parse(validFrom) > now) return 'upcoming';
  if (validUntil && Date.parse(validUntil) < now) return 'ended';
  return 'running';
}
