import { type TLocale, type TNoticeList } from '@llk/contracts';
import { renderMarkdown } from '@llk/contracts/markdown';
import { dbNow, fromDbBool } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { contentLocales, pickTranslation } from '../../infrastructure/content-locale';
import { findCurrentNotices, findNoticeTranslations } from './announcements.repository';

/** Current notices in the caller's language (else en, else zh-CN), pinned first. */
export async function listNotices(db: Db, locale: TLocale): Promise<TNoticeList> {
  const rows = await findCurrentNotices(db, dbNow());
  const translations = await findNoticeTranslations(
    db,
    rows.map((row) => row.id),
    contentLocales(locale),
  );
  const list = rows.flatMap((row) => {
    const t = pickTranslation(
      translations.filter((tr) => tr.notice_id === row.id),
      locale,
    );
    if (!t) return [];
    return [
      {
        id: row.slug,
        title: t.title,
        body: t.body,
        contentHtml: renderMarkdown(t.body),
        pinned: fromDbBool(row.pinned),
        publishedAt: row.published_at,
        expiresAt: row.expires_at,
        locale: t.locale as TLocale,
      },
    ];
  });
  return { list };
}
