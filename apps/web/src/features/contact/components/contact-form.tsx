'use client';

import type { TContactResult } from '@llk/contracts';
import { ApiError } from '@llk/contracts/client';
import { SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_MIN } from '@llk/contracts/rules';
import { type FormEvent, useRef, useState } from 'react';
import {
  CONTACT_FORM_TOPICS,
  contactRequest,
  EMPTY_CONTACT_FORM,
  messageLength,
  type TContactErrors,
  type TContactForm,
  validateContact,
} from '../rules';
import { contactValidationText, type TContactTexts } from '../texts';
import { Acknowledgement } from '@/components/ui/acknowledgement';
import { buttonClass } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Link } from '@/i18n/navigation';
import { fill } from '@/lib/format';
import { useSessionHint } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useAction } from '@/lib/use-action';

const loadApi = () => import('../contact-api');
type TFieldName = keyof TContactForm;
const FIELD_ORDER: readonly TFieldName[] = ['topic', 'email', 'orderId', 'message'];

/**
 * The contact page's form: a topic, where the answer goes (the signed-in account's address when
 * left empty), the order for a refund, the message; inline validation with the API's rules, POST
 * /support/contact, then an acknowledgement with the reference. Field errors the API finds land
 * on their fields; others (the hourly limit) are toasted in the page's language.
 */
export function ContactForm({ texts }: { texts: TContactTexts }) {
  const f = texts.form;
  const signedIn = useSessionHint();
  const [form, setForm] = useState<TContactForm>(EMPTY_CONTACT_FORM);
  const [errors, setErrors] = useState<TContactErrors>({});
  const [touched, setTouched] = useState<Partial<Record<TFieldName, boolean>>>({});
  const { busy, run } = useAction();
  const [result, setResult] = useState<TContactResult | null>(null);
  const ack = useRef<HTMLDivElement>(null);

  const update = (name: TFieldName, value: string) => {
    const next = { ...form, [name]: value } as TContactForm;
    setForm(next);
    if (touched[name] || errors[name]) setErrors(validateContact(next, signedIn));
  };
  const blur = (name: TFieldName) => {
    setTouched((t) => ({ ...t, [name]: true }));
    setErrors(validateContact(form, signedIn));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = validateContact(form, signedIn);
    setErrors(found);
    setTouched(Object.fromEntries(FIELD_ORDER.map((name) => [name, true])));
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) {
      document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    await run(
      async () => {
        const api = await loadApi().catch(() => null);
        if (!api) {
          toast.error(texts.network);
          return;
        }
        setResult(await api.sendContact(contactRequest(form)));
        requestAnimationFrame(() => ack.current?.focus());
      },
      {
        onError: (error) => {
          const fields =
            error instanceof ApiError ? (error.data as { fields?: { field: string; rule: string }[] } | undefined)?.fields : undefined;
          const mine = (fields ?? [])
            .map(({ field, rule }) => [field.replace(/^body\./, ''), rule] as const)
            .filter(([name]) => (FIELD_ORDER as readonly string[]).includes(name));
          if (mine.length > 0) {
            setErrors(Object.fromEntries(mine) as TContactErrors);
            document.getElementById(`contact-${mine[0]![0]}`)?.focus();
          } else toast.error(error instanceof Error && error.message ? error.message : texts.network);
        },
      },
    );
  }

  if (result) {
    return (
      <Acknowledgement
        ref={ack}
        testId="contact-ack"
        heading={texts.headings?.ackHeading ?? f.ackHeading ?? ''}
        body={fill(f.ackBody, { email: result.replyTo })}
        referenceLabel={f.referenceLabel ?? ''}
        reference={result.reference}
        referenceTestId="contact-reference"
        againLabel={f.another ?? ''}
        onAgain={() => {
          setResult(null);
          setForm(EMPTY_CONTACT_FORM);
          setTouched({});
          setErrors({});
        }}
      />
    );
  }

  const error = (name: TFieldName) => (touched[name] || errors[name] ? contactValidationText(texts, errors[name]) : undefined);
  const length = messageLength(form.message);
  const refund = form.topic === 'REFUND';
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadApi().catch(() => undefined)}
      className="grid max-w-2xl gap-5"
      data-testid="contact-form"
    >
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-ink">{f.topic}</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {CONTACT_FORM_TOPICS.map((topic) => (
            <label
              key={topic}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-control border border-line px-3 py-2 text-ink has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name="topic"
                value={topic}
                checked={form.topic === topic}
                onChange={() => update('topic', topic)}
                className="size-4 shrink-0 accent-brand-600"
              />
              <span>{f.topics[topic]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {refund && !signedIn ? (
        <p className="rounded-control bg-amber-50 p-3 text-sm text-amber-900" data-testid="contact-refund-login">
          {f.refundLogin}{' '}
          <Link href="/login" className="font-medium text-brand-700 underline">
            {f.login}
          </Link>
        </p>
      ) : null}
      <Field id="contact-email" label={f.email ?? ''} hint={signedIn ? f.emailHintSignedIn : f.emailHint} error={error('email')}>
        {(props) => (
          <input
            {...props}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={form.email}
            onChange={(event) => update('email', event.target.value)}
            onBlur={() => blur('email')}
            className={`${props.className} h-11`}
          />
        )}
      </Field>
      {refund ? (
        <Field id="contact-orderId" label={f.orderId ?? ''} hint={f.orderHint} error={error('orderId')}>
          {(props) => (
            <input
              {...props}
              name="orderId"
              autoComplete="off"
              spellCheck={false}
              value={form.orderId}
              onChange={(event) => update('orderId', event.target.value)}
              onBlur={() => blur('orderId')}
              className={`${props.className} h-11 font-mono`}
            />
          )}
        </Field>
      ) : null}
      <Field
        id="contact-message"
        label={f.message ?? ''}
        hint={fill(f.messageHint, { min: SUPPORT_MESSAGE_MIN, count: length, max: SUPPORT_MESSAGE_MAX })}
        error={error('message')}
      >
        {(props) => (
          <textarea
            {...props}
            name="message"
            rows={6}
            value={form.message}
            onChange={(event) => update('message', event.target.value)}
            onBlur={() => blur('message')}
            className={`${props.className} py-2`}
          />
        )}
      </Field>
      <div>
        <button
          type="submit"
          className={buttonClass()}
          disabled={busy || (refund && !signedIn)}
          aria-busy={busy}
          data-testid="contact-submit"
        >
          {busy ? f.sending : f.submit}
        </button>
      </div>
    </form>
  );
}
