import { createHash } from 'node:crypto';
import { type IncomingMessage } from 'node:http';
import { type Readable } from 'node:stream';
import {
  locales,
  type TAdminChecksum,
  type TAdminRelease,
  type TAdminReleaseInput,
  type TAdminReleasePage,
  type TChipType,
  type TLocale,
  type TPackageFormat,
  type TReleasePlatform,
} from '@llk/contracts';
import { isUniqueViolation, newId, toCount } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { fetchPublic, NotPublicAddressError } from '../../infrastructure/http/public-fetch';
import {
  findAllNotes,
  findPackages,
  findReleaseByVersion,
  findStaffRelease,
  findStaffReleasePage,
  insertStaffRelease,
  replaceReleaseParts,
  updateStaffRelease,
  type StaffReleaseRow,
} from './downloads.repository';
import { versionCode } from './downloads.seed';
import { packageUrl } from './downloads.service';

// The back office's side of releases (ADR 0019): per platform, its packages per chip and format
// (URL, size, SHA-256) and its changelog per language; publish and unpublish. The SHA-256 and
// size come from the file itself when staff give one: streamed through a hash (an upload) or
// fetched from its URL with a size cap and a timeout, never trusted from a form.

async function toAdminReleases(db: Db, rows: StaffReleaseRow[], baseUrl: string): Promise<TAdminRelease[]> {
  const ids = rows.map((row) => row.id);
  const [packages, notes] = await Promise.all([findPackages(db, ids), findAllNotes(db, ids)]);
  return rows.map((row) => {
    const own: Partial<Record<TLocale, string>> = {};
    for (const note of notes) if (note.release_id === row.id) own[note.locale as TLocale] = note.body;
    return {
      id: row.id,
      platform: row.platform as TReleasePlatform,
      version: row.version,
      releasedAt: row.released_at,
      minOs: row.min_os,
      storeUrl: row.store_url,
      published: Number(row.published) === 1,
      origin: row.origin === 'staff' ? 'staff' : 'seed',
      createdAt: row.created_at,
      packages: packages
        .filter((pkg) => pkg.release_id === row.id)
        .map((pkg) => ({
          chipType: pkg.chip_type as TChipType,
          format: pkg.format as TPackageFormat,
          url: pkg.file_path ? packageUrl(pkg.file_path, baseUrl) : null,
          sizeBytes: pkg.size_bytes === null ? null : toCount(pkg.size_bytes),
          sha256: pkg.sha256,
        })),
      notes: own,
      missingLocales: locales.filter((locale) => own[locale] === undefined),
    };
  });
}

