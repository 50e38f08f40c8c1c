import { ConfigError, loadConfig } from '../config';
import { createDatabase } from './database';
import { migrateToLatest } from './migrate';
import { seedDatabase } from './seed';

// `npm run db:migrate` / `npm run db:seed [-- --force]` against DATABASE_URL.
// Seeding migrates first, so it also works on a brand-new database.

async function main(command: string | undefined, flags: string[]): Promise<void> {
  if (command !== 'migrate' && command !== 'seed') {
    console.error('usage: tsx src/db/cli.ts <migrate|seed> [--force]');
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const handle = createDatabase(config.database);
  try {
    const applied = await migrateToLatest(handle);
    console.info(`${handle.description}: ${applied.length ? `applied ${applied.join(', ')}` : 'schema already up to date'}`);
    if (command === 'seed') {
      const result = await seedDatabase(handle.db, { force: flags.includes('--force') });
      console.info(`seed version ${result.version}: ${result.applied ? 'loaded' : 'already loaded, nothing to do'}`);
    }
  } finally {
    await handle.destroy();
  }
}

main(process.argv[2], process.argv.slice(3)).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
});
