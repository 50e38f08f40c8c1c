'use client';

import type { TContactChangeResult, TSendCodeResult } from '@llk/contracts';
import { ErrorCode } from '@llk/contracts/errors';
import { ApiError, type TApiClient } from '@llk/contracts/client';
import { useRouter } from 'next/navigation';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { PhoneField, usePhone } from '@/components/ui/phone-field';
import { CodeField } from '@/features/auth/components/code-field';
import { phoneTexts } from '@/features/auth/texts';
import { useAuthForm } from '@/features/auth/use-auth-form';
import { fill } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  addressError,
  codeError,
  contactFlow,
  finalRequest,
  newCodeRequest,
  removeFlow,
  type TContactKind,
  type TRemoveFlow,
} from '../contact-flow';
import type { TProfileTexts } from '../texts';

/**
 * A step proven by the code sent to the address on file (a change's first step, a removal): the
 * lede, the code field with its Send button (POST /sms `codeRequest`), `children` under it, the
 * submit button; `submit` runs with the trimmed code once it is valid.
 */
function CodeStep({
  texts,
  testId,
  lede,
  codeRequest,
  submit,
  children,
  button,
  danger = false,
}: {
  texts: TProfileTexts;
  testId: string;
  lede: string;
  codeRequest: TRemoveFlow['code'] | null;
  submit: (api: TApiClient, code: string) => Promise<void>;
  children?: ReactNode;
  /** the submit button's label; `danger` for a removal */
  button: string | undefined;
  danger?: boolean;
}) {
  const form = useAuthForm({ code: '' }, (v) => (codeError(v.code) ? { code: codeError(v.code) } : {}), texts);
  return (
    <form
      ref={form.formRef}
      noValidate
      onFocus={form.onFocus}
      className="space-y-3"
      data-testid={testId}
      onSubmit={form.onSubmit((api, v) => submit(api, v.code.trim()))}
    >
      <p className="text-sm text-ink-muted">{lede}</p>
      <CodeField
        label={texts.form.code ?? ''}
        field={form.field('code')}
        texts={texts}
        canSend={() => true}
        send={(api) => api.post<TSendCodeResult>('/sms', { body: { ...codeRequest } })}
      />
      {children}
      <Button type="submit" variant={danger ? 'danger' : 'primary'} aria-disabled={form.busy || undefined}>
        {button}
      </Button>
    </form>
  );
}

/** Step 1 of a change: the code sent to the current (masked) address → a ticket. */
function CurrentStep({
  texts,
  kind,
  current,
  onTicket,
}: {
  texts: TProfileTexts;
  kind: TContactKind;
  current: string;
  onTicket: (ticket: string) => void;
}) {
  const flow = contactFlow(kind, true);
  const t = texts.form;
  return (
    <CodeStep
      texts={texts}
      testId={`${kind}-step-current`}
      lede={fill(t.stepOld, { target: current })}
      codeRequest={flow.current}
      submit={async (api, code) => {
        const result = await api.post<TContactChangeResult>(flow.endpoint, { body: { code } });
        if (result.ticket) onTicket(result.ticket);
      }}
      button={t.next}
    />
  );
}

/** The new address and its code: a first binding, or a change's second step (with its ticket). */
function NewStep({
  texts,
  kind,
  change,
  ticket,
  verify = false,
  onDone,
}: {
  texts: TProfileTexts;
  kind: TContactKind;
  change: boolean;
  ticket: string | null;
  /** proving the unverified email on file: a binding of the same address (or of a corrected one) */
  verify?: boolean;
  onDone: () => void;
}) {
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
  const lede = verify
    ? t.verifyEmailLede
    : change
      ? kind === 'email'
        ? t.stepNewEmail
        : t.stepNewPhone
      : kind === 'email'
        ? t.bindEmailLede
        : t.bindPhoneLede;
  return (
    <form
      ref={form.formRef}
      noValidate
      onFocus={form.onFocus}
      className="space-y-3"
      data-testid={verify ? `${kind}-step-verify` : `${kind}-step-new`}
      onSubmit={form.onSubmit(async (api, v) => {
        await api.post(flow.endpoint, {
          body: finalRequest(flow, kind === 'phone' ? await phone.settle(v.address) : v.address, v.code, ticket),
        });
        toast.success((verify ? t.verified : texts.success.modificationSucceeded) ?? '');
        onDone();
      })}
    >
      <p className="text-sm text-ink-muted">{lede}</p>
      {kind === 'email' ? (
        <TextField
          label={(verify ? t.verifyEmailField : t.newEmail) ?? ''}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('address')}
        />
      ) : (
        <PhoneField label={t.newPhone ?? ''} phone={phone} texts={phoneText} {...form.field('address')} />
      )}
      <CodeField
        label={t.code ?? ''}
        field={form.field('code')}
        texts={texts}
        canSend={() => form.check('address')}
        onError={(error) => form.serverError(error, { mobile: 'address', email: 'address' })}
        send={(api) =>
          kind === 'phone'
            ? phone.settle(form.values.address).then((mobile) => api.post<TSendCodeResult>('/sms', { body: newCodeRequest(flow, mobile) }))
            : api.post<TSendCodeResult>('/sms', { body: newCodeRequest(flow, form.values.address) })
        }
      />
      <Button type="submit" aria-disabled={form.busy || undefined}>
        {t.confirm}
      </Button>
    </form>
  );
}

