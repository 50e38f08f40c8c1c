import { getLocale } from 'next-intl/server';
import type { TLocale } from '@llk/contracts/locales';
import { FatalView } from '@/components/fatal-view';
import { RequestedPathMessage } from '@/components/requested-path-message';

/** notFound() from a page (unknown article, guide topic, …): the same fatal page, 404. */
export default async function NotFound() {
  const locale = (await getLocale()) as TLocale;
  return <FatalView locale={locale} failure="notFound" message={<RequestedPathMessage />} />;
}
