import { localeEntries, locales } from '@llk/contracts/locales';
import { describe, expect, it } from 'vitest';
import { langTag, promotionState } from './format-date';

describe('news dates', () => {
  it('knows the language tag of every locale', () => {
    for (const locale of locales) expect(langTag(locale)).toBe(localeEntries[locale].iso);
  });

  it('tells upcoming, running and ended promotions apart', () => {
    const now = Date.parse('2026-06-10T00:00:00Z');
    expect(promotionState('2026-06-01T00:00:00Z', '2026-06-20T00:00:00Z', now)).toBe('running');
    expect(promotionState('2026-07-01T00:00:00Z', '2026-07-20T00:00:00Z', now)).toBe('upcoming');
    expect(promotionState('2026-05-01T00:00:00Z', '2026-05-20T00:00:00Z', now)).toBe('ended');
    expect(promotionState(null, null, now)).toBe('running');
  });
});
