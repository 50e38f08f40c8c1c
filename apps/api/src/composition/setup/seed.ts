import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { seedDir } from '../../paths';
import { findMeta, setMeta } from '../../infrastructure/db/app-meta.repository';
import { type Db } from '../../infrastructure/db/schema';
import { type SeedContext, type SeedStep } from '../../infrastructure/db/seed-step';
import { seedSteps } from './seed-steps';

const ZManifest = z.object({ version: z.number().int().positive() });

export const SEED_VERSION_KEY = 'seed.version';
export const SEED_HASH_KEY = 'seed.hash';

export interface SeedOptions {
  dir?: string;
  /** Run the steps even when the recorded version and content hash already match. */
  force?: boolean;
  steps?: SeedStep[];
}

export interface SeedResult {
  version: number;
  hash: string;
  /** false when the database already held exactly this content */
  applied: boolean;
}

/**
 * Loads content/seed into the database. Idempotent: the seed version (seed.json) and a hash of
 * every seed file are recorded in app_meta, and nothing runs when both match; when content
 * changed, every step reruns in one transaction and upserts, so reruns never duplicate rows.
 */
export async function seedDatabase(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const dir = options.dir ?? seedDir;
  const manifest = ZManifest.parse(readJsonFile(path.join(dir, 'seed.json')));
  const hash = hashFolder(dir);
  const version = manifest.version;

  const [recordedVersion, recordedHash] = await Promise.all([findMeta(db, SEED_VERSION_KEY), findMeta(db, SEED_HASH_KEY)]);
  if (!options.force && recordedVersion === String(version) && recordedHash === hash) {
    return { version, hash, applied: false };
  }

  const context: SeedContext = { dir, readJson: (file) => readJsonFile(path.join(dir, file)) as never };
  await db.transaction().execute(async (trx) => {
    for (const step of options.steps ?? seedSteps) await step.run(trx, context);
    await setMeta(trx, SEED_VERSION_KEY, String(version));
    await setMeta(trx, SEED_HASH_KEY, hash);
  });
  return { version, hash, applied: true };
}

function readJsonFile(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`seed file ${file}: ${(error as Error).message}`, { cause: error });
  }
}

/** sha256 over every file's relative path and bytes, in sorted order. */
function hashFolder(dir: string): string {
  const hash = createHash('sha256');
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  for (const file of files) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(dir, file)))
      .update('\0');
  }
  return hash.digest('hex');
}
