'use client';

import { defaultLocale, isLocale } from '@llk/contracts/locale-codes';
import { useSyncExternalStore } from 'react';
import { ErrorScreen } from '@/components/error-screen';
import './globals.css';

// When the root layout itself fails: its own document (no layout, no providers), in the
// language of the address's prefix, with the site's styles. The screen is the error pages'
// (components/error-screen.tsx, whose words load when it is shown); crawlers get nothing.

const noSubscription = () => () => {};
const pathOnServer = () => '/';

/** <html lang> of a locale: localeEntries' iso, without importing the whole locale table. */
function htmlLang(locale: string): string {
  return locale === 'zh-tw' ? 'zh-TW' : locale;
}

export default function GlobalError({ reset, retry }: { error: unknown; reset: () => void; retry?: () => void }) {
  const pathname = useSyncExternalStore(noSubscription, () => window.location.pathname, pathOnServer);
  // the first segment, as lib/locale-path.ts's splitLocalePrefix (not imported: every page loads this boundary)
  const prefix = pathname.split('/')[1];
  const locale = isLocale(prefix) ? prefix : defaultLocale;
  return (
    <html lang={htmlLang(locale)}>
      <body>
        <ErrorScreen locale={locale} onRetry={retry ?? reset} withTitle />
      </body>
    </html>
  );
}
