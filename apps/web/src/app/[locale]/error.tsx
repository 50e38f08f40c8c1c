'use client';

import { defaultLocale, isLocale } from '@llk/contracts/locale-codes';
import { useLocaleCode } from '@/components/link';
import { ErrorScreen } from '../global-error';

/**
 * Error fallback of every page, inside the locale's layout: the spec's line 'error' (section 2)
 * with a heading, an explanation, "try again" and links onwards in the page's language
 * (issue 20, item 10); nothing for crawlers. The screen is global-error.tsx's, so a failing
 * page and a failing layout look the same.
 */
export default function PageError({ reset, retry }: { error: unknown; reset: () => void; retry?: () => void }) {
  const code = useLocaleCode();
  return <ErrorScreen locale={isLocale(code) ? code : defaultLocale} onRetry={retry ?? reset} />;
}
