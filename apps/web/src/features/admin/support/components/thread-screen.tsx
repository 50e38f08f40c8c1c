'use client';

import type { TAdminSupportThread, TSupportState } from '@llk/contracts';
import { isLocale, localeEntries } from '@llk/contracts/locales';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { adminApi } from '@/features/admin/shell/admin-api';
import { ReasonDialog } from '@/features/admin/shell/components/reason-dialog';
import { useStaffZone } from '@/features/admin/shell/use-staff-zone';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { newReplyId } from '@/features/admin/support/reply-id';
import { StateBadge } from './state-badge';

// /admin/support/<id> (support.manage): one thread: who wrote, about what (account, order), the
// message, the answers sent; assign it (or take it), answer by email, change its state with a reason.

const STATES: readonly TSupportState[] = ['NEW', 'ANSWERED', 'CLOSED'];

function Facts({ thread }: { thread: TAdminSupportThread }) {
  const zone = useStaffZone();
  const t = useTranslations('AdminSupport');
  const locale = useLocale();
  const rows: [string, React.ReactNode][] = [
    [t('from'), <span className="break-all">{thread.email}</span>],
    ...(thread.userId
      ? [
          [
            t('account'),
            <Link className="font-mono text-xs text-brand-700 underline" href={`/admin/users/${thread.userId}`}>
              {thread.userId}
            </Link>,
          ] as [string, React.ReactNode],
        ]
      : []),
    ...(thread.orderId
      ? [
          [
            t('order'),
            <Link className="font-mono text-xs text-brand-700 underline" href={`/admin/orders/${thread.orderId}`}>
              {thread.orderId}
            </Link>,
          ] as [string, React.ReactNode],
        ]
      : []),
    // the language the answer is written to the customer in: its own name, not a code
    [t('language'), isLocale(thread.locale) ? localeEntries[thread.locale].name : thread.locale],
    [t('received'), formatDateTime(thread.createdAt, locale, zone)],
    ...(thread.stateNote ? [[t('stateNote'), thread.stateNote] as [string, React.ReactNode]] : []),
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]" data-testid="support-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-muted">{label}</dt>
          <dd className="text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ThreadScreen({ thread: initial, me }: { thread: TAdminSupportThread; me: string }) {
  const zone = useStaffZone();
  const t = useTranslations('AdminSupport');
  const locale = useLocale();
  const [thread, setThread] = useState(initial);
  const [replyId, setReplyId] = useState(newReplyId);
  const [answer, setAnswer] = useState('');
  const [close, setClose] = useState(false);
  const [busy, setBusy] = useState<'reply' | 'assign' | 'state' | null>(null);
  const [changing, setChanging] = useState(false);

  async function act(kind: 'reply' | 'assign' | 'state', call: () => Promise<TAdminSupportThread>, done: string): Promise<boolean> {
    if (busy) return false;
    setBusy(kind);
    try {
      setThread(await call());
      toast.success(done);
      return true;
    } catch {
      // toasted by the client
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function reply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!answer.trim()) return;
    const sent = await act(
      'reply',
      () => adminApi.post<TAdminSupportThread>(`/support/${thread.id}/reply`, { body: { replyId, body: answer.trim(), close } }),
      t('sent'),
    );
    if (sent) {
      setAnswer('');
      setClose(false);
      setReplyId(newReplyId());
    }
  }
  const assign = (staffId: string | null) =>
    void act('assign', () => adminApi.post<TAdminSupportThread>(`/support/${thread.id}/assign`, { body: { staffId } }), t('assigned'));

  return (
    <section>
      <Link href="/admin/support" className="text-sm text-brand-700 underline">
        {t('back')}
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold text-ink">{t(`topics.${thread.topic}`)}</h1>
        <span className="font-mono text-sm text-ink-muted">{thread.reference}</span>
        <StateBadge state={thread.state} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <article aria-labelledby="support-message" className="rounded-card border border-line bg-canvas p-4 sm:p-6">
            <h2 id="support-message" className="sr-only">
              {t('message')}
            </h2>
            <Facts thread={thread} />
            <p className="mt-4 border-t border-line pt-4 whitespace-pre-wrap break-words text-ink" data-testid="support-message">
              {thread.message}
            </p>
          </article>

          <section aria-labelledby="support-answers">
            <h2 id="support-answers" className="text-lg font-semibold text-ink">
              {t('answers')}
            </h2>
            {thread.replyList.length === 0 ? (
              <p className="mt-2 text-sm text-ink-muted">{t('noAnswers')}</p>
            ) : (
              <ol className="mt-3 grid gap-3" data-testid="support-answers">
                {thread.replyList.map((item) => (
                  <li key={item.id} className="rounded-card border border-line bg-surface p-4">
                    <p className="text-xs text-ink-muted">
                      {item.staff.username} · {formatDateTime(item.createdAt, locale, zone)} ·{' '}
                      <span className={item.delivered ? 'text-success' : 'font-medium text-red-700'}>
                        {item.delivered ? t('delivered') : t('notDelivered')}
                      </span>
                    </p>
                    <p className="mt-2 whitespace-pre-wrap break-words text-ink">{item.body}</p>
                  </li>
                ))}
              </ol>
            )}
            <form className="mt-4 grid gap-3" onSubmit={(event) => void reply(event)}>
              <Field label={t('replyLabel')}>
                {(props) => (
                  <textarea
                    {...props}
                    name="answer"
                    rows={6}
                    required
                    maxLength={5000}
                    value={answer}
                    onChange={(event) => setAnswer(event.target.value)}
                    className={`${props.className} py-2`}
                  />
                )}
              </Field>
              <label className="flex items-center gap-2 text-sm text-ink">
                <input type="checkbox" checked={close} onChange={(event) => setClose(event.target.checked)} className="size-4" />
                {t('closeAfter')}
              </label>
              <div>
                <Button type="submit" disabled={busy !== null || !answer.trim()} aria-busy={busy === 'reply'}>
                  {busy === 'reply' ? t('sending') : t('send')}
                </Button>
              </div>
            </form>
          </section>
        </div>

        <aside className="flex flex-col gap-4 rounded-card border border-line bg-canvas p-4 self-start">
          <Field label={t('assignee')}>
            {(props) => (
              <select
                {...props}
                value={thread.assignee?.id ?? ''}
                disabled={busy !== null}
                onChange={(event) => assign(event.target.value || null)}
                className={`${props.className} h-11`}
              >
                <option value="">{t('nobody')}</option>
                {thread.assignable.map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.username}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {thread.assignee?.id !== me ? (
            <Button variant="secondary" disabled={busy !== null} onClick={() => assign(me)}>
              {t('takeIt')}
            </Button>
          ) : null}
          <Button variant="secondary" disabled={busy !== null} onClick={() => setChanging(true)}>
            {t('changeState')}
          </Button>
        </aside>
      </div>

      <ReasonDialog
        open={changing}
        title={t('changeStateTitle', { reference: thread.reference })}
        reasonLabel={t('reason')}
        cancelLabel={t('cancel')}
        confirmLabel={t('save')}
        busy={busy === 'state'}
        onCancel={() => setChanging(false)}
        onConfirm={(reason, form) =>
          void act(
            'state',
            () => adminApi.post<TAdminSupportThread>(`/support/${thread.id}/state`, { body: { state: String(form.get('state')), reason } }),
            t('saved'),
          ).then((ok) => {
            if (ok) setChanging(false);
          })
        }
      >
        <Field label={t('state')}>
          {(props) => (
            <select {...props} name="state" defaultValue={thread.state} className={`${props.className} h-11`}>
              {STATES.map((value) => (
                <option key={value} value={value}>
                  {t(`states.${value}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </ReasonDialog>
    </section>
  );
}
