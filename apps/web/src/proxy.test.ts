import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { proxy } from './proxy';

// The proxy's wiring of the referral cookie (the rule itself: features/referral/referral-cookie.test.ts):
// every kind of page response remembers a followed ?ref=CODE, so the referral survives the
// first-visit language redirect, other pages and the language switch until sign-up.

function request(url: string, headers: Record<string, string> = {}) {
  return new NextRequest(new URL(url), { headers: { 'accept-language': 'en', 'user-agent': 'Mozilla/5.0 Chrome/140', ...headers } });
}

function referralCookie(response: Response): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith('llk_ref='));
}

describe('proxy: referral links', () => {
  it('sets llk_ref on the first-visit language redirect, which keeps ?ref for the next page', async () => {
    const response = await proxy(request('http://localhost:3000/?ref=ab12cd34'));
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('http://localhost:3000/en?ref=ab12cd34');
    expect(referralCookie(response)).toMatch(/^llk_ref=AB12CD34; Path=\/;.* Max-Age=2592000; HttpOnly; SameSite=lax/i);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('llk-lang=en'))).toBe(true);
  });

  it('sets it on a rendered page in any language, and on a not-found page', async () => {
    for (const url of [
      'http://localhost:3000/en/pricing?ref=AB12CD34',
      'http://localhost:3000/ja/download?ref=AB12CD34',
      'http://localhost:3000/en/no-such-page?ref=AB12CD34',
    ]) {
      const response = await proxy(request(url, { cookie: 'llk-lang=en' }));
      expect(response.status, url).not.toBe(307);
      expect(referralCookie(response), url).toMatch(/^llk_ref=AB12CD34;/);
    }
  });

  it('the latest link followed wins; pages without a code leave the cookie alone', async () => {
    const replaced = await proxy(request('http://localhost:3000/en?ref=ZZZZ9999', { cookie: 'llk-lang=en; llk_ref=AB12CD34' }));
    expect(referralCookie(replaced)).toMatch(/^llk_ref=ZZZZ9999;/);
    for (const url of ['http://localhost:3000/en/pricing', 'http://localhost:3000/fr', 'http://localhost:3000/en?ref=not-a-code']) {
      const response = await proxy(request(url, { cookie: 'llk-lang=en; llk_ref=AB12CD34' }));
      expect(referralCookie(response), url).toBeUndefined();
    }
  });
});

describe('proxy: the back office', () => {
  it('lets /admin pages and /admin/api through unprefixed, noindex, without the language cookie', async () => {
    for (const url of ['http://localhost:3000/admin', 'http://localhost:3000/admin/login', 'http://localhost:3000/admin/api/me']) {
      const response = await proxy(request(url, { 'accept-language': 'ja' }));
      expect(response.status, url).toBe(200);
      expect(response.headers.get('location'), url).toBeNull();
      expect(response.headers.get('x-middleware-rewrite'), url).toBeNull();
      expect(response.headers.get('x-robots-tag'), url).toBe('noindex, nofollow');
      expect(
        response.headers.getSetCookie().some((cookie) => cookie.startsWith('llk-lang=')),
        url,
      ).toBe(false);
    }
  });
});
