'use client';

import type { TAdminSupportPage, TSupportState } from '@llk/contracts';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useStaffZone } from '@/features/admin/shell/use-staff-zone';
import { formatDateTime } from '@/lib/format';
import { StateBadge } from './state-badge';

// /admin/support (support.manage): the threads, newest first, by state (new ones first: the inbox
// opens on them) and assignee, each with its topic, sender, preview and answers so far.

export type TInboxAssignee = 'me' | 'none' | null;
const STATES: readonly TSupportState[] = ['NEW', 'ANSWERED', 'CLOSED'];

function hrefOf(state: TSupportState | null, assignee: TInboxAssignee, before?: string): string {
  const params = new URLSearchParams({
    ...(state ? (state === 'NEW' ? {} : { state }) : { state: 'all' }),
    ...(assignee ? { assignee } : {}),
    ...(before ? { before } : {}),
  });
  const text = params.toString();
  return text ? `/admin/support?${text}` : '/admin/support';
}

function Filter({ label, options }: { label: string; options: { key: string; text: string; href: string; current: boolean }[] }) {
  return (
    <nav className="flex flex-wrap gap-2 text-sm" aria-label={label}>
      {options.map((option) => (
        <Link
          key={option.key}
          href={option.href}
          aria-current={option.current ? 'page' : undefined}
          className={`rounded-full border px-3 py-1 ${option.current ? 'border-brand-600 bg-brand-50 font-medium text-brand-700' : 'border-line text-ink-soft'}`}
        >
          {option.text}
        </Link>
      ))}
    </nav>
  );
}

export function InboxScreen({ page, state, assignee }: { page: TAdminSupportPage; state: TSupportState | null; assignee: TInboxAssignee }) {
  const zone = useStaffZone();
  const t = useTranslations('AdminSupport');
  const locale = useLocale();
  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">{t('title')}</h1>
      <div className="mt-4 flex flex-col gap-2">
        <Filter
          label={t('filterState')}
          options={[...STATES, null].map((value) => ({
            key: value ?? 'all',
            text: value ? t(`states.${value}`) : t('all'),
            href: hrefOf(value, assignee),
            current: value === state,
          }))}
        />
        <Filter
          label={t('filterAssignee')}
          options={(
            [
              [null, t('all')],
              ['me', t('assignedToMe')],
              ['none', t('unassigned')],
            ] as const
          ).map(([value, text]) => ({ key: value ?? 'all', text, href: hrefOf(state, value), current: value === assignee }))}
        />
      </div>
      {page.items.length === 0 ? (
        <p className="mt-6 text-ink-muted">{t('empty')}</p>
      ) : (
        <ul className="mt-4 grid gap-3" data-testid="support-threads">
          {page.items.map((item) => (
            <li key={item.id}>
              <Link
                href={`/admin/support/${item.id}`}
                className="block rounded-card border border-line bg-canvas p-4 hover:border-brand-600"
              >
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-mono text-xs text-ink-muted">{item.reference}</span>
                  <span className="font-semibold text-ink">{t(`topics.${item.topic}`)}</span>
                  <StateBadge state={item.state} />
                  <span className="text-sm break-all text-ink-soft">{item.email}</span>
                </div>
                <p className="mt-2 line-clamp-2 text-sm break-words text-ink">{item.preview}</p>
                <p className="mt-2 text-xs text-ink-muted">
                  {formatDateTime(item.createdAt, locale, zone)} · {t('replies', { count: item.replies })} · {t('assignee')}:{' '}
                  {item.assignee?.username ?? t('nobody')}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {page.next ? (
        <Link className="mt-3 inline-block text-sm text-brand-700 underline" href={hrefOf(state, assignee, page.next)}>
          {t('next')}
        </Link>
      ) : null}
    </section>
  );
}
