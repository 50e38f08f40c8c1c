import { type Db } from '../../infrastructure/db/schema';
import { newId } from '../../infrastructure/db/dialect';
import { downloadsTables } from './downloads.tables';

export interface ReleaseRow {
  id: string;
  platform: string;
  version: string;
  released_at: string;
  min_os: string;
  store_url: string | null;
}

export interface PackageRow {
  release_id: string;
  chip_type: string;
  format: string;
  file_path: string | null;
  size_bytes: string | number | bigint | null;
  sha256: string | null;
}

const releaseColumns = ['id', 'platform', 'version', 'released_at', 'min_os', 'store_url'] as const;

/** The newest published release of each platform (or of the given ones). */
export async function findCurrentReleases(db: Db, now: string, platforms?: string[]): Promise<ReleaseRow[]> {
  let query = downloadsTables(db)
    .selectFrom('releases as r')
    .select(releaseColumns.map((column) => `r.${column}` as const))
    .where('r.released_at', '<=', now)
    .where('r.published', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('releases as newer')
            .select('newer.id')
            .whereRef('newer.platform', '=', 'r.platform')
            .whereRef('newer.version_code', '>', 'r.version_code')
            .where('newer.released_at', '<=', now)
            .where('newer.published', '=', 1),
        ),
      ),
    );
  if (platforms) query = query.where('r.platform', 'in', platforms);
  return query.orderBy('r.platform').execute();
}

export async function findPackages(db: Db, releaseIds: string[]): Promise<PackageRow[]> {
  if (releaseIds.length === 0) return [];
  return downloadsTables(db)
    .selectFrom('release_packages')
    .select(['release_id', 'chip_type', 'format', 'file_path', 'size_bytes', 'sha256'])
    .where('release_id', 'in', releaseIds)
    .orderBy('sort_order')
    .execute();
}

export async function findNotes(
  db: Db,
  releaseIds: string[],
  locales: string[],
): Promise<{ release_id: string; locale: string; body: string }[]> {
  if (releaseIds.length === 0) return [];
  return downloadsTables(db)
    .selectFrom('release_notes')
    .select(['release_id', 'locale', 'body'])
    .where('release_id', 'in', releaseIds)
    .where('locale', 'in', locales)
    .execute();
}

