import { z } from './zod';
import { ZChipType, ZClientType } from './enums';
import { locales } from './locales';

// Public content calls: downloads, news and promotions, notices, search, location and the
// share signature. Query schemas coerce strings (query strings carry only text); response
// schemas are what the web renders. Dates are ISO 8601 UTC strings.

const ZLocaleCode = z.enum(locales);

/** 1-based page number; absent or blank means 1. */
const ZPage = z.coerce.number().int().min(1).max(10_000).default(1);
function ZPageSize(fallback: number, max: number) {
  return z.coerce.number().int().min(1).max(max).default(fallback);
}

/** A page of items with the total count, for "View More" and numbered pages. */
export function ZPaged<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

// ---- Downloads -----------------------------------------------------------------------------

/** Platforms that have releases (ANDROID_PAD uses ANDROID; UNKNOWN has none). */
export const ZReleasePlatform = z.enum(['ANDROID', 'WIN', 'IOS', 'IPAD', 'MAC', 'LINUX']);
export type TReleasePlatform = z.infer<typeof ZReleasePlatform>;

/** Package kinds: installers, Linux packages, the APK, or a store listing (no file). */
export const ZPackageFormat = z.enum(['exe', 'msi', 'dmg', 'deb', 'rpm', 'AppImage', 'apk', 'store']);
export type TPackageFormat = z.infer<typeof ZPackageFormat>;

export const ZDownloadPackage = z.object({
  chipType: ZChipType,
  format: ZPackageFormat,
  /** null for store listings */
  fileName: z.string().nullable(),
  /** download URL, or the store page for format "store" */
  url: z.string(),
  sizeBytes: z.number().int().nullable(),
  sha256: z.string().nullable(),
});
export type TDownloadPackage = z.infer<typeof ZDownloadPackage>;

export const ZRelease = z.object({
  platform: ZReleasePlatform,
  version: z.string(),
  releasedAt: z.string(),
  /** lowest supported OS, e.g. "Windows 10 1809", "macOS 11", "Android 7.0" */
  minOs: z.string(),
  /** App Store / Google Play page, when the platform has one */
  storeUrl: z.string().nullable(),
  packages: z.array(ZDownloadPackage),
});
export type TRelease = z.infer<typeof ZRelease>;

/** GET /download/list: the current release of every platform. */
export const ZDownloadList = z.object({ platforms: z.array(ZRelease) });
export type TDownloadList = z.infer<typeof ZDownloadList>;

export const ZDownloadLatestQuery = z.object({
  clientType: ZClientType,
  chipType: ZChipType.optional(),
});
export type TDownloadLatestQuery = z.infer<typeof ZDownloadLatestQuery>;

/**
 * The HTML of a Markdown field, rendered by the site's own renderer (`@llk/contracts/markdown`):
 * link and image targets limited to http, https, mailto and relative ones, raw HTML shown as
 * text (ADR 0007, "Link targets"). Apps render this one; the Markdown beside it is the source.
 */
const ZContentHtml = (field: string) =>
  z
    .string()
    .describe(
      `HTML of \`${field}\`, sanitised by the site's renderer: the one safe to render. \`${field}\` is the Markdown source and is not safe to insert as HTML.`,
    );
const ZMarkdownSource = (htmlField: string) =>
  z.string().describe(`Markdown source, written by staff; not safe to insert as HTML (render \`${htmlField}\` instead).`);

/** GET /download/latest: one platform's newest release with its notes in the caller's language. */
export const ZDownloadLatest = ZRelease.extend({
  notes: ZMarkdownSource('contentHtml'),
  contentHtml: ZContentHtml('notes'),
  notesLocale: ZLocaleCode,
});
export type TDownloadLatest = z.infer<typeof ZDownloadLatest>;

export const ZUpdateLogQuery = z.object({
  clientType: ZClientType.optional(),
  page: ZPage,
  pageSize: ZPageSize(10, 50),
});
export type TUpdateLogQuery = z.infer<typeof ZUpdateLogQuery>;

export const ZUpdateLogEntry = z.object({
  platform: ZReleasePlatform,
  version: z.string(),
  releasedAt: z.string(),
  notes: ZMarkdownSource('contentHtml'),
  contentHtml: ZContentHtml('notes'),
  /** the language the notes are in (the caller's, else en, else zh-CN) */
  locale: ZLocaleCode,
});
export type TUpdateLogEntry = z.infer<typeof ZUpdateLogEntry>;
export const ZUpdateLog = ZPaged(ZUpdateLogEntry);
export type TUpdateLog = z.infer<typeof ZUpdateLog>;

// ---- News, promotions and notices ------------------------------------------------------------

export const ZNewsKind = z.enum(['NEWS', 'PROMOTION']);
export type TNewsKind = z.infer<typeof ZNewsKind>;

export const ZNewsListQuery = z.object({
  page: ZPage,
  pageSize: ZPageSize(10, 50),
  kind: ZNewsKind.optional(),
});
export type TNewsListQuery = z.infer<typeof ZNewsListQuery>;

