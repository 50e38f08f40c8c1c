import { type App } from '../src/app';

export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/**
 * One thing to measure. `setup` runs once per dialect before the clock starts (create users,
 * log in, …) and returns what `request` needs; `request` builds the i-th request of a client.
 */
export interface Scenario<S = unknown> {
  name: string;
  setup?: (app: App) => Promise<S>;
  request: (state: S, client: number, i: number) => BenchRequest;
  /** Status every answer must have; anything else counts as an error. */
  expectStatus?: number;
}

function scenario<S>(definition: Scenario<S>): Scenario {
  return definition as Scenario;
}

// Later issues append their scenarios (log-in, order creation, …) here.
export const scenarios: Scenario[] = [
  scenario({
    name: 'GET /health',
    request: () => ({ method: 'GET', path: '/health' }),
    expectStatus: 200,
  }),
  // content (issue 4): the public pages' calls, uncached (no If-None-Match), on seeded data
  scenario({
    name: 'GET /news/list',
    request: (_state, _client, i) => ({ method: 'GET', path: `/news/list?page=${(i % 2) + 1}`, headers: { 'accept-language': 'zh-CN' } }),
    expectStatus: 200,
  }),
  scenario({
    name: 'GET /news/info',
    request: (_state, _client, i) => ({ method: 'GET', path: `/news/info?id=${(i % 16) + 1}`, headers: { 'accept-language': 'en' } }),
    expectStatus: 200,
  }),
  scenario({
    name: 'GET /download/list',
    request: () => ({ method: 'GET', path: '/download/list', headers: { 'accept-language': 'ja' } }),
    expectStatus: 200,
  }),
  scenario({
    name: 'GET /search (zh-CN, CJK bigrams)',
    request: (_state, _client, i) => ({
      method: 'GET',
      path: `/search?q=${encodeURIComponent(['屏幕墙', '远程控制', '全球通道', '会员'][i % 4] ?? '')}`,
      headers: { 'accept-language': 'zh-CN' },
    }),
    expectStatus: 200,
  }),
  scenario({
    name: 'GET /search (en, words)',
    request: (_state, _client, i) => ({
      method: 'GET',
      path: `/search?q=${encodeURIComponent(['screen wall', 'remote control', 'global channel', 'gamepad'][i % 4] ?? '')}`,
      headers: { 'accept-language': 'en' },
    }),
    expectStatus: 200,
  }),
];
