'use client';

import type { TContactChangeResult, TSendCodeResult } from '@llk/contracts';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { PhoneField, usePhone } from '@/components/ui/phone-field';
import { CodeButton } from '@/features/auth/components/code-button';
import { phoneTexts } from '@/features/auth/texts';
import { useAuthForm } from '@/features/auth/use-auth-form';
import { fill } from '@/lib/format';
import { toast } from '@/lib/toast';
import { addressError, codeError, contactFlow, finalRequest, newCodeRequest, type TContactKind } from '../contact-flow';
import type { TProfileTexts } from '../texts';

/** Step 1 of a change: the code sent to the current (masked) address → a ticket. */
function CurrentStep({ texts, kind, current, onTicket }: { texts: TProfileTexts; kind: TContactKind; current: string; onTicket: (ticket: string) => void }) {
  const flow = contactFlow(kind, true);
  const t = texts.form;
  const form = useAuthForm({ code: '' }, (v) => (codeError(v.code) ? { code: codeError(v.code) } : {}), texts);
  return (
    <form
      ref={form.formRef}
      noValidate
      onFocus={form.onFocus}
      className="space-y-3"
      data-testid={`${kind}-step-current`}
      onSubmit={form.onSubmit(async (api, v) => {
        const result = await api.post<TContactChangeResult>(flow.endpoint, { body: { code: v.code.trim() } });
        if (result.ticket) onTicket(result.ticket);
      })}
    >
      <p className="text-sm text-ink-muted">{fill(t.stepOld, { target: current })}</p>
      <TextField
        label={t.code ?? ''}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        {...form.field('code')}
        addon={<CodeButton texts={texts} canSend={() => true} send={(api) => api.post<TSendCodeResult>('/sms', { body: { ...flow.current } })} />}
      />
      <Button type="submit" aria-disabled={form.busy || undefined}>
        {t.next}
      </Button>
    </form>
  );
}

/** The new address and its code: a first binding, or a change's second step (with its ticket). */
function NewStep({ texts, kind, change, ticket, onDone }: { texts: TProfileTexts; kind: TContactKind; change: boolean; ticket: string | null; onDone: () => void }) {
  const flow = contactFlow(kind, change);
  const t = texts.form;
  const phoneText = phoneTexts(texts);
  const phone = usePhone(phoneText.locale);
  /** The new address as the API takes it: a phone as E.164 with its country. */
  const typed = (text: string) => (kind === 'phone' ? phone.checked(text) : text);
  const form = useAuthForm(
    { address: '', code: '' },
    (v) => {
      const errors: Record<string, ReturnType<typeof codeError>> = {};
      const address = addressError(kind, typed(v.address));
      if (address) errors.address = address;
      const code = codeError(v.code);
      if (code) errors.code = code;
      return errors;
    },
    texts,
  );
  const lede = change ? (kind === 'email' ? t.stepNewEmail : t.stepNewPhone) : kind === 'email' ? t.bindEmailLede : t.bindPhoneLede;
  return (
    <form
      ref={form.formRef}
      noValidate
      onFocus={form.onFocus}
      className="space-y-3"
      data-testid={`${kind}-step-new`}
      onSubmit={form.onSubmit(async (api, v) => {
        await api.post(flow.endpoint, { body: finalRequest(flow, kind === 'phone' ? await phone.settle(v.address) : v.address, v.code, ticket) });
        toast.success(texts.success.modificationSucceeded ?? '');
        onDone();
      })}
    >
      <p className="text-sm text-ink-muted">{lede}</p>
      {kind === 'email' ? (
        <TextField label={t.newEmail ?? ''} type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...form.field('address')} />
      ) : (
        <PhoneField label={t.newPhone ?? ''} phone={phone} texts={phoneText} {...form.field('address')} />
      )}
      <TextField
        label={t.code ?? ''}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        {...form.field('code')}
        addon={
          <CodeButton
            texts={texts}
            canSend={() => form.check('address')}
            onError={(error) => form.serverError(error, { mobile: 'address', email: 'address' })}
            send={(api) =>
              kind === 'phone'
                ? phone.settle(form.values.address).then((mobile) => api.post<TSendCodeResult>('/sms', { body: newCodeRequest(flow, mobile) }))
                : api.post<TSendCodeResult>('/sms', { body: newCodeRequest(flow, form.values.address) })
            }
          />
        }
      />
      <Button type="submit" aria-disabled={form.busy || undefined}>
        {t.confirm}
      </Button>
    </form>
  );
}

/**
 * One contact row of /account/profile: the masked address (or "not added") and the button that
 * opens its bind or change flow; when the flow ends the page reloads its data.
 */
export function ContactEditor({ texts, kind, current }: { texts: TProfileTexts; kind: TContactKind; current: string | null }) {
  const router = useRouter();
  const t = texts.form;
  const [open, setOpen] = useState(false);
  const [ticket, setTicket] = useState<string | null>(null);
  const change = current !== null;
  const action = kind === 'email' ? (change ? t.changeEmail : t.bindEmail) : change ? t.changePhone : t.bindPhone;

  function close() {
    setOpen(false);
    setTicket(null);
  }

  return (
    <div className="py-4" data-testid={`contact-${kind}`}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="text-sm text-ink-muted">{kind === 'email' ? t.email : t.phone}</p>
          <p className={`font-medium break-all ${current ? 'text-ink' : 'text-ink-muted'}`} data-testid={`contact-${kind}-value`}>
            {current ?? t.notSet}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => (open ? close() : setOpen(true))} aria-expanded={open}>
          {open ? t.close : action}
        </Button>
      </div>
      {open ? (
        <div className="mt-4 max-w-md rounded-control border border-line bg-surface p-4">
          {change && ticket === null ? (
            <CurrentStep texts={texts} kind={kind} current={current} onTicket={setTicket} />
          ) : (
            <NewStep
              texts={texts}
              kind={kind}
              change={change}
              ticket={ticket}
              onDone={() => {
                close();
                router.refresh();
              }}
            />
          )}
        </div>
      ) : null}
    </div>
  );
}
