import {
  type TChipType,
  type TClientType,
  type TDownloadLatest,
  type TDownloadList,
  type TDownloadPackage,
  type TLocale,
  type TRelease,
  type TReleasePlatform,
  type TUpdateLog,
} from '@llk/contracts';
import { renderMarkdown } from '@llk/contracts/markdown';
import { dbNow, toCount } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { contentLocales, pickTranslation } from '../../infrastructure/content-locale';
import { findCurrentReleases, findNotes, findPackages, findReleasePage, type PackageRow, type ReleaseRow } from './downloads.repository';

export interface DownloadsDeps {
  db: Db;
  /** DOWNLOAD_BASE_URL without a trailing slash */
  baseUrl: string;
}

/** Which releases a client type installs: Android tablets take the Android app. */
function platformOf(clientType: TClientType): TReleasePlatform | null {
  if (clientType === 'UNKNOWN') return null;
  return clientType === 'ANDROID_PAD' ? 'ANDROID' : clientType;
}

/** A file path is under DOWNLOAD_BASE_URL; the back office may also store an absolute URL. */
export function packageUrl(filePath: string, baseUrl: string): string {
  return /^https?:\/\//i.test(filePath) ? filePath : `${baseUrl}/${filePath}`;
}

function toPackage(row: PackageRow, release: ReleaseRow, baseUrl: string): TDownloadPackage {
  return {
    chipType: row.chip_type as TChipType,
    format: row.format as TDownloadPackage['format'],
    fileName: row.file_path ? (row.file_path.split('/').pop() ?? row.file_path) : null,
    url: row.file_path ? packageUrl(row.file_path, baseUrl) : (release.store_url ?? ''),
    sizeBytes: row.size_bytes === null ? null : toCount(row.size_bytes),
    sha256: row.sha256,
  };
}

function toRelease(row: ReleaseRow, packages: PackageRow[], baseUrl: string): TRelease {
  return {
    platform: row.platform as TReleasePlatform,
    version: row.version,
    releasedAt: row.released_at,
    minOs: row.min_os,
    storeUrl: row.store_url,
    packages: packages.filter((pkg) => pkg.release_id === row.id).map((pkg) => toPackage(pkg, row, baseUrl)),
  };
}

const PLATFORM_ORDER: TReleasePlatform[] = ['WIN', 'MAC', 'LINUX', 'ANDROID', 'IOS', 'IPAD'];

export async function listDownloads({ db, baseUrl }: DownloadsDeps): Promise<TDownloadList> {
  const releases = await findCurrentReleases(db, dbNow());
  const packages = await findPackages(
    db,
    releases.map((release) => release.id),
  );
  const platforms = releases
    .map((release) => toRelease(release, packages, baseUrl))
    .sort((a, b) => PLATFORM_ORDER.indexOf(a.platform) - PLATFORM_ORDER.indexOf(b.platform));
  return { platforms };
}

/** The newest release of one platform; NOT_FOUND when it has none (or none for that chip). */
export async function getLatestDownload(
  { db, baseUrl }: DownloadsDeps,
  query: { clientType: TClientType; chipType?: TChipType | undefined },
  locale: TLocale,
): Promise<TDownloadLatest> {
  const platform = platformOf(query.clientType);
  if (!platform) throw new AppError('NOT_FOUND');
  const [row] = await findCurrentReleases(db, dbNow(), [platform]);
  if (!row) throw new AppError('NOT_FOUND');
  const [packages, notes] = await Promise.all([findPackages(db, [row.id]), findNotes(db, [row.id], contentLocales(locale))]);
  const release = toRelease(row, packages, baseUrl);
  if (query.chipType) {
    release.packages = release.packages.filter((pkg) => pkg.chipType === query.chipType);
    if (release.packages.length === 0) throw new AppError('NOT_FOUND');
  }
  const note = pickTranslation(notes, locale);
  const body = note?.body ?? '';
  return { ...release, notes: body, contentHtml: renderMarkdown(body), notesLocale: (note?.locale as TLocale | undefined) ?? locale };
}

export async function getUpdateLog(
  db: Db,
  query: { clientType?: TClientType | undefined; page: number; pageSize: number },
  locale: TLocale,
): Promise<TUpdateLog> {
  const platform = query.clientType ? platformOf(query.clientType) : undefined;
  if (platform === null) return { list: [], total: 0, page: query.page, pageSize: query.pageSize };
  const { rows, total } = await findReleasePage(db, {
    now: dbNow(),
    ...(platform ? { platform } : {}),
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const notes = await findNotes(
    db,
    rows.map((row) => row.id),
    contentLocales(locale),
  );
  const list = rows.map((row) => {
    const note = pickTranslation(
      notes.filter((n) => n.release_id === row.id),
      locale,
    );
    return {
      platform: row.platform as TReleasePlatform,
      version: row.version,
      releasedAt: row.released_at,
      notes: note?.body ?? '',
      contentHtml: renderMarkdown(note?.body ?? ''),
      locale: (note?.locale as TLocale | undefined) ?? locale,
    };
  });
  return { list, total, page: query.page, pageSize: query.pageSize };
}
