import { ConfigError, loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateAndSeed } from './migrate-and-seed';
import { migrateToLatest } from '../db/migrate';
import { withStartupLock } from '../db/startup-lock';

// `npm run db:migrate` / `npm run db:seed [-- --force]` against DATABASE_URL.
// Seeding migrates first, so it also works on a brand-new database.

async function main(command: string | undefined, flags: string[]): Promise<void> {
  if (command !== 'migrate' && command !== 'seed') {
    console.error('usage: tsx src/setup/cli.ts <migrate|seed> [--force]');
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const handle = createDatabase(config.database);
  try {
    if (command === 'migrate') {
      const applied = await withStartupLock(handle, migrateToLatest);
      console.info(`${handle.description}: ${describeMigrations(applied)}`);
      return;
    }
    const { migrations, seed } = await migrateAndSeed(handle, { force: flags.includes('--force') });
    console.info(`${handle.description}: ${describeMigrations(migrations)}`);
    console.info(`seed version ${seed.version}: ${seed.applied ? 'loaded' : 'already loaded, nothing to do'}`);
  } finally {
    await handle.destroy();
  }
}

function describeMigrations(applied: string[]): string {
  return applied.length ? `applied ${applied.join(', ')}` : 'schema already up to date';
}

main(process.argv[2], process.argv.slice(3)).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
});
