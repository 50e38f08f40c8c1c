import { type Kysely } from 'kysely';

// News gets what a shared link and a card show: news.cover_image_url, a
// path on the site (the pages' Content-Security-Policy loads images from the site only), shown
// on the news cards and as the page's og:image; news_translations.seo_description, the
// language's description for search engines and link previews (the summary when null).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('news').addColumn('cover_image_url', 'text').execute();
  await db.schema.alterTable('news_translations').addColumn('seo_description', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('news_translations').dropColumn('seo_description').execute();
  await db.schema.alterTable('news').dropColumn('cover_image_url').execute();
}
