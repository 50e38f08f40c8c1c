#!/usr/bin/env node
// First-load JavaScript of pages, gzip: fetches each page's HTML from a running web server,
// collects the module scripts it references (nomodule polyfills are skipped: modern browsers
// never load them), gzips each at level 9 and sums. Usage:
//   node scripts/first-load-js.mjs [baseUrl] [path …]   (default http://127.0.0.1:3000 /en)
import { gzipSync } from 'node:zlib';

const [base = 'http://127.0.0.1:3000', ...paths] = process.argv.slice(2);
const pages = paths.length ? paths : ['/en'];
const headers = { cookie: 'llk-lang=zh-CN', 'accept-language': 'zh-CN' };

for (const page of pages) {
  const html = await (await fetch(new URL(page, base), { headers })).text();
  const sources = new Set();
  for (const match of html.matchAll(/<script\b([^>]*)>/g)) {
    const attrs = match[1];
    const src = attrs.match(/\bsrc="([^"]+)"/)?.[1];
    if (src && !/\bnomodule\b/i.test(attrs)) sources.add(src);
  }
  let total = 0;
  for (const src of sources) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  console.info(`${page}: ${sources.size} scripts, ${(total / 1024).toFixed(1)} KiB gzip`);
}