export const ZNewsSummary = z.object({
  /** public id, the {id} of /info-{id} */
  id: z.number().int().positive(),
  kind: ZNewsKind,
  title: z.string(),
  summary: z.string(),
  publishedAt: z.string(),
  /** promotions only: when the offer runs */
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  /** the language of title, summary (and body): the page's, or its fallback's when the item is not written in it */
  locale: ZLocaleCode,
  /** a path on the site of the item's cover picture (migration 0043); null or absent: none */
  coverImageUrl: z.string().nullable().optional(),
});
export type TNewsSummary = z.infer<typeof ZNewsSummary>;
export const ZNewsList = ZPaged(ZNewsSummary);
export type TNewsList = z.infer<typeof ZNewsList>;

export const ZNewsInfoQuery = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export type TNewsInfoQuery = z.infer<typeof ZNewsInfoQuery>;

export const ZNewsInfo = ZNewsSummary.extend({
  body: ZMarkdownSource('contentHtml'),
  contentHtml: ZContentHtml('body'),
  /** the description for search engines and link previews in `locale` (the summary when staff wrote none; migration 0043) */
  seoDescription: z.string().optional(),
});
export type TNewsInfo = z.infer<typeof ZNewsInfo>;

export const ZNotice = z.object({
  id: z.string(),
  title: z.string(),
  body: ZMarkdownSource('contentHtml'),
  contentHtml: ZContentHtml('body'),
  pinned: z.boolean(),
  publishedAt: z.string(),
  expiresAt: z.string().nullable(),
  locale: ZLocaleCode,
});
export type TNotice = z.infer<typeof ZNotice>;

/** GET /announcements/info: current notices, pinned first, then newest first. */
export const ZNoticeList = z.object({ list: z.array(ZNotice) });
export type TNoticeList = z.infer<typeof ZNoticeList>;

// ---- Search ----------------------------------------------------------------------------------

/** Longest query accepted (characters after trimming). */
export const SEARCH_QUERY_MAX = 64;

const ZSearchText = z.string().trim().min(1).max(SEARCH_QUERY_MAX);

export const ZSearchQuery = z.object({
  q: ZSearchText,
  page: ZPage,
  pageSize: ZPageSize(10, 30),
});
export type TSearchQuery = z.infer<typeof ZSearchQuery>;

export const ZSearchType = z.enum(['guide', 'news', 'notice']);
export type TSearchType = z.infer<typeof ZSearchType>;

export const ZSearchHit = z.object({
  type: ZSearchType,
  title: z.string(),
  /** plain text around the first match */
  snippet: z.string(),
  /** where the query's terms occur in `snippet`, as [start, end) UTF-16 offsets */
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
  /** path without the locale prefix: /guide/remote-control/connect, /info-12, /notice */
  url: z.string(),
  publishedAt: z.string().nullable(),
});
export type TSearchHit = z.infer<typeof ZSearchHit>;
export const ZSearchResult = ZPaged(ZSearchHit).extend({ query: z.string() });
export type TSearchResult = z.infer<typeof ZSearchResult>;

export const ZSearchRecordQuery = z.object({ keyword: ZSearchText });
export type TSearchRecordQuery = z.infer<typeof ZSearchRecordQuery>;

/** recorded is false when the query was throttled, repeated or matches nothing. */
export const ZSearchRecordResult = z.object({ recorded: z.boolean() });
export type TSearchRecordResult = z.infer<typeof ZSearchRecordResult>;

export const ZHotSearches = z.object({
  list: z.array(z.object({ keyword: z.string(), count: z.number().int() })),
});
export type THotSearches = z.infer<typeof ZHotSearches>;

// ---- Location and share signature ------------------------------------------------------------

/** GET /location/info: nulls when the address is private, loopback, IPv6 or not in the table. */
export const ZLocation = z.object({
  /** ISO 3166-1 alpha-2, e.g. "CN", "JP" */
  countryCode: z.string().length(2).nullable(),
  /** the country or region in the caller's language */
  countryName: z.string().nullable(),
});
export type TLocation = z.infer<typeof ZLocation>;

export const ZJsapiTicketQuery = z.object({ url: z.string().trim().min(1).max(2048) });
export type TJsapiTicketQuery = z.infer<typeof ZJsapiTicketQuery>;

/** Share ticket: what wx.config needs. */
export const ZJsapiSignature = z.object({
  appId: z.string(),
  timestamp: z.number().int(),
  nonceStr: z.string(),
  signature: z.string(),
});
export type TJsapiSignature = z.infer<typeof ZJsapiSignature>;

/** GET /wxMp/openId: the `code` the official account's OAuth redirect (snsapi_base) put in the page URL. */
export const ZWxOpenIdQuery = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .regex(/^[\w-]+$/),
});
export type TWxOpenIdQuery = z.infer<typeof ZWxOpenIdQuery>;

/** The payer's openid in our official account, for JSAPI payments (POST /pay/payV2 openid). */
export const ZWxOpenId = z.object({ openid: z.string() });
export type TWxOpenId = z.infer<typeof ZWxOpenId>;
