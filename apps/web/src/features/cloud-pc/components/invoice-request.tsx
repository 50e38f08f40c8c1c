'use client';

import type { TCloudPcInvoice, TInvoiceKind } from '@llk/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useVisitorZone } from '@/components/local-time';
import { fill, formatDateTime, formatFen } from '@/lib/format';
import { toast } from '@/lib/toast';
import { requestInvoice } from '../cloud-pc-api';
import { EMPTY_INVOICE_FORM, invoiceRequest, type TFieldErrors, type TInvoiceForm, validateInvoice } from '../rules';
import { type TCloudPcTexts, validationText } from '../texts';
import { buttonClass } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useAction } from '@/lib/use-action';

const KINDS: TInvoiceKind[] = ['NORMAL', 'SPECIAL'];

/**
 * The invoice request of one paid cloud-PC order (issued by the seller): a closed button, the
 * form (kind, title, taxpayer id — required for SPECIAL —, email, note) with inline validation,
 * then the recorded request. One request per order (the API refuses a second).
 */
export function InvoiceRequest({
  texts,
  tag,
  orderId,
  invoice,
  onRequested,
}: {
  texts: TCloudPcTexts;
  tag: string;
  orderId: string;
  invoice: TCloudPcInvoice | undefined;
  onRequested: (invoice: TCloudPcInvoice) => void;
}) {
  const zone = useVisitorZone();
  const v = texts.invoice;
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<TInvoiceForm>(EMPTY_INVOICE_FORM);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const { busy, run } = useAction();

  if (invoice) {
    return (
      <p
        className="mt-4 rounded-control border border-line bg-surface px-4 py-3 text-sm text-ink"
        role="status"
        data-testid="invoice-requested"
      >
        {fill(v.requested, {
          date: formatDateTime(invoice.requestedAt, tag, zone),
          kind: v.kinds[invoice.kind],
          amount: formatFen(invoice.amountFen, tag),
          id: invoice.id,
        })}
      </p>
    );
  }

  if (!open) {
    return (
      <button
        type="button"
        className="mt-4 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        onClick={() => setOpen(true)}
        data-testid="invoice-open"
      >
        {v.open}
      </button>
    );
  }

  const update = (next: TInvoiceForm) => {
    setForm(next);
    if (submitted) setErrors(validateInvoice(next));
  };
  const error = (name: keyof TInvoiceForm) => validationText(texts, errors[name]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = validateInvoice(form);
    setSubmitted(true);
    setErrors(found);
    const first = (['title', 'taxId', 'email', 'note'] as const).find((name) => found[name]);
    if (first) {
      document.getElementById(`${formId}-${first}`)?.focus();
      return;
    }
    // the API client has shown errmsg
    await run(async () => {
      const created = await requestInvoice(invoiceRequest(orderId, form));
      toast.success(v.done ?? '');
      onRequested(created);
    });
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="mt-4 space-y-4 rounded-card border border-line bg-surface p-4 sm:p-5"
      aria-labelledby={`${formId}-heading`}
      data-testid="invoice-form"
    >
      <div>
        <h4 id={`${formId}-heading`} className="font-semibold text-ink">
          {fill(v.heading, { order: orderId })}
        </h4>
        <p className="mt-1 text-sm text-ink-muted">{v.intro}</p>
      </div>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-ink">{v.kind}</legend>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {KINDS.map((kind) => (
            <label
              key={kind}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-control border border-line-strong bg-canvas px-4 has-checked:border-brand-600 has-checked:ring-1 has-checked:ring-brand-600"
            >
              <input
                type="radio"
                name={`${formId}-kind`}
                value={kind}
                checked={form.kind === kind}
                onChange={() => update({ ...form, kind })}
                className="size-4 accent-brand-600"
                data-testid={`invoice-kind-${kind}`}
              />
              <span className="text-ink">{v.kinds[kind]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id={`${formId}-title`} label={v.title ?? ''} error={error('title')}>
          {(props) => (
            <input
              {...props}
              name="title"
              autoComplete="organization"
              value={form.title}
              onChange={(event) => update({ ...form, title: event.target.value })}
              className={`${props.className} h-11`}
            />
          )}
        </Field>
        <Field
          id={`${formId}-taxId`}
          label={form.kind === 'SPECIAL' ? (v.taxId ?? '') : (v.taxIdOptional ?? '')}
          hint={v.taxIdHint}
          error={error('taxId')}
        >
          {(props) => (
            <input
              {...props}
              name="taxId"
              value={form.taxId}
              onChange={(event) => update({ ...form, taxId: event.target.value })}
              className={`${props.className} h-11 font-mono`}
            />
          )}
        </Field>
        <Field id={`${formId}-email`} label={v.email ?? ''} error={error('email')}>
          {(props) => (
            <input
              {...props}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={form.email}
              onChange={(event) => update({ ...form, email: event.target.value })}
              className={`${props.className} h-11`}
            />
          )}
        </Field>
        <Field id={`${formId}-note`} label={v.note ?? ''} error={error('note')}>
          {(props) => (
            <input
              {...props}
              name="note"
              value={form.note}
              onChange={(event) => update({ ...form, note: event.target.value })}
              className={`${props.className} h-11`}
            />
          )}
        </Field>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonClass()} disabled={busy} aria-busy={busy} data-testid="invoice-submit">
          {busy ? v.sending : v.submit}
        </button>
        <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={() => setOpen(false)}>
          {v.close}
        </button>
      </div>
    </form>
  );
}
