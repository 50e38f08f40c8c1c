#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, then
// runs the API (port API_PORT, default 4000; SQLite migrated and seeded on start) and the web
// (port PORT, default 3000) together. `--dev` runs both in watch mode instead. `--prod`
// (`npm run start:prod`) runs them with NODE_ENV=production and the API's compiled build,
// building it first when it is missing or older than its sources.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

process.env.NEXT_TELEMETRY_DISABLED ??= '1';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const prod = process.argv.includes('--prod');
if (prod) process.env.NODE_ENV = 'production';
const webPort = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '4000';
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.next')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function webBuildIsStale() {
  const buildId = path.join(root, 'apps/web/.next/BUILD_ID');
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  const sources = ['apps/web/src', 'apps/web/messages', 'apps/web/public', 'apps/web/next.config.ts', 'packages/contracts', 'content'];
  return sources.some((p) => {
    const full = path.join(root, p);
    if (!existsSync(full)) return false;
    return (statSync(full).isDirectory() ? newestMtime(full) : statSync(full).mtimeMs) > built;
  });
}

function apiBuildIsStale() {
  const server = path.join(root, 'apps/api/dist/server.mjs');
  if (!existsSync(server)) return true;
  const built = statSync(server).mtimeMs;
  return ['apps/api/src', 'apps/api/build.mjs', 'apps/api/package.json', 'packages/contracts'].some((p) => {
    const full = path.join(root, p);
    return (statSync(full).isDirectory() ? newestMtime(full) : statSync(full).mtimeMs) > built;
  });
}

if (prod && apiBuildIsStale()) {
  console.info('Building the API (first start or changed sources)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@llk/api'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!dev && webBuildIsStale()) {
  console.info('Building the web app (first start or changed sources)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@llk/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The web forwards /api/* from loopback with X-Forwarded-For set to the visitor's address (its
// server never passes on one the visitor made up): the API believes loopback so its per-IP
// limits see the visitor, not the web server.
const env = {
  ...process.env,
  API_PORT: apiPort,
  API_URL: process.env.API_URL ?? `http://127.0.0.1:${apiPort}`,
  TRUST_PROXY: process.env.TRUST_PROXY ?? 'loopback',
};
const children = [
  prod
    ? spawn(process.execPath, ['--enable-source-maps', 'dist/server.mjs'], { cwd: path.join(root, 'apps/api'), env, stdio: 'inherit' })
    : spawn(bin('tsx'), dev ? ['watch', 'src/server.ts'] : ['src/server.ts'], { cwd: path.join(root, 'apps/api'), env, stdio: 'inherit' }),
  // server.mjs: `next start` that believes X-Forwarded-* only from WEB_TRUST_PROXY (apps/web README)
  dev
    ? spawn(bin('next'), ['dev', '-p', webPort], { cwd: path.join(root, 'apps/web'), env, stdio: 'inherit' })
    : spawn(process.execPath, ['server.mjs', '-p', webPort], { cwd: path.join(root, 'apps/web'), env, stdio: 'inherit' }),
];
console.info(`LLK Remote: web http://localhost:${webPort}  API http://localhost:${apiPort} (docs at /docs)`);

let stopping = false;
let exitCode = 0;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
// When one half stops, stop the other; exit once both are gone, non-zero if either failed.
let running = children.length;
for (const child of children) {
  child.on('exit', (code) => {
    if (code) exitCode = exitCode || code;
    stop('SIGTERM');
    if (--running === 0) process.exit(exitCode);
  });
}
