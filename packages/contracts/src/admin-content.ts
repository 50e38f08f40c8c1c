import { z } from './zod';
import { ADMIN_AUDIT_CURSOR_RE } from './admin';
import { ZReleasePlatform, ZPackageFormat, ZNewsKind, SEARCH_QUERY_MAX } from './content';
import { ZChipType } from './enums';
import { locales } from './locale-codes';
import { ZSkuPrice } from './pricing';
import { NEWS_COVER_RE } from './rules';

// The back office's content, releases and pricing calls (ADR 0019, step 3). Content is edited
// in all seven languages; an answer lists the languages still missing (`missingLocales`), which
// the public pages fill with their fallback (en, else zh-CN).

/** An internal id (ULID) in a path. */
export const ZAdminContentId = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/);
export const ZAdminContentIdParams = z.object({ id: ZAdminContentId }).strict();

/** Keyset paging of every staff list: newest first on (created_at, id). */
export const ZAdminPageQuery = z
  .object({
    before: z.string().regex(ADMIN_AUDIT_CURSOR_RE).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();

const ZIso = z.iso.datetime({ offset: true });
const ZLocaleKey = z.enum(locales);

export const ZAdminNewsTranslation = z
  .object({
    title: z.string().trim().min(1).max(200),
    summary: z.string().trim().min(1).max(500),
    body: z.string().trim().min(1).max(100_000),
    /** for search engines and link previews (meta description, og:description); absent or empty: the summary (migration 0043) */
    seoDescription: z.string().trim().max(300).optional(),
  })
  .strict();

/** A news cover: a path of an image on the site (NEWS_COVER_RE, rules.ts). */
export const ZNewsCoverImageUrl = z.string().trim().regex(NEWS_COVER_RE);

/**
 * A news item or promotion as staff write it. Titles and bodies per language; zh-CN is required
 * (the last fallback of every page). `publishAt`..`expiresAt` is the publish window;
 * `validFrom`/`validUntil` the promotion's own validity shown on its page.
 */
/**
 * Texts per language: zh-CN (every page's last fallback) required, the other six optional.
 * An object rather than a record so that the OpenAPI document says which one is required.
 */
function byLocale<T extends z.ZodType>(text: T) {
  return z
    .object({
      'zh-CN': text,
      'zh-tw': text.optional(),
      en: text.optional(),
      es: text.optional(),
      fr: text.optional(),
      ja: text.optional(),
      ko: text.optional(),
    })
    .strict();
}

export const ZAdminNewsInput = z
  .object({
    kind: ZNewsKind,
    publishAt: ZIso,
    expiresAt: ZIso.nullable().default(null),
    validFrom: ZIso.nullable().default(null),
    validUntil: ZIso.nullable().default(null),
    /** the cards' picture and the page's og:image (migration 0043); null: none (the site draws an illustration) */
    coverImageUrl: ZNewsCoverImageUrl.nullable().default(null),
    translations: byLocale(ZAdminNewsTranslation),
  })
  .strict();
export type TAdminNewsInput = z.infer<typeof ZAdminNewsInput>;

export const ZAdminNews = z.object({
  id: z.string(),
  /** the staff member who created it (the lists; from the audit log): null for the seed's items and in single answers */
  createdBy: z.string().nullable().optional(),
  /** the {id} of /info-{id} */
  publicId: z.number().int(),
  kind: ZNewsKind,
  published: z.boolean(),
  publishAt: z.string(),
  expiresAt: z.string().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  /** seed: still the seed's row; staff: created or edited in the back office */
  origin: z.enum(['seed', 'staff']),
  createdAt: z.string(),
  updatedAt: z.string(),
  coverImageUrl: z.string().nullable(),
  translations: z.partialRecord(ZLocaleKey, ZAdminNewsTranslation),
  missingLocales: z.array(ZLocaleKey),
  /** public path of the item */
  url: z.string(),
});
export type TAdminNews = z.infer<typeof ZAdminNews>;

export const ZAdminNewsQuery = ZAdminPageQuery.extend({ kind: ZNewsKind.optional() }).strict();
export const ZAdminNewsPage = z.object({ items: z.array(ZAdminNews), next: z.string().nullable() });
export type TAdminNewsPage = z.infer<typeof ZAdminNewsPage>;

export const ZAdminNoticeTranslation = z
  .object({
    title: z.string().trim().min(1).max(200),
    body: z.string().trim().min(1).max(20_000),
  })
  .strict();

export const ZAdminNoticeInput = z
  .object({
    pinned: z.boolean().default(false),
    publishAt: ZIso,
    expiresAt: ZIso.nullable().default(null),
    translations: byLocale(ZAdminNoticeTranslation),
  })
  .strict();
export type TAdminNoticeInput = z.infer<typeof ZAdminNoticeInput>;

export const ZAdminNotice = z.object({
  id: z.string(),
  /** the staff member who created it (the lists; from the audit log): null for the seed's items and in single answers */
  createdBy: z.string().nullable().optional(),
  slug: z.string(),
  pinned: z.boolean(),
  published: z.boolean(),
  publishAt: z.string(),
  expiresAt: z.string().nullable(),
  origin: z.enum(['seed', 'staff']),
  createdAt: z.string(),
  updatedAt: z.string(),
  translations: z.partialRecord(ZLocaleKey, ZAdminNoticeTranslation),
  missingLocales: z.array(ZLocaleKey),
  url: z.string(),
});
export type TAdminNotice = z.infer<typeof ZAdminNotice>;
export const ZAdminNoticePage = z.object({ items: z.array(ZAdminNotice), next: z.string().nullable() });
export type TAdminNoticePage = z.infer<typeof ZAdminNoticePage>;

/** What a publish, unpublish or edit did besides the change: the pages asked to refresh. */
export const ZAdminPublication = z.object({
  /** public paths the web was asked to regenerate */
  revalidated: z.array(z.string()),
  /** false when the web could not be reached (or REVALIDATE_SECRET is unset): the pages refresh on their own timer */
  revalidateOk: z.boolean(),
});

export const ZAdminNewsResult = z.object({ item: ZAdminNews, publication: ZAdminPublication });
export const ZAdminNoticeResult = z.object({ item: ZAdminNotice, publication: ZAdminPublication });

export const ZAdminMarkdownPreviewBody = z.object({ markdown: z.string().max(100_000) }).strict();
export const ZAdminMarkdownPreview = z.object({ html: z.string() });

// ---- Releases ------------------------------------------------------------------------------

const ZSha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const ZAdminReleasePackage = z
  .object({
    chipType: ZChipType,
    format: ZPackageFormat,
    /** absolute https URL, or a path under DOWNLOAD_BASE_URL; null for a store listing */
    url: z.string().trim().min(1).max(2000).nullable(),
    sizeBytes: z.number().int().positive().nullable().default(null),
    sha256: ZSha256.nullable().default(null),
  })
  .strict();

export const ZAdminReleaseInput = z
  .object({
    platform: ZReleasePlatform,
    version: z.string().regex(/^\d{1,3}\.\d{1,3}\.\d{1,3}$/),
    releasedAt: ZIso,
    minOs: z.string().trim().min(1).max(100),
    storeUrl: z
      .url({ protocol: /^https?$/ })
      .nullable()
      .default(null),
    packages: z.array(ZAdminReleasePackage).max(20),
    notes: z.partialRecord(ZLocaleKey, z.string().trim().min(1).max(20_000)),
  })
  .strict();
export type TAdminReleaseInput = z.infer<typeof ZAdminReleaseInput>;

export const ZAdminRelease = z.object({
  id: z.string(),
  /** the staff member who created it (the lists; from the audit log): null for the seed's items and in single answers */
  createdBy: z.string().nullable().optional(),
  platform: ZReleasePlatform,
  version: z.string(),
  releasedAt: z.string(),
  minOs: z.string(),
  storeUrl: z.string().nullable(),
  published: z.boolean(),
  origin: z.enum(['seed', 'staff']),
  createdAt: z.string(),
  packages: z.array(
    z.object({
      chipType: ZChipType,
      format: ZPackageFormat,
      url: z.string().nullable(),
      sizeBytes: z.number().int().nullable(),
      sha256: z.string().nullable(),
    }),
  ),
  notes: z.partialRecord(ZLocaleKey, z.string()),
  missingLocales: z.array(ZLocaleKey),
});
export type TAdminRelease = z.infer<typeof ZAdminRelease>;
export const ZAdminReleaseQuery = ZAdminPageQuery.extend({ platform: ZReleasePlatform.optional() }).strict();
export const ZAdminReleasePage = z.object({ items: z.array(ZAdminRelease), next: z.string().nullable() });
export type TAdminReleasePage = z.infer<typeof ZAdminReleasePage>;
export const ZAdminReleaseResult = z.object({ item: ZAdminRelease, publication: ZAdminPublication });

/** POST /admin/releases/checksum with JSON: the API fetches the URL (size cap, timeout). */
export const ZAdminChecksumBody = z.object({ url: z.url({ protocol: /^https?$/ }) }).strict();
export const ZAdminChecksum = z.object({ sizeBytes: z.number().int().nonnegative(), sha256: ZSha256 });
export type TAdminChecksum = z.infer<typeof ZAdminChecksum>;

// ---- Pricing -------------------------------------------------------------------------------

export const ZAdminSku = ZSkuPrice.extend({
  active: z.boolean(),
  sortOrder: z.number().int(),
  origin: z.enum(['seed', 'staff']),
});
export type TAdminSku = z.infer<typeof ZAdminSku>;
export const ZAdminSkuList = z.object({ items: z.array(ZAdminSku) });
export type TAdminSkuList = z.infer<typeof ZAdminSkuList>;

export const ZAdminSkuParams = z.object({ id: z.string().regex(/^[A-Z0-9_]{1,64}$/) }).strict();
/** A new price applies to orders created from now on; existing orders keep their amounts. */
export const ZAdminSkuUpdate = z
  .object({
    priceFen: z.number().int().min(0).max(100_000_000),
    originalPriceFen: z.number().int().min(0).max(100_000_000),
    active: z.boolean().optional(),
    reason: z.string().trim().max(500).optional(),
  })
  .strict();
export type TAdminSkuUpdate = z.infer<typeof ZAdminSkuUpdate>;
export const ZAdminSkuResult = z.object({ item: ZAdminSku, publication: ZAdminPublication });

// ---- Hot searches ----------------------------------------------------------------------------

/**
 * A hot-search term as staff set it: NORMAL (shown once enough distinct visitors searched it and
 * it still finds something), PINNED (shown first, whatever its count), HIDDEN (never shown).
 */
export const ZHotSearchState = z.enum(['NORMAL', 'PINNED', 'HIDDEN']);
export type THotSearchState = z.infer<typeof ZHotSearchState>;

/** GET /admin/search/hot: one language's terms. */
export const ZAdminHotSearchQuery = z.object({ locale: z.enum(locales) }).strict();
export const ZAdminHotSearch = z.object({
  keyword: z.string(),
  /** distinct visitors who searched it in the last 30 days (ADR 0007) */
  count: z.number().int(),
  state: ZHotSearchState,
  /** in the public hot list now */
  shown: z.boolean(),
  updatedAt: z.string(),
});
export type TAdminHotSearch = z.infer<typeof ZAdminHotSearch>;
export const ZAdminHotSearchList = z.object({
  locale: z.enum(locales),
  /** HOT_SEARCH_MIN_VISITORS: a NORMAL term needs this many distinct visitors to be shown */
  minVisitors: z.number().int(),
  items: z.array(ZAdminHotSearch),
});
export type TAdminHotSearchList = z.infer<typeof ZAdminHotSearchList>;

/** PUT /admin/search/hot: pin, hide or release one term (a term nobody searched yet may be pinned). */
export const ZAdminHotSearchUpdate = z
  .object({
    locale: z.enum(locales),
    keyword: z.string().trim().min(1).max(SEARCH_QUERY_MAX),
    state: ZHotSearchState,
    reason: z.string().trim().max(500).optional(),
  })
  .strict();
export type TAdminHotSearchUpdate = z.infer<typeof ZAdminHotSearchUpdate>;
export const ZAdminHotSearchResult = z.object({ item: ZAdminHotSearch });
export type TAdminHotSearchResult = z.infer<typeof ZAdminHotSearchResult>;
