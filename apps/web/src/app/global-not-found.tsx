import { defaultLocale, isLocale, localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { FatalView } from '@/components/fatal-view';
import { RequestedPathMessage } from '@/components/requested-path-message';
import { REQUEST_PATH_HEADER, fatalMessage } from '@/lib/fatal';
import './globals.css';

// A URL that no route matches after the proxy let it through (a guide topic or page number
// outside a page's generated params) or that the proxy never sees (paths with a file
// extension): the fatal page, 404, in the language the proxy resolved (default otherwise).

async function requestLocale() {
  const requested = (await headers()).get('x-next-intl-locale');
  return isLocale(requested) ? requested : defaultLocale;
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await requestLocale() });
  return { title: `${t('Fatal.title')} | ${t('app.title.1')}`, robots: { index: false, follow: false } };
}

function decodePath(value: string | null): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

export default async function GlobalNotFound() {
  const requestHeaders = await headers();
  const locale = await requestLocale();
  const path = decodePath(requestHeaders.get(REQUEST_PATH_HEADER));
  return (
    <html lang={localeEntries[locale].iso}>
      <body>
        <FatalView
          locale={locale}
          failure="notFound"
          message={path ? fatalMessage({ failure: 'notFound', path }) : <RequestedPathMessage />}
        />
      </body>
    </html>
  );
}
