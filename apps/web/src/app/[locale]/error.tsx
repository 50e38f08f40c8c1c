'use client';

import { defaultLocale, isLocale } from '@llk/contracts/locale-codes';
import { useParams } from 'next/navigation';
import { ErrorScreen } from '@/components/error-screen';

/**
 * Error fallback of every page, inside the locale's layout: the spec's line 'error' (the page
 * error fallback's only text) with a heading, an explanation, "try again" and links onwards in
 * the page's language (ADR 0020); nothing for crawlers. The screen (components/error-screen.tsx) is
 * global-error.tsx's too, so a failing page and a failing layout look the same. The locale is
 * the route's own parameter.
 */
export default function PageError({ reset, retry }: { error: unknown; reset: () => void; retry?: () => void }) {
  const code = useParams<{ locale?: string }>()?.locale;
  return <ErrorScreen locale={isLocale(code) ? code : defaultLocale} onRetry={retry ?? reset} />;
}
