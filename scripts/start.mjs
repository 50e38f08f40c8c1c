#!/usr/bin/env node
// `npm start`: runs the API (port API_PORT, default 4000; SQLite migrated and seeded on start),
// waits until it answers, builds the web app when its build is missing, older than its sources
// or made for another public origin, then runs the web (port PORT, default 3000). The API comes
// first so the build's static pages (downloads, cloud-PC plans, pricing) carry the seeded
// content rather than their "being refreshed" fallbacks. `--dev` runs both in watch mode;
// `--prod` (`npm run start:prod`) runs them with NODE_ENV=production and the API's compiled
// build, building it first when it is missing or older than its sources.
// Both listen on loopback only (127.0.0.1 and ::1) unless HOST / API_HOST name other
// interfaces; every link the product prints starts with PUBLIC_ORIGIN (http://localhost:$PORT).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

process.env.NEXT_TELEMETRY_DISABLED ??= '1';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const prod = process.argv.includes('--prod');
if (prod) process.env.NODE_ENV = 'production';
const webPort = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '4000';
const publicOrigin = (process.env.PUBLIC_ORIGIN ?? process.env.WEB_ORIGIN ?? `http://localhost:${webPort}`).replace(/\/+$/, '');
const siteUrl = process.env.NEXT_PUBLIC_SITE_URL ?? publicOrigin;
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const distDir = path.join(root, 'apps/web', process.env.NEXT_DIST_DIR || '.next');
/** What a build was made for (NEXT_PUBLIC_* are inlined): a different origin needs a new build. */
const buildStamp = path.join(distDir, 'LLK_BUILD');

/** The address the web reaches the API on: loopback, unless API_HOST binds one address only. */
function apiUrl() {
  const hosts = (process.env.API_HOST ?? 'localhost')
    .split(',')
    .map((host) => host.trim())
    .filter(Boolean);
  const reachableOnLoopback = hosts.length === 0 || hosts.some((host) => ['localhost', '0.0.0.0', '::', '127.0.0.1'].includes(host));
  const host = reachableOnLoopback ? '127.0.0.1' : hosts[0];
  return `http://${host.includes(':') ? `[${host}]` : host}:${apiPort}`;
}

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
  const buildId = path.join(distDir, 'BUILD_ID');
  if (!existsSync(buildId) || !existsSync(buildStamp)) return true;
  if (readFileSync(buildStamp, 'utf8') !== siteUrl) return true;
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

// The web forwards /api/* from loopback with X-Forwarded-For set to the visitor's address (its
// server never passes on one the visitor made up): the API believes loopback so its per-IP
// limits see the visitor, not the web server.
const env = {
  ...process.env,
  API_PORT: apiPort,
  API_URL: process.env.API_URL ?? apiUrl(),
  TRUST_PROXY: process.env.TRUST_PROXY ?? 'loopback',
  PUBLIC_ORIGIN: publicOrigin,
  NEXT_PUBLIC_SITE_URL: siteUrl,
};

const children = [];
let stopping = false;
let exitCode = 0;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  if (children.length === 0) process.exit(exitCode);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

// When one half stops, stop the other; exit once all are gone, non-zero if any failed.
function run(command, args, cwd) {
  const child = spawn(command, args, { cwd: path.join(root, cwd), env, stdio: 'inherit' });
  children.push(child);
  child.on('exit', (code) => {
    if (code) exitCode = exitCode || code;
    stop('SIGTERM');
    if (children.every((one) => one.exitCode !== null || one.signalCode !== null)) process.exit(exitCode);
  });
  return child;
}

/** Resolves once the API answers /health (migrated and seeded), or exits with the API. */
async function apiReady(api) {
  for (;;) {
    if (stopping || api.exitCode !== null || api.signalCode !== null) return false;
    try {
      const response = await fetch(`${env.API_URL}/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

if (dev) {
  run(bin('tsx'), ['watch', 'src/composition/server.ts'], 'apps/api');
  run(bin('next'), ['dev', '-p', webPort, '-H', process.env.HOST ?? 'localhost'], 'apps/web');
} else {
  const api = prod
    ? run(process.execPath, ['--enable-source-maps', 'dist/server.mjs'], 'apps/api')
    : run(bin('tsx'), ['src/composition/server.ts'], 'apps/api');
  if (await apiReady(api)) {
    if (webBuildIsStale()) {
      console.info('Building the web app (first start, changed sources or another PUBLIC_ORIGIN)…');
      const result = spawnSync('npm', ['run', 'build', '-w', '@llk/web'], { cwd: root, env, stdio: 'inherit' });
      if (result.status !== 0) {
        exitCode = result.status ?? 1;
        stop('SIGTERM');
      } else writeFileSync(buildStamp, siteUrl);
    }
    // server.mjs: `next start` that believes X-Forwarded-* only from WEB_TRUST_PROXY and serves
    // development-only pages to loopback visitors only (apps/web README)
    if (!stopping) run(process.execPath, ['server.mjs', '-p', webPort], 'apps/web');
  }
}
if (!stopping) console.info(`LLK Remote: web ${publicOrigin}  API ${env.API_URL} (docs at /docs)`);
