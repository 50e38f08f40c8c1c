import type { TNewsKind, TNewsSummary } from '@llk/contracts';
import type { ReactNode } from 'react';
import { ProductScene, type TProductScene } from '@/components/illustrations/product-scene';
import { Link } from '@/i18n/navigation';
import { LocalTime } from '@/components/local-time';
import { langTag, promotionState } from '../format-date';

/** Texts of a card; `running` and `upcoming` contain {date}. */
export interface TNewsCardLabels {
  kinds: Record<TNewsKind, string>;
  running: string;
  upcoming: string;
  ended: string;
}

/** Items without a cover picture of their own: promotions the offer ticket, news one of the product's screens, by id. */
const NEWS_SCENES: readonly TProductScene[] = ['toolbar', 'wall', 'devices'];
export function newsCover(item: Pick<TNewsSummary, 'id' | 'kind'>): TProductScene {
  return item.kind === 'PROMOTION' ? 'offer' : NEWS_SCENES[item.id % NEWS_SCENES.length]!;
}

/**
 * One news item or promotion in a list: a cover (our illustration of its kind), kind, date,
 * title (links to /info-{id}), summary and, for a promotion, whether it runs. Renders on the server and, for "View more", in the browser
 * (so it imports nothing that would pull the contracts barrel into the bundle, nor the phrase
 * splitter: the server page hands over the title phrase-broken, `phrasedTitle`, and the
 * browser's cards show it plain, broken by the CSS's auto-phrase where the browser has it).
 */
export function NewsCard({
  item,
  lang,
  labels,
  phrasedTitle,
}: {
  item: TNewsSummary;
  lang: string;
  labels: TNewsCardLabels;
  phrasedTitle?: ReactNode;
}) {
  const state = item.kind === 'PROMOTION' ? promotionState(item.validFrom, item.validUntil) : null;
  const stateText =
    state === 'ended' ? (
      labels.ended
    ) : state === 'upcoming' && item.validFrom ? (
      <LocalTime iso={item.validFrom} languageTag={lang} kind="date" template={labels.upcoming} />
    ) : state === 'running' && item.validUntil ? (
      <LocalTime iso={item.validUntil} languageTag={lang} kind="date" template={labels.running} />
    ) : null;
  const itemLang = langTag(item.locale);
  return (
    <article
      lang={itemLang === lang ? undefined : itemLang}
      className="relative flex h-full flex-col rounded-card border border-line bg-canvas p-6 shadow-card transition-shadow hover:shadow-md"
      data-testid="news-item"
    >
      <div
        className={`-mx-6 -mt-6 mb-5 overflow-hidden rounded-t-card ${item.kind === 'PROMOTION' ? 'bg-amber-50' : 'bg-brand-50'}`}
        data-testid="news-cover"
      >
        {item.coverImageUrl ? (
          // the picture staff gave the item (a path on the site, back office); decorative: the title says what it is
          // eslint-disable-next-line @next/next/no-img-element -- a plain lazy image: the card also renders in the browser ("View more")
          <img
            src={item.coverImageUrl}
            alt=""
            loading="lazy"
            decoding="async"
            className="block aspect-[5/2] max-h-40 w-full object-cover"
          />
        ) : (
          <ProductScene scene={newsCover(item)} className="block h-auto max-h-40 w-full" />
        )}
      </div>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted" lang={lang}>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            item.kind === 'PROMOTION' ? 'bg-amber-100 text-amber-900' : 'bg-brand-50 text-brand-800'
          }`}
        >
          {labels.kinds[item.kind]}
        </span>
        <LocalTime iso={item.publishedAt} languageTag={lang} kind="date" />
      </p>
      <h3 className={`mt-3 text-lg font-semibold text-balance text-ink${phrasedTitle ? ' break-keep' : ''}`}>
        <Link href={`/info-${item.id}`} className="after:absolute after:inset-0 hover:text-brand-700">
          {phrasedTitle ?? item.title}
        </Link>
      </h3>
      <p className="mt-2 flex-1 leading-relaxed text-ink-muted">{item.summary}</p>
      {stateText ? (
        <p lang={lang} className={`mt-4 text-sm font-medium ${state === 'ended' ? 'text-ink-muted' : 'text-success'}`}>
          {stateText}
        </p>
      ) : null}
    </article>
  );
}
