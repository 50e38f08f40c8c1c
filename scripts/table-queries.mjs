#!/usr/bin/env node
// Which files query a table (ADR 0038: each table has one owner, whose repository alone queries it).
// Usage: node scripts/table-queries.mjs [repo root] (default: this repository); NO_JOINS=1 counts joins out.
// A file "queries" table T when its code calls one of Kysely's builders on T by name:
//   selectFrom | updateTable | insertInto | deleteFrom | replaceInto | mergeInto   ('T' or 'T as x', also inside an array)
//   innerJoin | leftJoin | rightJoin | fullJoin | crossJoin | join                   ('T' or 'T as x')
// Quotes ' " ` are accepted, whitespace/newlines between "(" and the name too. Comments are stripped first.
// Raw SQL (sql`… from T …`) is counted separately ("raw"): a sql template that names T after from/join/update/into.
// Scope: every *.ts/*.tsx under apps/api/src (the only app with a database); "repository files" are *.repository.ts;
// "non-test source files" are all of them except *.test.ts(x); migrations are shown apart.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
const root = process.argv[2] ?? path.resolve(import.meta.dirname, '..');
const TABLES = ['orders', 'users', 'payments', 'devices'];
const BUILDERS = process.env.NO_JOINS
  ? 'selectFrom|updateTable|insertInto|deleteFrom'
  : 'selectFrom|updateTable|insertInto|deleteFrom|replaceInto|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|join';
const walk = (dir) =>
  readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
const files = walk(path.join(root, 'apps/api/src')).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
const strip = (s) => s.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
const result = Object.fromEntries(TABLES.map((t) => [t, { repo: [], other: [], migrations: [], raw: [] }]));
for (const file of files) {
  const rel = path.relative(root, file);
  const code = strip(readFileSync(file, 'utf8'));
  for (const t of TABLES) {
    const builder = new RegExp(`\\.(?:${BUILDERS})\\(\\s*(?:\\[[^\\]]*?)?['"\`]${t}(?:\\s+as\\s+\\w+)?['"\`]`, 'm');
    const raw = [...code.matchAll(/\bsql(?:<[^>]*>)?`([\s\S]*?)`/g)].some((m) =>
      new RegExp(`\\b(?:from|join|update|into)\\s+"?${t}"?\\b`, 'i').test(m[1]),
    );
    if (builder.test(code)) {
      if (rel.includes('/db/migrations/')) result[t].migrations.push(rel);
      else if (rel.endsWith('.repository.ts')) result[t].repo.push(rel);
      else result[t].other.push(rel);
    }
    if (raw) result[t].raw.push(rel);
  }
}
for (const t of TABLES) {
  const r = result[t];
  console.info(
    `${t}: repository files ${r.repo.length}; non-test source files ${r.repo.length + r.other.length} (+${r.migrations.length} migrations); raw-SQL files ${r.raw.length}`,
  );
  for (const f of r.repo) console.info(`   repo   ${f}`);
  for (const f of r.other) console.info(`   other  ${f}`);
  for (const f of r.migrations) console.info(`   migr   ${f}`);
  for (const f of r.raw) console.info(`   raw    ${f}`);
}
