#!/usr/bin/env node
// A throwaway PostgreSQL database for the end-to-end leg on PostgreSQL:
//   node scripts/pg-database.mjs create <admin-url>   → prints the new database's URL
//   node scripts/pg-database.mjs drop <database-url>
// The admin URL is TEST_DATABASE_URL (any database on the server; trust or password auth).
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

// pg is a dependency of the API workspace (hoisted to the root node_modules).
const pg = createRequire(import.meta.url)('pg');

const [command, url] = process.argv.slice(2);
if (!['create', 'drop'].includes(command) || !url) {
  console.error('usage: pg-database.mjs create <admin-url> | drop <database-url>');
  process.exit(2);
}

async function withClient(connectionString, run) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const target = new URL(url);
if (command === 'create') {
  const name = `llk_e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withClient(url, async (client) => {
    await client.query(`create database ${name}`);
    // A throwaway database needs no durability: commits do not wait for the disk (some 6.5 ms
    // less per commit on the CI machine), for every connection the journeys' API instances open.
    await client.query(`alter database ${name} set synchronous_commit = off`);
  });
  target.pathname = `/${name}`;
  process.stdout.write(`${target.href}\n`);
} else {
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^llk_e2e_[a-z0-9_]+$/.test(name)) {
    console.error(`refusing to drop ${name}: not a database this script created`);
    process.exit(2);
  }
  target.pathname = '/postgres';
  await withClient(target.href, (client) => client.query(`drop database if exists ${name} with (force)`));
}
