import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { renderToReadableStream } from 'react-dom/server';

// What the page tests put in place of Next's server entries, once: next-intl's server entry as
// use-intl's translator over the app's real messages (src/i18n/request.ts, so a page gets the
// words Next would give it), where a missing message throws and fails the test.
//   vi.mock('next-intl/server', async () => (await import('./support/next-stubs')).nextIntlServer());

async function messagesOf(locale: string): Promise<Record<string, unknown>> {
  const { default: config } = await import('@/i18n/request');
  const resolved = await (
    config as unknown as (params: { requestLocale: Promise<string> }) => Promise<{ messages: Record<string, unknown> }>
  )({
    requestLocale: Promise.resolve(locale),
  });
  return resolved.messages;
}

/** The module `next-intl/server` as the page tests see it; `getLocale` answers `locale`. */
export async function nextIntlServer(locale = 'en') {
  const { createFormatter, createTranslator } = await import('use-intl/core');
  return {
    getRequestConfig: (factory: unknown) => factory,
    setRequestLocale: () => undefined,
    getLocale: async () => locale,
    getMessages: async ({ locale: asked }: { locale: string }) => messagesOf(asked),
    getFormatter: async ({ locale: asked }: { locale: string }) => createFormatter({ locale: asked, timeZone: 'Asia/Shanghai' }),
    getTranslations: async ({ locale: asked, namespace }: { locale: string; namespace?: string }) =>
      createTranslator({
        locale: asked,
        messages: (await messagesOf(asked)) as never,
        namespace: namespace as never,
        timeZone: 'Asia/Shanghai',
        onError: (error) => {
          throw error;
        },
      }),
  };
}

/**
 * A server component rendered as the server would (streamed to the end), parsed into a document:
 * into `<body>` for a fragment, or as the whole document for a layout that prints `<html>`.
 */
export async function renderHtml(node: ReactNode, into: 'body' | 'document' = 'body'): Promise<Document> {
  const stream = await renderToReadableStream(node);
  await stream.allReady;
  const doc = document.implementation.createHTMLDocument('page');
  const html = await new Response(stream).text();
  if (into === 'document') doc.documentElement.innerHTML = html;
  else doc.body.innerHTML = html;
  return doc;
}

/**
 * `next/navigation` for a page test on `path` (e.g. '/en/account/walls'): notFound() and
 * redirect() throw what the test can catch (NEXT_NOT_FOUND, `NEXT_REDIRECT <url>`), the client
 * hooks answer that path and its locale.
 *   vi.mock('next/navigation', async () => (await import('./support/next-stubs')).nextNavigation('/en/account/walls'));
 */
export function nextNavigation(path: string) {
  return {
    notFound: () => {
      throw new Error('NEXT_NOT_FOUND');
    },
    redirect: (url: string) => {
      throw new Error(`NEXT_REDIRECT ${url}`);
    },
    useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
    useParams: () => ({ locale: path.split('/')[1] }),
    usePathname: () => path,
  };
}
