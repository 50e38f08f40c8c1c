import { ErrorCode, getContractMessages, localeFromAcceptLanguage } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM with JSDoc types, run by node directly (server.mjs)
import { CODES, localeOf, refusalFor } from '../server/refuse.mjs';

type TRefusal = { status: number; headers: Record<string, string>; body: string } | null;
const refuse = refusalFor as (req: { method?: string; url?: string; headers: Record<string, string> }) => TRefusal;

describe('refusalFor (requests Next would answer with a bare 500)', () => {
  it('lets ordinary requests through', () => {
    expect(refuse({ method: 'GET', url: '/en/pricing?x=%20', headers: {} })).toBeNull();
    expect(refuse({ method: 'POST', url: '/api/signup', headers: {} })).toBeNull();
    expect(refuse({ method: 'OPTIONS', url: '/api/order/info/%41', headers: {} })).toBeNull();
  });

  it('answers TRACE on the API forward with 405, Allow and the envelope in the caller’s language', () => {
    const refusal = refuse({ method: 'TRACE', url: '/api/health', headers: { 'accept-language': 'ja' } });
    expect(refusal?.status).toBe(405);
    expect(refusal?.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(JSON.parse(refusal?.body ?? '')).toEqual({
      errcode: ErrorCode.METHOD_NOT_ALLOWED,
      errmsg: getContractMessages('ja').errors.methodNotAllowed,
      data: null,
    });
  });

  it('answers a broken escape on the API forward with 400 BAD_REQUEST', () => {
    const refusal = refuse({ method: 'GET', url: '/api/order/info/%zz?a=1', headers: {} });
    expect(refusal?.status).toBe(400);
    expect(JSON.parse(refusal?.body ?? '')).toEqual({
      errcode: ErrorCode.BAD_REQUEST,
      errmsg: getContractMessages('zh-CN').errors.badRequest,
      data: null,
    });
  });

  it('answers pages in plain text', () => {
    expect(refuse({ method: 'TRACK', url: '/en', headers: {} })).toMatchObject({ status: 405, body: 'Method Not Allowed' });
    expect(refuse({ method: 'GET', url: '/en/%E0%A4%A', headers: {} })).toMatchObject({ status: 400, body: 'Bad Request' });
  });

  it('uses the contracts’ error codes and locale rule', () => {
    expect(CODES).toEqual({ BAD_REQUEST: ErrorCode.BAD_REQUEST, METHOD_NOT_ALLOWED: ErrorCode.METHOD_NOT_ALLOWED });
    const headers = [
      undefined,
      '',
      ' ',
      'ja',
      'de, ko;q=0.5',
      'zh',
      'zh-Hant-TW',
      'zh_CN',
      'zh-Hans-HK',
      'fr;q=0, es;q=0.1',
      '*',
      'en-GB;Q=0.9, ja;q=0.95',
      'x;q=abc, ko',
    ];
    for (const header of headers) expect(localeOf(header), String(header)).toBe(localeFromAcceptLanguage(header));
  });
});
