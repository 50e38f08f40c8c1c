#!/usr/bin/env node
// The API's module graph, drawn from the code: dependency-cruiser reads apps/api/src/modules
// (.dependency-cruiser.modules.cjs), every import of one module by another is an edge, and the
// graph is written into ARCHITECTURE.md between the module-graph markers, modules that nothing
// stands on first. `node scripts/module-graph.mjs` prints it, `--write` rewrites the block,
// `--check` exits 1 when the committed block is not what the code says
// (packages/contracts/test/generated-docs.test.ts runs the check in `npm test`).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { replaceBetweenMarkers } from './generated-block.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODULES = 'apps/api/src/modules/';

/** Edges `from → to` between module folders, from dependency-cruiser's JSON. */
export function moduleEdges() {
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
      MODULES,
      '--config',
      '.dependency-cruiser.modules.cjs',
      '--output-type',
      'json',
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (!result.stdout) throw new Error(`dependency-cruiser failed: ${result.stderr}`);
  const cruise = JSON.parse(result.stdout);
  const moduleOf = (file) => (file.startsWith(MODULES) ? file.slice(MODULES.length).split('/')[0] : null);
  const edges = new Map();
  const modules = new Set();
  for (const file of cruise.modules) {
    const from = moduleOf(file.source);
    if (!from || from.includes('.')) continue;
    modules.add(from);
    for (const dependency of file.dependencies) {
      const to = moduleOf(dependency.resolved);
      if (!to || to === from || to.includes('.')) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  }
  return { modules: [...modules].sort(), edges };
}

/** Strongly connected groups of more than one module (Tarjan): each is a cycle. */
export function cyclesOf(modules, edges) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (node) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indices.get(next)));
    }
    if (low.get(node) === indices.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of modules) if (!indices.has(node)) visit(node);
  return groups.sort((a, b) => a[0].localeCompare(b[0]));
}

/** The block for ARCHITECTURE.md: one line per module, highest first (nothing imports it), then by name. */
export function renderGraph({ modules, edges }) {
  const cycles = cyclesOf(modules, edges);
  const inCycle = new Map(cycles.flatMap((group) => group.map((member) => [member, group])));
  // height: the longest chain of imports below a module (a cycle counts as one step)
  const height = new Map();
  const heightOf = (node, seen = new Set()) => {
    if (height.has(node)) return height.get(node);
    seen.add(node);
    let best = 0;
    for (const next of edges.get(node) ?? []) {
      if (seen.has(next) || inCycle.get(node)?.includes(next)) continue;
      best = Math.max(best, heightOf(next, seen) + 1);
    }
    seen.delete(node);
    height.set(node, best);
    return best;
  };
  const ordered = [...modules].sort((a, b) => heightOf(b) - heightOf(a) || a.localeCompare(b));
  const edgeCount = [...edges.values()].reduce((sum, targets) => sum + targets.size, 0);
  const width = Math.max(...modules.map((name) => name.length));
  const lines = ordered.map((name) => {
    const targets = [...(edges.get(name) ?? [])].sort();
    return `${name.padEnd(width)} → ${targets.length > 0 ? targets.join(', ') : '(nothing)'}`;
  });
  const cycleText = cycles.length > 0 ? cycles.map((group) => group.join(' ↔ ')).join('; ') : 'none';
  return ['```text', ...lines, '```', '', `${modules.length} modules, ${edgeCount} edges, cycles: ${cycleText}.`].join('\n');
}

const file = path.join(root, 'ARCHITECTURE.md');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const block = renderGraph(moduleEdges());
  const mode = process.argv[2];
  if (mode === '--write' || mode === '--check') {
    const current = readFileSync(file, 'utf8');
    const next = replaceBetweenMarkers(current, 'module-graph', block);
    if (mode === '--write') writeFileSync(file, next);
    else if (next !== current) {
      console.error('ARCHITECTURE.md: the module graph is stale; run `node scripts/module-graph.mjs --write`.');
      process.exit(1);
    }
  } else console.info(block);
}
