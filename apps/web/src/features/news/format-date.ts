// Language tags and promotion states of news items (dates: lib/format.ts). No runtime import from
// '@llk/contracts': the news card also renders in the browser (View more), where the barrel would add zod.

/** The BCP 47 tag of a locale code (zh-tw → zh-TW; the others are already tags). */
export function langTag(code: string): string {
  return code === 'zh-tw' ? 'zh-TW' : code;
}

type TPromotionState = 'upcoming' | 'running' | 'ended';

/** Where a promotion stands at `now`; items without dates count as running. */
export function promotionState(validFrom: string | null, validUntil: string | null, now = Date.now()): TPromotionState {
  if (validFrom && Date.parse(validFrom) > now) return 'upcoming';
  if (validUntil && Date.parse(validUntil) < now) return 'ended';
  return 'running';
}
