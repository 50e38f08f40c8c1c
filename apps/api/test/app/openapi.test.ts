import { ErrorCode } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { testDialects, useTestApp } from '../helper';

interface OpenApiDoc {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
}

describe.each(testDialects())('OpenAPI ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);

  it('serves an OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await ctx.app.inject({ url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<OpenApiDoc>();
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info).toMatchObject({ title: 'LLK Remote API', version: '0.1.0' });
    const health = doc.paths['/health']?.get;
    expect(Object.keys(health?.responses ?? {})).toEqual(expect.arrayContaining(['200', '503', '4XX', '5XX']));
    const ok = JSON.stringify(health?.responses['200']?.content?.['application/json']?.schema);
    for (const field of ['errcode', 'errmsg', 'data', 'uptimeSeconds', 'dialect']) expect(ok).toContain(field);
    expect(doc.paths['/openapi.json']).toBeUndefined();
  });

  it('documents the envelope and every error code', async () => {
    const doc = (await ctx.app.inject({ url: '/openapi.json' })).json<OpenApiDoc>();
    expect(doc.info.description).toContain('{ errcode, errmsg, data }');
    for (const [name, code] of Object.entries(ErrorCode)) {
      if (code !== 0) expect(doc.info.description).toContain(`| ${code} | ${name} |`);
    }
  });

  it('serves the interactive docs at /docs', async () => {
    const res = await ctx.app.inject({ url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
