import { type TLocale, localeEntries } from '@llk/contracts/locales';
import { ApiError } from '@llk/contracts/client';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { resolveLocale } from '@/features/site/page-locale';
import { createServerApi } from '@/lib/api-server';
import { formatDateTime } from '@/lib/format';
import { visitorZone } from '@/lib/visitor-zone-server';
import { isLocalVisitor } from '@/lib/local-visitor';
import { buttonClass } from '@/components/ui/button';
import { Table, TableBody, TableHead, Td, Th } from '@/components/ui/table';

// /dev/outbox: the codes the API's dev outbox "sent" (GET /dev/outbox?to=). The web runs under
// `next start` (NODE_ENV=production) in every mode, so it cannot tell development from
// production itself: the page exists exactly when the API answers that call, which it does
// only in its embedded development mode (never with NODE_ENV=production); otherwise 404.
// The API sees the web's own loopback address, so the page itself refuses visitors from other
// machines (lib/local-visitor.ts) before asking it.

export const dynamic = 'force-dynamic';

interface TOutboxMessage {
  channel: 'SMS' | 'EMAIL';
  to: string;
  purpose: string;
  code: string;
  subject: string | null;
  text: string;
  sentAt: string;
}

type TProps = { params: Promise<{ locale: string }>; searchParams: Promise<{ to?: string | string[] }> };

export async function generateMetadata({ params }: TProps): Promise<Metadata> {
  if (!isLocalVisitor(await headers())) notFound();
  const t = await getTranslations({ locale: await resolveLocale(params), namespace: 'DevOutbox' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

async function listMessages(locale: TLocale, to: string): Promise<TOutboxMessage[]> {
  try {
    const data = await createServerApi(locale).get<{ messages: TOutboxMessage[] }>('/dev/outbox', { query: to ? { to } : {} });
    return data.messages;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
}

export default async function DevOutboxPage({ params, searchParams }: TProps) {
  const locale = await resolveLocale(params);
  if (!isLocalVisitor(await headers())) notFound();
  const raw = (await searchParams).to;
  const to = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  const [t, messages, zone] = await Promise.all([
    getTranslations({ locale, namespace: 'DevOutbox' }),
    listMessages(locale, to),
    visitorZone(),
  ]);
  const tag = localeEntries[locale].iso;

  return (
    <main id="main" className="container-page flex-1 py-10">
      <h1 className="text-2xl font-bold text-ink">{t('heading')}</h1>
      <p className="mt-2 max-w-prose text-ink-muted">{t('lede')}</p>
      <form method="get" className="mt-6 flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          {t('to')}
          <input name="to" defaultValue={to} className="h-10 w-72 max-w-full rounded-control border border-line px-3 font-normal" />
        </label>
        <button type="submit" className={buttonClass({ size: 'header' })}>
          {t('filter')}
        </button>
        {to ? (
          <a href="?" className="h-10 px-2 text-sm leading-10 text-brand-700 underline">
            {t('all')}
          </a>
        ) : null}
      </form>
      {messages.length === 0 ? (
        <p className="mt-8 text-ink-muted">{t('empty')}</p>
      ) : (
        <div className="mt-8">
          <Table>
            <TableHead>
              <Th>{t('sentAt')}</Th>
              <Th>{t('channel')}</Th>
              <Th>{t('recipient')}</Th>
              <Th>{t('purpose')}</Th>
              <Th>{t('code')}</Th>
            </TableHead>
            <TableBody>
              {messages.map((message) => (
                <tr key={`${message.sentAt}-${message.to}-${message.code}`}>
                  <Td className="whitespace-nowrap">{formatDateTime(message.sentAt, tag, zone)}</Td>
                  <Td>{message.channel}</Td>
                  <Td className="break-all">{message.to}</Td>
                  <Td>{message.purpose}</Td>
                  <Td className="font-mono text-base font-semibold tracking-widest">{message.code}</Td>
                </tr>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </main>
  );
}
