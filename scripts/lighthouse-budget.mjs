#!/usr/bin/env node
// Performance and accessibility budgets of the public site, against a running
// `npm start` (server.mjs, and its API): Lighthouse 12 mobile preset (simulated throttling) on the home,
// download, pricing and guide pages in zh-CN, en and ja, plus axe-core in the same Chromium and
// the first-load JS of each page (gzip, like scripts/first-load-js.mjs). Prints a table and
// exits 1 when a figure misses its budget. Not part of `npm test` (it takes minutes).
//
//   npm run budget                       # http://127.0.0.1:3000
//   node scripts/lighthouse-budget.mjs http://127.0.0.1:3631 [/en/download …]
//   CHROME_PATH=/usr/bin/chromium (default)   BUDGET_RUNS=3 (Lighthouse runs per page; the median counts)
// Performance is measured with simulated throttling, so a busy machine lowers it: the median of
// several runs after a warm-up request keeps one slow run from failing the budget.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const BUDGET = { performance: 95, accessibility: 95, 'best-practices': 95, seo: 95, cls: 0.01, jsKiB: 144 };
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const ALL_LOCALES = [
  ['zh-CN', ''],
  ['zh-TW', '/zh-tw'],
  ['en', '/en'],
  ['es', '/es'],
  ['fr', '/fr'],
  ['ja', '/ja'],
  ['ko', '/ko'],
];
// BUDGET_LOCALES=all (or a list: en,ko) for every language; zh-CN, en and ja by default
const wanted = (process.env.BUDGET_LOCALES ?? 'zh-CN,en,ja').split(',');
const LOCALES = ALL_LOCALES.filter(([locale]) => wanted.includes('all') || wanted.includes(locale));
// The landing pages (home, download, pricing, guide, cloud PC and a guide topic), plus a
// guide topic with section navigation.
const PAGES = [
  '/',
  '/download',
  '/pricing',
  '/guide',
  '/cloudPc',
  '/guide/purchase-benefits/membership',
  '/guide/remote-control/input-devices/gamepad',
];

const [base = 'http://127.0.0.1:3000', ...only] = process.argv.slice(2);
const runs = Math.max(1, Number(process.env.BUDGET_RUNS ?? 3));
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Every page in every locale: [locale, path as visited]; the unprefixed one is zh-CN. */
const targets = LOCALES.flatMap(([locale, prefix]) =>
  PAGES.map((page) => [locale, page === '/' ? prefix || '/' : `${prefix}${page}`]),
).filter(([, path]) => only.length === 0 || only.includes(path));

async function firstLoadJsKiB(url, cookie) {
  const html = await (await fetch(url, { headers: { cookie } })).text();
  const sources = new Set();
  for (const match of html.matchAll(/<script\b([^>]*)>/g)) {
    const src = match[1].match(/\bsrc="([^"]+)"/)?.[1];
    if (src && !/\bnomodule\b/i.test(match[1])) sources.add(src);
  }
  let total = 0;
  for (const src of sources) total += gzipSync(Buffer.from(await (await fetch(new URL(src, url))).arrayBuffer()), { level: 9 }).length;
  return total / 1024;
}

async function runLighthouse(url, port, cookie) {
  const results = [];
  for (let i = 0; i < runs; i += 1) {
    const { lhr } = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // The language cookie keeps an unprefixed URL in zh-CN (no first-visit redirect).
      extraHeaders: { Cookie: cookie },
    });
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    results.push({
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? 0,
      failing: Object.values(lhr.categories)
        .filter((category) => category.id !== 'performance')
        .flatMap((category) =>
          category.auditRefs.filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id),
        ),
    });
  }
  // median run by performance score
  return results.sort((a, b) => a.performance - b.performance)[Math.floor(results.length / 2)];
}

async function runAxe(browser, url, locale) {
  const context = await browser.newContext({ bypassCSP: true }); // axe is injected as an inline script
  await context.addCookies([{ name: 'llk-lang', value: locale, url }]);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
  });
  await context.close();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
const rows = [];
let failed = false;
try {
  for (const [locale, path] of targets) {
    const url = new URL(path, base).href;
    const cookie = `llk-lang=${locale}`;
    const jsKiB = await firstLoadJsKiB(url, cookie); // also warms the server and its caches
    const lh = await runLighthouse(url, chrome.port, cookie);
    const axe = await runAxe(browser, url, locale);
    const misses = [
      ...['performance', 'accessibility', 'best-practices', 'seo'].filter((id) => lh[id] < BUDGET[id]).map((id) => `${id} ${lh[id]}`),
      ...(lh.cls > BUDGET.cls ? [`CLS ${lh.cls.toFixed(3)}`] : []),
      ...(jsKiB > BUDGET.jsKiB ? [`JS ${jsKiB.toFixed(1)} KiB`] : []),
      ...axe.map((v) => `axe ${v.impact} ${v.id} (${v.nodes})`),
    ];
    failed ||= misses.length > 0;
    rows.push({
      page: path,
      locale,
      perf: lh.performance,
      a11y: lh.accessibility,
      bp: lh['best-practices'],
      seo: lh.seo,
      cls: lh.cls.toFixed(3),
      lcp: `${Math.round(lh.lcpMs)} ms`,
      tbt: `${Math.round(lh.tbtMs)} ms`,
      'js KiB': jsKiB.toFixed(1),
      axe: axe.length,
      misses: misses.join('; ') || (lh.failing.length ? `ok (minor: ${lh.failing.join(', ')})` : 'ok'),
    });
    console.info(`${path} (${locale}) done`);
  }
} finally {
  await browser.close().catch(() => {});
  await chrome.kill();
}

console.info(
  `\nBudgets: performance/accessibility/best-practices/SEO ≥ ${BUDGET.performance}, CLS ≤ ${BUDGET.cls}, first-load JS ≤ ${BUDGET.jsKiB} KiB gzip, no serious/critical axe violations. Lighthouse mobile preset, median of ${runs} run(s) per page.`,
);
const columns = Object.keys(rows[0] ?? {});
const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => String(row[column]).length)));
const line = (cells) => `| ${cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ')} |`;
console.info(
  [line(columns), line(widths.map((w) => '-'.repeat(w))), ...rows.map((row) => line(columns.map((column) => row[column])))].join('\n'),
);
if (failed) {
  console.error('Budget missed.');
  process.exit(1);
}
