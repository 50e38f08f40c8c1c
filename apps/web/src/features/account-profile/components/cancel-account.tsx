'use client';

import type { TCancellation, TDeliveryChannel, TSendCodeResult } from '@llk/contracts';
import { useRouter } from 'next/navigation';
import { type ChangeEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CodeField } from '@/features/auth/components/code-field';
import { useAuthForm } from '@/features/auth/use-auth-form';
import { useVisitorZone } from '@/components/local-time';
import { fill, formatDate } from '@/lib/format';
import { loadApi } from '@/lib/load-api';
import { session } from '@/lib/session';
import { toast } from '@/lib/toast';
import { codeError } from '../contact-flow';
import type { TProfileTexts } from '../texts';
import { useAction } from '@/lib/use-action';

/**
 * The cancellation request: where the CANCEL_ACCOUNT code goes (the phone or the email on
 * file, shown masked), the code, and an explicit acknowledgement; POST /user/cancel.
 */
export function CancelForm({
  texts,
  iso,
  mobile,
  email,
}: {
  texts: TProfileTexts;
  iso: string;
  mobile: string | null;
  email: string | null;
}) {
  const router = useRouter();
  const zone = useVisitorZone();
  const t = texts.form;
  const channels = [...(mobile ? [['SMS', mobile] as const] : []), ...(email ? [['EMAIL', email] as const] : [])];
  const [channel, setChannel] = useState<TDeliveryChannel>(channels[0]?.[0] ?? 'SMS');
  const ackId = useId();
  const form = useAuthForm(
    { code: '', acknowledged: '' },
    (v) => {
      const errors: Record<string, 'validation.codeInvalid' | 'validation.required'> = {};
      if (codeError(v.code)) errors.code = 'validation.codeInvalid';
      if (v.acknowledged !== 'yes') errors.acknowledged = 'validation.required';
      return errors;
    },
    texts,
  );
  if (channels.length === 0) return <p className="text-sm text-ink-muted">{t.noContact}</p>;
  const ackError = form.field('acknowledged').error;

  return (
    <form
      ref={form.formRef}
      noValidate
      onFocus={form.onFocus}
      className="max-w-md space-y-4"
      data-testid="cancel-form"
      onSubmit={form.onSubmit(async (api, v) => {
        const result = await api.post<TCancellation>('/user/cancel', { body: { channel, code: v.code.trim() } });
        toast.success(fill(t.cancelled, { date: formatDate(result.eraseAt, iso, 'long', zone) }));
        router.refresh();
        refreshHeader();
      })}
    >
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-ink">{t.channelLabel}</legend>
        <div className="space-y-2">
          {channels.map(([value, target]) => (
            <label key={value} className="flex min-h-11 items-center gap-3 rounded-control border border-line px-3 text-sm text-ink">
              <input
                type="radio"
                name="channel"
                value={value}
                checked={channel === value}
                onChange={() => setChannel(value)}
                className="size-4 accent-brand-600"
              />
              <span className="break-all">{fill(value === 'SMS' ? t.viaPhone : t.viaEmail, { target })}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <CodeField
        label={t.code ?? ''}
        field={form.field('code')}
        target={channel}
        texts={texts}
        canSend={() => true}
        send={(api) => api.post<TSendCodeResult>('/sms', { body: { channel, smsType: 'CANCEL_ACCOUNT' } })}
      />
      <div>
        <label htmlFor={ackId} className="flex items-start gap-3 text-sm text-ink">
          <input
            id={ackId}
            type="checkbox"
            name="acknowledged"
            className="mt-0.5 size-4 shrink-0 accent-brand-600"
            checked={form.values.acknowledged === 'yes'}
            aria-invalid={ackError ? true : undefined}
            aria-describedby={ackError ? `${ackId}-error` : undefined}
            // the form state holds strings: 'yes' when ticked
            onChange={(event) =>
              form.field('acknowledged').onChange({ target: { value: event.target.checked ? 'yes' : '' } } as ChangeEvent<HTMLInputElement>)
            }
            onBlur={form.field('acknowledged').onBlur}
          />
          <span>{t.acknowledge}</span>
        </label>
        {ackError ? (
          <p id={`${ackId}-error`} className="mt-1.5 text-sm text-red-700">
            {t.acknowledgeRequired}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="danger" aria-disabled={form.busy || undefined}>
        {t.submitCancel}
      </Button>
    </form>
  );
}

/** The header's account line follows a cancellation or a restore at once (it shows a pending deletion). */
function refreshHeader() {
  if (session.get().user) void import('@/features/auth/account-session').then(({ loadAccount }) => loadAccount());
}

/** The one-click restore during the cooling-off (POST /user/cancel/revoke). */
export function RestoreButton({ texts }: { texts: TProfileTexts }) {
  const router = useRouter();
  const { busy, run } = useAction();
  async function restore() {
    if (busy) return;
    // the API client has shown errmsg
    await run(async () => {
      const api = await loadApi(texts.network);
      await api.post('/user/cancel/revoke');
      toast.success(texts.form.restored ?? '');
      router.refresh();
      refreshHeader();
    });
  }
  return (
    <Button onClick={() => void restore()} aria-disabled={busy || undefined}>
      {texts.form.restore}
    </Button>
  );
}