/** Published releases, newest first, optionally of one platform, with the total count. */
export async function findReleasePage(
  db: Db,
  options: { now: string; platform?: string; limit: number; offset: number },
): Promise<{ rows: ReleaseRow[]; total: number }> {
  let base = downloadsTables(db).selectFrom('releases').where('released_at', '<=', options.now).where('published', '=', 1);
  if (options.platform) base = base.where('platform', '=', options.platform);
  const [rows, count] = await Promise.all([
    base
      .select(releaseColumns)
      .orderBy('released_at', 'desc')
      .orderBy('version_code', 'desc')
      .orderBy('platform')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

// ---- Seeding -------------------------------------------------------------------------------

export interface SeedRelease {
  platform: string;
  version: string;
  versionCode: number;
  releasedAt: string;
  minOs: string;
  storeUrl: string | null;
  packages: { chipType: string; format: string; filePath: string | null; sizeBytes: number | null; sha256: string | null }[];
  notes: { locale: string; body: string }[];
}

/**
 * Makes the release tables hold exactly the seed's releases: upserts each by (platform,
 * version), replaces its packages and notes, and removes releases the seed no longer has.
 * Releases staff created or edited (origin 'staff') are never overwritten or deleted.
 */
export async function replaceReleases(db: Db, releases: SeedRelease[]): Promise<void> {
  const keep = new Set<string>();
  for (const release of releases) {
    const existing = await downloadsTables(db)
      .selectFrom('releases')
      .select(['id', 'origin'])
      .where('platform', '=', release.platform)
      .where('version', '=', release.version)
      .executeTakeFirst();
    if (existing?.origin === 'staff') {
      keep.add(existing.id);
      continue;
    }
    const id = existing?.id ?? newId();
    keep.add(id);
    const values = {
      version_code: release.versionCode,
      released_at: release.releasedAt,
      min_os: release.minOs,
      store_url: release.storeUrl,
    };
    if (existing) await downloadsTables(db).updateTable('releases').set(values).where('id', '=', id).execute();
    else {
      await downloadsTables(db)
        .insertInto('releases')
        .values({
          id,
          platform: release.platform,
          version: release.version,
          ...values,
          published: 1,
          origin: 'seed',
          created_at: release.releasedAt,
        })
        .execute();
    }

    await downloadsTables(db).deleteFrom('release_packages').where('release_id', '=', id).execute();
    await downloadsTables(db).deleteFrom('release_notes').where('release_id', '=', id).execute();
    if (release.packages.length > 0) {
      await downloadsTables(db)
        .insertInto('release_packages')
        .values(
          release.packages.map((pkg, index) => ({
            id: newId(),
            release_id: id,
            chip_type: pkg.chipType,
            format: pkg.format,
            file_path: pkg.filePath,
            size_bytes: pkg.sizeBytes,
            sha256: pkg.sha256,
            sort_order: index,
          })),
        )
        .execute();
    }
    if (release.notes.length > 0) {
      await downloadsTables(db)
        .insertInto('release_notes')
        .values(release.notes.map((note) => ({ release_id: id, locale: note.locale, body: note.body })))
        .execute();
    }
  }
  const stale = (await downloadsTables(db).selectFrom('releases').select('id').where('origin', '=', 'seed').execute())
    .map((row) => row.id)
    .filter((id) => !keep.has(id));
  if (stale.length > 0) {
    await downloadsTables(db).deleteFrom('release_packages').where('release_id', 'in', stale).execute();
    await downloadsTables(db).deleteFrom('release_notes').where('release_id', 'in', stale).execute();
    await downloadsTables(db).deleteFrom('releases').where('id', 'in', stale).execute();
  }
}

// ---- Back office (downloads.admin.ts) ------------------------------------------------------

export interface StaffReleaseRow {
  id: string;
  platform: string;
  version: string;
  released_at: string;
  min_os: string;
  store_url: string | null;
  published: number;
  origin: string;
  created_at: string;
}

const staffColumns = ['id', 'platform', 'version', 'released_at', 'min_os', 'store_url', 'published', 'origin', 'created_at'] as const;

/** Newest first on (created_at, id), after the cut when given. */
export async function findStaffReleasePage(
  db: Db,
  options: { platform?: string | undefined; before?: { at: string; id: string } | undefined; limit: number },
): Promise<StaffReleaseRow[]> {
  let select = downloadsTables(db).selectFrom('releases').select(staffColumns);
  if (options.platform) select = select.where('platform', '=', options.platform);
  const cut = options.before;
  if (cut)
    select = select.where((eb) => eb.or([eb('created_at', '<', cut.at), eb.and([eb('created_at', '=', cut.at), eb('id', '<', cut.id)])]));
  return select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

export async function findStaffRelease(db: Db, id: string): Promise<StaffReleaseRow | undefined> {
  return downloadsTables(db).selectFrom('releases').select(staffColumns).where('id', '=', id).executeTakeFirst();
}

/** Every note of the given releases, in every language. */
export async function findAllNotes(db: Db, releaseIds: string[]): Promise<{ release_id: string; locale: string; body: string }[]> {
  if (releaseIds.length === 0) return [];
  return downloadsTables(db)
    .selectFrom('release_notes')
    .select(['release_id', 'locale', 'body'])
    .where('release_id', 'in', releaseIds)
    .execute();
}

/** Another release of that platform with that version (not `exceptId`). */
export async function findReleaseByVersion(
  db: Db,
  platform: string,
  version: string,
  exceptId?: string,
): Promise<{ id: string } | undefined> {
  let query = downloadsTables(db).selectFrom('releases').select('id').where('platform', '=', platform).where('version', '=', version);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

export type StaffReleaseValues = Pick<StaffReleaseRow, 'platform' | 'version' | 'released_at' | 'min_os' | 'store_url'> & {
  version_code: number;
};

export async function insertStaffRelease(db: Db, row: StaffReleaseValues & { id: string; created_at: string }): Promise<void> {
  await downloadsTables(db)
    .insertInto('releases')
    .values({ ...row, published: 0, origin: 'staff' })
    .execute();
}

/** A staff change: the row becomes origin 'staff' (a reseed leaves it alone). */
export async function updateStaffRelease(db: Db, id: string, values: Partial<StaffReleaseValues> & { published?: number }): Promise<void> {
  await downloadsTables(db)
    .updateTable('releases')
    .set({ ...values, origin: 'staff' })
    .where('id', '=', id)
    .execute();
}

/** Replaces a release's packages (in the given order) and notes. */
export async function replaceReleaseParts(
  db: Db,
  id: string,
  packages: Omit<PackageRow, 'release_id'>[],
  notes: { locale: string; body: string }[],
): Promise<void> {
  await downloadsTables(db).deleteFrom('release_packages').where('release_id', '=', id).execute();
  await downloadsTables(db).deleteFrom('release_notes').where('release_id', '=', id).execute();
  if (packages.length > 0) {
    await downloadsTables(db)
      .insertInto('release_packages')
      .values(packages.map((pkg, index) => ({ id: newId(), release_id: id, ...pkg, sort_order: index })))
      .execute();
  }
  if (notes.length > 0)
    await downloadsTables(db)
      .insertInto('release_notes')
      .values(notes.map((note) => ({ release_id: id, ...note })))
      .execute();
}
