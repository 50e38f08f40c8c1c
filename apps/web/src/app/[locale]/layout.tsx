import { localeEntries, type TLocale } from '@llk/contracts/locales';
import type { Metadata, Viewport } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { ToastRegion } from '@/components/toast-region';
// Every page's header, footer and not-found boundary render this Link. Referenced from the root
// layout, its module goes into the chunk of this layout that all of them load, once; otherwise
// the not-found boundary's chunk repeats it (~1.6 KiB gzip on every page: JS budget, README).
import '@/components/link';
import { routing } from '@/i18n/routing';
import { getSiteUrl, ICONS, SHARE_IMAGE, THEME_COLOR } from '@/lib/metadata';
import { ZONE_COOKIE_SCRIPT } from '@/lib/visitor-zone';
import '../globals.css';

// Root layout of every page: <html lang>, site-wide head defaults, the lazy toast region.
// Pages add their own title, description, canonical and hreflang (lib/metadata.ts).

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

type TParams = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: TParams): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale });
  const brand = t('app.title.1');
  return {
    metadataBase: new URL(getSiteUrl()),
    title: brand,
    description: t('share.desc'),
    applicationName: brand,
    icons: ICONS,
    openGraph: {
      type: 'website',
      siteName: brand,
      title: t('share.title'),
      description: t('share.desc'),
      images: [{ ...SHARE_IMAGE, alt: brand }],
    },
    formatDetection: { telephone: false, email: false, address: false },
  };
}

// Scale 1 without maximum-scale or user-scalable=no: pinch-zoom stays (WCAG 1.4.4), a
// deliberate deviation from the spec's "no user zoom" (docs/adr/0003). Inputs are 16 px on
// phones (globals.css) so focusing one does not zoom the page.
export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: THEME_COLOR,
  colorScheme: 'light',
};

export default async function LocaleLayout({ children, params }: TParams & { children: ReactNode }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'Layout' });
  return (
    <html lang={localeEntries[locale as TLocale].iso}>
      <body>
        {/* The browser's time zone into the llk-tz cookie, so server renders are on the reader's
            clock too (docs/adr/0031); hashed into the page's policy like Next's own scripts. */}
        <script dangerouslySetInnerHTML={{ __html: ZONE_COOKIE_SCRIPT }} />
        {/* No NextIntlClientProvider anywhere (JS budget): client components get their texts as
            props from their server page (lib/client-texts.ts). */}
        {children}
        <ToastRegion label={t('notifications')} />
      </body>
    </html>
  );
}