/**
 * Removing the address: the code sent to it (the first step of a change's purpose), then
 * POST /user/unbindEmail or /user/unbindMobile. Offered only while the other contact is verified;
 * if the API still says it is the last verified one (LAST_VERIFIED_CONTACT), that is said here.
 */
function RemoveStep({ texts, kind, current, onDone }: { texts: TProfileTexts; kind: TContactKind; current: string; onDone: () => void }) {
  const flow = removeFlow(kind);
  const t = texts.form;
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <CodeStep
      texts={texts}
      testId={`${kind}-step-remove`}
      lede={fill(t.removeLede ?? '', { target: current })}
      codeRequest={flow.code}
      submit={async (api, code) => {
        setRefused(null);
        try {
          await api.post(flow.endpoint, { body: { code } });
        } catch (error) {
          if (error instanceof ApiError && error.errcode === ErrorCode.LAST_VERIFIED_CONTACT) setRefused(error.message);
          throw error;
        }
        toast.success(t.removed ?? '');
        onDone();
      }}
      button={t.removeConfirm}
      danger
    >
      {refused ? (
        <p
          role="alert"
          className="rounded-control border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid={`${kind}-remove-refused`}
        >
          {refused}
        </p>
      ) : null}
    </CodeStep>
  );
}

/**
 * One contact row of /account/profile: the masked address (or "not added") and whether it is
 * verified, with the buttons that open its flows: add or change; verify, for an email typed at
 * sign-up and never proven (it opens nothing until then, ADR 0028); remove, while the account's
 * other contact is verified (`removable`). When a flow ends the page reloads its data.
 */
export function ContactEditor({
  texts,
  kind,
  current,
  verified = current !== null,
  removable = false,
}: {
  texts: TProfileTexts;
  kind: TContactKind;
  current: string | null;
  verified?: boolean;
  removable?: boolean;
}) {
  const router = useRouter();
  const t = texts.form;
  const [open, setOpen] = useState<'edit' | 'verify' | 'remove' | null>(null);
  const [ticket, setTicket] = useState<string | null>(null);
  const change = current !== null;
  // an unverified email is replaced by a binding (the same address verifies it), not changed
  const needsVerify = kind === 'email' && current !== null && !verified;
  const action = kind === 'email' ? (change ? t.changeEmail : t.bindEmail) : change ? t.changePhone : t.bindPhone;

  function close() {
    setOpen(null);
    setTicket(null);
  }
  function done() {
    close();
    router.refresh();
  }
  const toggle = (panel: 'edit' | 'verify' | 'remove') => (open === panel ? close() : (setTicket(null), setOpen(panel)));

  return (
    <div className="py-4" data-testid={`contact-${kind}`}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="text-sm text-ink-muted">{kind === 'email' ? t.email : t.phone}</p>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className={`font-medium break-all ${current ? 'text-ink' : 'text-ink-muted'}`} data-testid={`contact-${kind}-value`}>
              {current ?? t.notSet}
            </span>
            {current !== null ? (
              <span
                className={`rounded-full border px-2 py-0.5 text-xs whitespace-nowrap ${verified ? 'border-line text-ink-muted' : 'border-amber-300 bg-amber-50 text-amber-900'}`}
                data-testid={`contact-${kind}-status`}
              >
                {kind === 'email'
                  ? verified
                    ? t.emailVerifiedBadge
                    : t.emailUnverifiedBadge
                  : verified
                    ? t.phoneVerifiedBadge
                    : t.phoneUnverifiedBadge}
              </span>
            ) : null}
          </p>
          {needsVerify ? (
            <p className="mt-1 max-w-md text-sm text-ink-muted" data-testid="contact-email-unverified-note">
              {t.unverifiedNote}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {needsVerify ? (
            <Button
              variant={open === 'verify' ? 'secondary' : 'primary'}
              size="sm"
              onClick={() => toggle('verify')}
              aria-expanded={open === 'verify'}
            >
              {open === 'verify' ? t.close : t.verifyEmail}
            </Button>
          ) : (
            <Button variant="secondary" size="sm" onClick={() => toggle('edit')} aria-expanded={open === 'edit'}>
              {open === 'edit' ? t.close : action}
            </Button>
          )}
          {current !== null && removable ? (
            <Button variant="secondary" size="sm" onClick={() => toggle('remove')} aria-expanded={open === 'remove'}>
              {open === 'remove' ? t.close : kind === 'email' ? t.removeEmail : t.removePhone}
            </Button>
          ) : null}
        </div>
      </div>
      {open ? (
        <div className="mt-4 max-w-md rounded-control border border-line bg-surface p-4">
          {open === 'remove' && current !== null ? (
            <RemoveStep texts={texts} kind={kind} current={current} onDone={done} />
          ) : open === 'verify' ? (
            <NewStep texts={texts} kind={kind} change={false} ticket={null} verify onDone={done} />
          ) : change && ticket === null && current !== null ? (
            <CurrentStep texts={texts} kind={kind} current={current} onTicket={setTicket} />
          ) : (
            <NewStep texts={texts} kind={kind} change={change} ticket={ticket} onDone={done} />
          )}
        </div>
      ) : null}
    </div>
  );
}
