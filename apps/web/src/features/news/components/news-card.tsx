import { localeEntries, type TLocale, type TNewsSummary } from '@llk/contracts';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { infoPath } from '@/lib/routes';
import { formatDate, promotionState } from '../format-date';

/** One news item or promotion in a list: kind, date, title (links to /info-{id}), summary. */
export async function NewsCard({ item, locale, headingLevel = 'h3' }: { item: TNewsSummary; locale: TLocale; headingLevel?: 'h2' | 'h3' }) {
  const t = await getTranslations({ locale, namespace: 'NewsList' });
  const Heading = headingLevel;
  const state = item.kind === 'PROMOTION' ? promotionState(item.validFrom, item.validUntil) : null;
  return (
    <article
      lang={item.locale === locale ? undefined : localeEntries[item.locale].iso}
      className="relative flex h-full flex-col rounded-card border border-line bg-canvas p-6 shadow-card transition-shadow hover:shadow-md"
      data-testid="news-item"
    >
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            item.kind === 'PROMOTION' ? 'bg-amber-100 text-amber-900' : 'bg-brand-50 text-brand-800'
          }`}
        >
          {t(`kinds.${item.kind}`)}
        </span>
        <time dateTime={item.publishedAt}>{formatDate(item.publishedAt, locale)}</time>
      </p>
      <Heading className="mt-3 text-lg font-semibold text-ink">
        <Link href={infoPath(item.id)} className="after:absolute after:inset-0 hover:text-brand-700">
          {item.title}
        </Link>
      </Heading>
      <p className="mt-2 flex-1 leading-relaxed text-ink-muted">{item.summary}</p>
      {state ? (
        <p className={`mt-4 text-sm font-medium ${state === 'ended' ? 'text-ink-muted' : 'text-success'}`}>
          {state === 'ended'
            ? t('promotions.ended')
            : state === 'upcoming'
              ? t('promotions.upcoming', { date: formatDate(item.validFrom!, locale) })
              : item.validUntil
                ? t('promotions.running', { date: formatDate(item.validUntil, locale) })
                : null}
        </p>
      ) : null}
    </article>
  );
}
