import { type TLocale, type TNewsInfo, type TNewsKind, type TNewsList, type TNewsSummary } from '@llk/contracts';
import { renderMarkdown } from '@llk/contracts/markdown';
import { dbNow } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { contentLocales, pickTranslation } from '../../infrastructure/content-locale';
import { discountsFor, fillFigures } from './news-figures';
import { findNewsPage, findNewsTranslations, findPublishedNews, type NewsRow, type NewsTranslationRow } from './news.repository';

function toSummary(row: NewsRow, translation: NewsTranslationRow | undefined, figures: (text: string) => string): TNewsSummary {
  return {
    id: row.public_id,
    kind: row.kind as TNewsKind,
    title: figures(translation?.title ?? ''),
    summary: figures(translation?.summary ?? ''),
    publishedAt: row.published_at,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    locale: (translation?.locale as TLocale | undefined) ?? 'zh-CN',
    coverImageUrl: row.cover_image_url,
  };
}

export async function listNews(
  db: Db,
  query: { page: number; pageSize: number; kind?: TNewsKind | undefined },
  locale: TLocale,
): Promise<TNewsList> {
  const { rows, total } = await findNewsPage(db, {
    now: dbNow(),
    kind: query.kind,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const translations = await findNewsTranslations(
    db,
    rows.map((row) => row.id),
    contentLocales(locale),
  );
  const discounts = await discountsFor(
    db,
    translations.flatMap((t) => [t.title, t.summary]),
  );
  const list = rows.map((row) =>
    toSummary(
      row,
      pickTranslation(
        translations.filter((t) => t.news_id === row.id),
        locale,
      ),
      (text) => fillFigures(text, discounts, locale),
    ),
  );
  return { list, total, page: query.page, pageSize: query.pageSize };
}

/** One published item; NOT_FOUND when it does not exist or is not published yet. */
export async function getNews(db: Db, publicId: number, locale: TLocale): Promise<TNewsInfo> {
  const row = await findPublishedNews(db, publicId, dbNow());
  if (!row) throw new AppError('NOT_FOUND');
  const translation = pickTranslation(await findNewsTranslations(db, [row.id], contentLocales(locale)), locale);
  if (!translation) throw new AppError('NOT_FOUND');
  const discounts = await discountsFor(db, [translation.title, translation.summary, translation.body]);
  const figures = (text: string) => fillFigures(text, discounts, locale);
  const body = figures(translation.body);
  return {
    ...toSummary(row, translation, figures),
    body,
    contentHtml: renderMarkdown(body),
    seoDescription: figures(translation.seo_description || translation.summary),
  };
}
