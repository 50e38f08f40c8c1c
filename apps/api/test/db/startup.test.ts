import { afterEach, describe, expect, it } from 'vitest';
import { type App } from '../../src/composition/app';
import { findMeta } from '../../src/infrastructure/db/app-meta.repository';
import { createDatabase, type DatabaseHandle } from '../../src/infrastructure/db/database';
import { migrations } from '../../src/infrastructure/db/migrations';
import { SEED_VERSION_KEY } from '../../src/composition/setup/seed';
import { buildTestApp, createTestDatabase, testDialects, type TestDatabase } from '../helper';

// Instances of a new deployment start at the same moment on an empty database: migrations and
// seeding run as one critical section, so one instance does the work and the others find it done.

describe.each(testDialects())('two instances starting at once on an empty database ($dialect)', ({ dialect }) => {
  let test: TestDatabase | undefined;
  const opened: DatabaseHandle[] = [];
  const apps: App[] = [];

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    for (const handle of opened.splice(0)) await handle.destroy();
    await test?.cleanup();
  });

  /** A second connection (pool) to the same database, as another process would have. */
  function secondHandle(of: TestDatabase): DatabaseHandle {
    const handle =
      dialect === 'sqlite'
        ? createDatabase({ dialect: 'sqlite', file: of.file ?? '' })
        : createDatabase({ dialect: 'postgres', url: process.env.TEST_DATABASE_URL ?? '' }, { schema: of.schema, poolSize: 4 });
    opened.push(handle);
    return handle;
  }

  it('both come up; migrations and seed content are applied once', async () => {
    test = await createTestDatabase(dialect, { migrate: false });
    const logs: Record<string, unknown>[][] = [[], [], []];
    const handles = [test.handle, secondHandle(test), secondHandle(test)];
    const started = await Promise.allSettled(
      handles.map((handle, index) => buildTestApp(handle, { env: { AUTO_MIGRATE: 'true' }, logs: logs[index] })),
    );
    for (const result of started) if (result.status === 'fulfilled') apps.push(result.value);
    expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'up'))).toEqual(['up', 'up', 'up']);

    const ready = logs.flat().filter((line) => line.msg === 'database ready') as { migrations: string[]; seed: { applied: boolean } }[];
    expect(ready).toHaveLength(3);
    expect(ready.flatMap((line) => line.migrations).sort()).toEqual(Object.keys(migrations).sort());
    expect(ready.filter((line) => line.seed.applied)).toHaveLength(1);

    const db = test.handle.db;
    expect(await findMeta(db, SEED_VERSION_KEY)).toMatch(/^\d+$/);
    const releases = await db.selectFrom('releases').select(['platform', 'version']).execute();
    expect(releases.length).toBeGreaterThan(0);
    expect(new Set(releases.map((release) => `${release.platform} ${release.version}`)).size).toBe(releases.length);
  });
});
