#!/usr/bin/env node
// What NODE_ENV=production needs, written into the READMEs from the code that enforces it
// (apps/api/src/composition/production-requirements.ts): the list a production process with an
// empty environment stops with, once as offered by default, once with cards on and once with the
// sandbox on. `node scripts/production-requirements.mjs` prints the table, `--write` rewrites the
// blocks between the production-requirements markers, `--check` exits 1 when one is stale
// (packages/contracts/test/generated-docs.test.ts runs the check in `npm test`).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { replaceBetweenMarkers } from './generated-block.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FILES = ['README.md', 'apps/api/README.md'];

/** Rows `[variable, when, what for]`, in the order the API lists them. */
export async function requirementRows() {
  const { missingForProduction } = await tsImport('../apps/api/src/composition/production-requirements.ts', import.meta.url);
  const split = (line) => {
    const at = line.indexOf(': ');
    return [line.slice(0, at), line.slice(at + 2)];
  };
  const always = missingForProduction({}, { sandbox: false, card: false }).map(split);
  const known = new Set(always.map(([name]) => name));
  const withCards = missingForProduction({}, { sandbox: false, card: true })
    .map(split)
    .filter(([name]) => !known.has(name));
  const withSandbox = missingForProduction({}, { sandbox: true, card: false })
    .map(split)
    .filter(([name]) => !known.has(name));
  return [
    ...always.map(([name, text]) => [name, 'always', text]),
    ...withCards.map(([name, text]) => [name, 'cards on', text]),
    ...withSandbox.map(([name, text]) => [name, 'sandbox on', text]),
  ];
}

export function renderTable(rows) {
  const cell = (text) => text.replaceAll('|', '\\|');
  return [
    '| variable | when | what production needs |',
    '|---|---|---|',
    ...rows.map(([name, when, text]) => `| \`${name}\` | ${when} | ${cell(text)} |`),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const block = renderTable(await requirementRows());
  const mode = process.argv[2];
  if (mode === '--write' || mode === '--check') {
    let stale = false;
    for (const name of FILES) {
      const file = path.join(root, name);
      const current = readFileSync(file, 'utf8');
      const next = replaceBetweenMarkers(current, 'production-requirements', block);
      if (next === current) continue;
      if (mode === '--write') writeFileSync(file, next);
      else {
        console.error(`${name}: the production requirements are stale; run \`node scripts/production-requirements.mjs --write\`.`);
        stale = true;
      }
    }
    if (stale) process.exit(1);
  } else console.info(block);
}
