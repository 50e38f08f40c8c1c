'use client';

import type { TAdminAuditEntry, TAdminAuditPage } from '@llk/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Table, TableBody, TableHead, Td, Th } from '@/components/ui/table';
import { useStaffZone } from '@/features/admin/shell/use-staff-zone';
import { formatDateTime } from '@/lib/format';
import { adminApi } from '@/features/admin/shell/admin-api';
import { auditDiff } from '@/features/admin/audit/audit-diff';
import { useAction } from '@/lib/use-action';

// The audit log (audit.read): search by staff, action, target and time range; keyset pages
// ("more" passes the last page's `next` as `before`); the same search as a CSV download.

type TFilter = Partial<Record<'staff' | 'action' | 'targetType' | 'targetId' | 'from' | 'to', string>>;

/** The form's values as the API's filter: empty fields left out, local times as UTC instants. */
function filterOf(form: FormData): TFilter {
  const filter: TFilter = {};
  for (const key of ['staff', 'action', 'targetType', 'targetId'] as const) {
    const value = String(form.get(key) ?? '').trim();
    if (value) filter[key] = value;
  }
  for (const key of ['from', 'to'] as const) {
    const value = String(form.get(key) ?? '');
    const time = value ? new Date(value) : null;
    if (time && !Number.isNaN(time.getTime())) filter[key] = time.toISOString();
  }
  return filter;
}

/** Fields shown in a row; the rest are in the raw record (a creation lists every field). */
const SHOWN_FIELDS = 6;

/** The fields the action changed, each old (struck) → new; the whole record on demand. */
function Change({ entry }: { entry: TAdminAuditEntry }) {
  const t = useTranslations('AdminAudit');
  const all = auditDiff(entry.before, entry.after);
  const fields = all.slice(0, SHOWN_FIELDS);
  return (
    <div className="flex min-w-56 max-w-md flex-col gap-1">
      {fields.length === 0 ? <span className="text-ink-muted">{t('noChange')}</span> : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5" data-testid="audit-diff">
        {fields.map((field) => (
          <div key={field.field} className="contents">
            <dt className="font-mono text-xs text-ink-muted">{field.field}</dt>
            <dd className="min-w-0 text-xs [overflow-wrap:anywhere]">
              {field.before !== null ? (
                <>
                  <span className="sr-only">{t('was')} </span>
                  <del className="text-danger">{field.before}</del>
                </>
              ) : null}
              {field.before !== null && field.after !== null ? <span aria-hidden="true"> → </span> : null}
              {field.after !== null ? (
                <>
                  <span className="sr-only"> {t('now')} </span>
                  <ins className="font-medium text-success no-underline">{field.after}</ins>
                </>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      {all.length > fields.length ? (
        <span className="text-xs text-ink-muted">{t('moreFields', { count: all.length - fields.length })}</span>
      ) : null}
      {entry.before !== null || entry.after !== null ? (
        <details className="text-xs">
          <summary className="cursor-pointer text-ink-muted">{t('raw')}</summary>
          <pre
            className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap rounded-control bg-surface p-2 font-mono [overflow-wrap:anywhere]"
            data-testid="audit-raw"
          >
            {JSON.stringify({ before: rawOf(entry.before), after: rawOf(entry.after) }, null, 2)}
          </pre>
        </details>
      ) : null}
    </div>
  );
}

function rawOf(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

export function AuditBrowser({ initial }: { initial: TAdminAuditPage }) {
  const zone = useStaffZone();
  const t = useTranslations('AdminAudit');
  const locale = useLocale();
  const [items, setItems] = useState(initial.items);
  const [next, setNext] = useState(initial.next);
  const [filter, setFilter] = useState<TFilter>({});
  const { busy, run } = useAction();

  async function load(query: TFilter, before?: string) {
    // toasted
    await run(async () => {
      const page = await adminApi.get<TAdminAuditPage>('/audit', { query: { ...query, ...(before ? { before } : {}) } });
      setItems((list) => (before ? [...list, ...page.items] : page.items));
      setNext(page.next);
    });
  }

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = filterOf(new FormData(event.currentTarget));
    setFilter(query);
    void load(query);
  }

  const csvHref = `/admin/api/audit/export${Object.keys(filter).length ? `?${new URLSearchParams(filter as Record<string, string>).toString()}` : ''}`;
  const input = (props: { className: string }) => `${props.className} h-11`;

  return (
    <div className="mt-6 flex flex-col gap-6">
      <form
        aria-label={t('filters')}
        onSubmit={search}
        onReset={() => {
          setFilter({});
          void load({});
        }}
        className="grid gap-4 rounded-card border border-line bg-canvas p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <Field label={t('staff')}>
          {(props) => <input {...props} name="staff" autoCapitalize="none" spellCheck={false} className={input(props)} />}
        </Field>
        <Field label={t('action')}>
          {(props) => (
            <input {...props} name="action" autoCapitalize="none" spellCheck={false} placeholder="staff.create" className={input(props)} />
          )}
        </Field>
        <Field label={t('targetType')}>
          {(props) => (
            <input {...props} name="targetType" autoCapitalize="none" spellCheck={false} placeholder="order" className={input(props)} />
          )}
        </Field>
        <Field label={t('target')}>{(props) => <input {...props} name="targetId" spellCheck={false} className={input(props)} />}</Field>
        <Field label={t('from')}>{(props) => <input {...props} name="from" type="datetime-local" className={input(props)} />}</Field>
        <Field label={t('to')}>{(props) => <input {...props} name="to" type="datetime-local" className={input(props)} />}</Field>
        <div className="flex flex-wrap items-end gap-2">
          <Button type="submit" disabled={busy}>
            {t('search')}
          </Button>
          <Button type="reset" variant="secondary">
            {t('reset')}
          </Button>
          <a href={csvHref} className={buttonClass({ variant: 'outline', size: 'sm' })} download>
            {t('export')}
          </a>
        </div>
      </form>

      {items.length === 0 ? (
        <p className="text-ink-muted">{busy ? t('loading') : t('empty')}</p>
      ) : (
        <Table testId="audit-table">
          <TableHead>
            <Th>{t('columns.at')}</Th>
            <Th>{t('columns.staff')}</Th>
            <Th>{t('columns.action')}</Th>
            <Th>{t('columns.target')}</Th>
            <Th>{t('columns.change')}</Th>
            <Th className="min-w-32">{t('columns.reason')}</Th>
            <Th>{t('columns.ip')}</Th>
          </TableHead>
          <TableBody>
            {items.map((entry) => (
              <tr key={entry.id} data-testid="audit-row">
                <Td className="whitespace-nowrap">{formatDateTime(entry.at, locale, zone)}</Td>
                <Td>{entry.staffUsername ?? (entry.staffId ? entry.staffId : t('commandLine'))}</Td>
                <Td className="whitespace-nowrap font-mono text-xs">{entry.action}</Td>
                <Td className="font-mono text-xs">{[entry.targetType, entry.targetId].filter(Boolean).join(' ')}</Td>
                <Td className="align-top">
                  <Change entry={entry} />
                </Td>
                <Td className="max-w-xs break-words">{entry.reason}</Td>
                <Td className="whitespace-nowrap font-mono text-xs">{entry.ip}</Td>
              </tr>
            ))}
          </TableBody>
        </Table>
      )}
      {next ? (
        <div>
          <Button variant="secondary" disabled={busy} onClick={() => void load(filter, next)}>
            {busy ? t('loading') : t('more')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
