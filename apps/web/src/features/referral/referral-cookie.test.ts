import { NextRequest, NextResponse } from 'next/server';
import { describe, expect, it } from 'vitest';
import { applyReferralCookie, referralCookieFor } from './referral-cookie';

const request = (url: string) => new NextRequest(new URL(url));

describe('referralCookieFor', () => {
  it('remembers a well-formed ?ref= code for 30 days, upper-cased, httpOnly, on every path', () => {
    expect(referralCookieFor(request('http://localhost:3000/?ref=ab12cd34'))).toEqual({
      name: 'llk_ref',
      value: 'AB12CD34',
      maxAge: 30 * 24 * 3600,
      path: '/',
      sameSite: 'lax',
      httpOnly: true,
      secure: false,
    });
  });

  it('works on any page and language, and marks the cookie Secure over https', () => {
    const cookie = referralCookieFor(request('https://www.llk.example/en/pricing?from=x&ref=ZZZZ9999'));
    expect(cookie).toMatchObject({ value: 'ZZZZ9999', secure: true });
  });

  it('ignores pages without a code and malformed codes', () => {
    for (const url of [
      'http://localhost/',
      'http://localhost/?ref=',
      'http://localhost/?ref=ABC',
      'http://localhost/?ref=AB12CD3O',
      'http://localhost/?ref=%3Cscript%3E',
    ]) {
      expect(referralCookieFor(request(url)), url).toBeNull();
    }
  });
});

describe('applyReferralCookie', () => {
  it('sets the cookie on the proxy response, and nothing without a code', () => {
    const withCode = NextResponse.next();
    applyReferralCookie(request('http://localhost/ja/download?ref=AB12CD34'), withCode);
    const header = withCode.headers.get('set-cookie') ?? '';
    expect(header).toContain('llk_ref=AB12CD34');
    expect(header).toMatch(/Max-Age=2592000/);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=lax/i);

    const without = NextResponse.next();
    applyReferralCookie(request('http://localhost/ja/download'), without);
    expect(without.headers.get('set-cookie')).toBeNull();
  });
});
