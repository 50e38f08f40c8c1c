import { defaultLocale, locales } from '@llk/contracts/locales';
import { defineRouting } from 'next-intl/routing';

// zh-CN has no prefix; the others use /en, /zh-tw, … . Detection and the llk-lang cookie are
// handled by our own proxy (the contracts' browser-language mapping), so next-intl's are switched off.
export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: 'as-needed',
  localeDetection: false,
  localeCookie: false,
});
