import type { TLocale } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { FatalView } from '@/components/fatal-view';
import { FATAL_HEADER, decodeFatal, fatalMessage } from '@/lib/fatal';

// Internal target of the proxy's fatal rewrite; never a public URL (/fatal itself fails route
// validation). The proxy sets the 404 status on the rewrite and passes what failed in a
// request header, so the page renders in full on the server (a notFound() thrown here would
// leave the HTML to client-side rendering).

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale as TLocale });
  return { title: `${t('Fatal.title')} | ${t('app.title.1')}`, robots: { index: false, follow: false } };
}

export default async function FatalPage({ params }: { params: Promise<{ locale: string }> }) {
  const locale = (await params).locale as TLocale;
  const fatal = decodeFatal((await headers()).get(FATAL_HEADER)) ?? { failure: 'notFound' as const, path: '/fatal' };
  return <FatalView locale={locale} failure={fatal.failure} message={fatalMessage(fatal)} />;
}
