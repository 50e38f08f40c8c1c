import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, defaultLocale, locales } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE_CODE, LOCALE_CODES, LOCALE_COOKIE_MAX_AGE_S, LOCALE_COOKIE_NAME } from '../src/i18n/locale-codes';

describe('client-safe locale constants', () => {
  it('equal the contracts ones', () => {
    expect([...LOCALE_CODES]).toEqual([...locales]);
    expect(DEFAULT_LOCALE_CODE).toBe(defaultLocale);
    expect(LOCALE_COOKIE_NAME).toBe(LOCALE_COOKIE);
    expect(LOCALE_COOKIE_MAX_AGE_S).toBe(LOCALE_COOKIE_MAX_AGE);
  });
});
