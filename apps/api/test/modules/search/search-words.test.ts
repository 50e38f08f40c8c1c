import { type TEnvelope, type TSearchResult } from '@llk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../../src/composition/setup/seed';
import { useTestApp } from '../../helper';

// Search by words on the real guide, news and notices (the seed's content/guide): whole words,
// each language's stop-words left out, Intl.Segmenter words for Chinese, Japanese and Korean,
// and results ranked by field, title before headings before body (ADR 0032). SQLite only: the
// ranking SQL is shared with PostgreSQL, which search.test.ts runs.

describe('search by words, on the real content', () => {
  const ctx = useTestApp('sqlite');
  beforeAll(async () => {
    await seedDatabase(ctx.database.db);
  });

  async function search(q: string, lang: string) {
    const res = await ctx.app.inject({ url: `/search?q=${encodeURIComponent(q)}&pageSize=30`, headers: { 'accept-language': lang } });
    expect(res.statusCode).toBe(200);
    return res.json<TEnvelope<TSearchResult>>().data;
  }
  const marked = (hit: TSearchResult['list'][number]) => hit.highlights.map(([start, end]) => hit.snippet.slice(start, end));
  /** the marks that start or end inside a word: a letter or digit right before or after them */
  const inside = (hit: TSearchResult['list'][number]) =>
    hit.highlights
      .filter(([start, end]) => /[\p{L}\p{N}]/u.test(hit.snippet[start - 1] ?? '') || /[\p{L}\p{N}]/u.test(hit.snippet[end] ?? ''))
      .map(([start, end]) => hit.snippet.slice(Math.max(0, start - 3), end + 3));

  it('"mot de passe oublié": the pages about a forgotten password, not every page with "de"', async () => {
    const result = await search('mot de passe oublié', 'fr');
    // the three French pages that hold mot, passe and oublié as words (28 while "de" counted)
    expect(result.total).toBe(3);
    expect(result.list.map((hit) => hit.url).sort()).toEqual([
      '/guide/account/reset-password',
      '/guide/account/sign-up',
      '/guide/support/troubleshooting/sign-in-problems',
    ]);
    // the one with the words in its title first
    expect(result.list[0]).toMatchObject({ url: '/guide/account/reset-password', title: 'Réinitialiser le mot de passe' });
    for (const hit of result.list) for (const word of marked(hit)) expect(['mot', 'passe', 'oublié']).toContain(word.toLowerCase());
  });

  it('marks whole words only: "mot" is never the middle of "Remote", "de" never the end of "code", no lone "d"', async () => {
    const mot = await search('mot', 'fr');
    expect(mot.total).toBeGreaterThan(0);
    for (const hit of mot.list) {
      expect(marked(hit).map((word) => word.toLowerCase())).toEqual(marked(hit).map(() => 'mot'));
      expect(inside(hit)).toEqual([]);
    }
    expect(mot.list.some((hit) => hit.snippet.includes('Remote'))).toBe(true);
    const code = await search('code de connexion', 'fr');
    expect(code.total).toBeGreaterThan(0);
    for (const hit of code.list) {
      for (const word of marked(hit)) expect(['code', 'connexion']).toContain(word.toLowerCase());
      expect(inside(hit)).toEqual([]);
    }
  });

  it('Japanese and Chinese by Intl.Segmenter words: ビットレート is found and marked whole; 程控 is no word of 远程控制', async () => {
    const ja = await search('ビットレート', 'ja');
    expect(ja.total).toBeGreaterThan(0);
    expect(ja.list.some((hit) => marked(hit).includes('ビットレート'))).toBe(true);
    const zh = await search('远程控制', 'zh-CN');
    expect(zh.total).toBeGreaterThan(0);
    for (const hit of zh.list) for (const word of marked(hit)) expect(word).toMatch(/^(远程|控制)+$/);
  });
});