export async function listReleasesForStaff(
  db: Db,
  query: { platform?: TReleasePlatform | undefined; before?: string | undefined; limit: number },
  baseUrl: string,
): Promise<TAdminReleasePage> {
  const [at, id] = query.before?.split('_') ?? [];
  const rows = await findStaffReleasePage(db, {
    platform: query.platform,
    before: at && id ? { at, id } : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await toAdminReleases(db, page, baseUrl),
    next: rows.length > query.limit && last ? `${last.created_at}_${last.id}` : null,
  };
}

export async function getReleaseForStaff(db: Db, id: string, baseUrl: string): Promise<TAdminRelease> {
  const row = await findStaffRelease(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  const [release] = await toAdminReleases(db, [row], baseUrl);
  if (!release) throw new AppError('NOT_FOUND');
  return release;
}

/** A URL under DOWNLOAD_BASE_URL is stored as its path (as the seed does), any other as given. */
function filePathOf(url: string | null, baseUrl: string): string | null {
  if (url === null) return null;
  return url.startsWith(`${baseUrl}/`) ? url.slice(baseUrl.length + 1) : url;
}

async function writeParts(db: Db, id: string, input: TAdminReleaseInput, baseUrl: string): Promise<void> {
  await replaceReleaseParts(
    db,
    id,
    input.packages.map((pkg) => ({
      chip_type: pkg.chipType,
      format: pkg.format,
      file_path: filePathOf(pkg.url, baseUrl),
      size_bytes: pkg.sizeBytes,
      sha256: pkg.sha256,
    })),
    Object.entries(input.notes).map(([locale, body]) => ({ locale, body })),
  );
}

function releaseValues(input: TAdminReleaseInput) {
  return {
    platform: input.platform,
    version: input.version,
    version_code: versionCode(input.version),
    released_at: new Date(input.releasedAt).toISOString(),
    min_os: input.minOs,
    store_url: input.storeUrl,
  };
}

async function taken(db: Db, input: TAdminReleaseInput, exceptId?: string): Promise<void> {
  if (await findReleaseByVersion(db, input.platform, input.version, exceptId)) throw new AppError('RELEASE_VERSION_TAKEN');
}

/** A new release, unpublished until staff publish it. */
export async function createRelease(db: Db, input: TAdminReleaseInput, now: Date, baseUrl: string): Promise<TAdminRelease> {
  await taken(db, input);
  const id = newId(now.getTime());
  try {
    await insertStaffRelease(db, { id, ...releaseValues(input), created_at: now.toISOString() });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('RELEASE_VERSION_TAKEN', { cause: error });
    throw error;
  }
  await writeParts(db, id, input, baseUrl);
  return getReleaseForStaff(db, id, baseUrl);
}

export async function updateRelease(
  db: Db,
  id: string,
  input: TAdminReleaseInput,
  baseUrl: string,
): Promise<{ before: TAdminRelease; after: TAdminRelease }> {
  const before = await getReleaseForStaff(db, id, baseUrl);
  await taken(db, input, id);
  await updateStaffRelease(db, id, releaseValues(input));
  await writeParts(db, id, input, baseUrl);
  return { before, after: await getReleaseForStaff(db, id, baseUrl) };
}

export async function setReleasePublished(
  db: Db,
  id: string,
  published: boolean,
  baseUrl: string,
): Promise<{ before: TAdminRelease; after: TAdminRelease }> {
  const before = await getReleaseForStaff(db, id, baseUrl);
  await updateStaffRelease(db, id, { published: published ? 1 : 0 });
  return { before, after: await getReleaseForStaff(db, id, baseUrl) };
}

// ---- Checksums -----------------------------------------------------------------------------

/** SHA-256 and size of a stream, refused (RELEASE_FILE_TOO_LARGE) past `maxBytes`. */
export async function checksumOfStream(
  stream: AsyncIterable<Uint8Array> & Partial<Pick<Readable, 'destroy'>>,
  maxBytes: number,
): Promise<TAdminChecksum> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      stream.destroy?.();
      throw new AppError('RELEASE_FILE_TOO_LARGE');
    }
    hash.update(chunk);
  }
  return { sizeBytes: size, sha256: hash.digest('hex') };
}

/**
 * Fetches the file at `url` and hashes it as it streams: refused past `maxBytes` (a declared
 * Content-Length over it is refused before reading) or `timeoutMs`; only public addresses
 * (RELEASE_URL_NOT_PUBLIC, unless the host is in `privateHosts`); any other failure (status,
 * DNS, timeout, a body that did not complete) is RELEASE_FETCH_FAILED.
 */
export async function checksumOfUrl(
  url: string,
  limits: { maxBytes: number; timeoutMs: number; privateHosts: readonly string[] },
): Promise<TAdminChecksum> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let response: IncomingMessage;
  try {
    response = await fetchPublic(url, { signal, privateHosts: limits.privateHosts });
  } catch (error) {
    if (error instanceof NotPublicAddressError) throw new AppError('RELEASE_URL_NOT_PUBLIC', { cause: error });
    throw new AppError('RELEASE_FETCH_FAILED', { cause: error });
  }
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 299) {
    response.destroy();
    throw new AppError('RELEASE_FETCH_FAILED', { cause: new Error(`status ${status}`) });
  }
  const declared = Number(response.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limits.maxBytes) {
    response.destroy();
    throw new AppError('RELEASE_FILE_TOO_LARGE');
  }
  let checksum: TAdminChecksum;
  try {
    checksum = await checksumOfStream(response, limits.maxBytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('RELEASE_FETCH_FAILED', { cause: error });
  }
  // A body with neither Content-Length nor chunked encoding ends when the connection closes,
  // and Node ends the stream normally even when our timeout closed it: the hash of a cut-off
  // file must not pass for the file's. Only a body that completed counts: its length matched,
  // its last chunk came, or the server closed the connection before the timeout.
  if (signal.aborted || !response.complete || (Number.isFinite(declared) && checksum.sizeBytes !== declared)) {
    throw new AppError('RELEASE_FETCH_FAILED', {
      cause: new Error(signal.aborted ? 'timed out before the body completed' : 'the body did not complete'),
    });
  }
  return checksum;
}
