// @vitest-environment node
import { NextRequest } from 'next/server';
import { getContractMessages } from '@llk/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const revalidatePath = vi.fn();
vi.mock('next/cache', () => ({ revalidatePath: (...args: unknown[]) => revalidatePath(...args) }));

const { POST } = await import('./route');
const { internalPaths } = await import('@/lib/revalidate-paths');

const SECRET = 's'.repeat(40);

function call(body: unknown, authorization = `Bearer ${SECRET}`, language = 'en'): Promise<Response> {
  const headers = { authorization, 'content-type': 'application/json', 'accept-language': language };
  return POST(
    new NextRequest('http://web.test/api/revalidate', {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

beforeEach(() => vi.stubEnv('REVALIDATE_SECRET', SECRET));
afterEach(() => {
  vi.unstubAllEnvs();
  revalidatePath.mockReset();
});

describe('POST /api/revalidate', () => {
  it('refreshes each public path in all seven languages, and every news list page for /news-1', async () => {
    const res = await call({ paths: ['/info-12', '/news-1', '/notice'] });
    expect(res.status).toBe(200);
    const called = revalidatePath.mock.calls.map((args) => args.join(' '));
    expect(called).toContain('/zh-CN/info/12');
    expect(called).toContain('/ko/info/12');
    expect(called).toContain('/[locale]/(marketing)/news/[page] page');
    expect(called.filter((path) => path.endsWith('/notice'))).toHaveLength(7);
    expect(called).toHaveLength(7 + 1 + 7);
  });

  it('refuses a wrong or missing secret (401) and refreshes nothing', async () => {
    const wrong = await call({ paths: ['/notice'] }, `Bearer ${'x'.repeat(40)}`, 'ja');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ errcode: 40100, errmsg: getContractMessages('ja').errors.unauthorized, data: null });
    expect((await call({ paths: ['/notice'] }, '')).status).toBe(401);
    vi.stubEnv('REVALIDATE_SECRET', '');
    expect((await call({ paths: ['/notice'] }, 'Bearer ')).status).toBe(401);
    expect(revalidatePath).not.toHaveBeenCalled();
  });

  it('refuses a body that is not a list of paths (400) and ignores paths that are no page', async () => {
    const notAList = await call({ paths: 'notice' }, undefined, 'fr');
    expect(notAList.status).toBe(400);
    expect(await notAList.json()).toEqual({ errcode: 40001, errmsg: getContractMessages('fr').errors.validationFailed, data: null });
    const notJson = await call('{"paths": [', undefined, 'ko');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ errcode: 40002, errmsg: getContractMessages('ko').errors.malformedJson, data: null });
    expect((await call({ paths: Array.from({ length: 51 }, () => '/notice') })).status).toBe(400);
    expect(internalPaths('/nowhere')).toEqual([]);
    expect(internalPaths('/')).toContain('/en');
  });
});
