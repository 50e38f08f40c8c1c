'use client';

import { type FormEvent, useId, useState } from 'react';
import { useRouter } from '@/components/link';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { loadApi } from '@/lib/load-api';
import { toast } from '@/lib/toast';
import { type TInvoiceErrors, type TInvoiceForm, validateInvoiceForm } from '../orders';

export interface TInvoiceFormTexts {
  title: string;
  titleHint: string;
  taxId: string;
  taxIdHint: string;
  email: string;
  submit: string;
  sent: string;
  errors: Record<NonNullable<TInvoiceErrors[keyof TInvoiceErrors]>, string>;
}

const FIELDS = ['title', 'taxId', 'email'] as const;

/**
 * The invoice request of a paid order: title, taxpayer id (optional) and email, checked as the
 * API checks them (features/account/orders.ts), then POST /order/invoice and a refresh of the
 * page, which shows the request and its state. API errors toast in the page's language.
 */
export function InvoiceForm({ orderId, texts, defaultEmail = '' }: { orderId: string; texts: TInvoiceFormTexts; defaultEmail?: string }) {
  const router = useRouter();
  const id = useId();
  const [form, setForm] = useState<TInvoiceForm>({ title: '', taxId: '', email: defaultEmail });
  const [errors, setErrors] = useState<TInvoiceErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  const update = (name: keyof TInvoiceForm, value: string) => {
    const next = { ...form, [name]: value };
    setForm(next);
    if (submitted) setErrors(validateInvoiceForm(next));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = validateInvoiceForm(form);
    setSubmitted(true);
    setErrors(found);
    const first = FIELDS.find((name) => found[name]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const api = await loadApi();
      await api.post('/order/invoice', {
        body: { orderId, title: form.title.trim(), email: form.email.trim(), ...(form.taxId.trim() ? { taxId: form.taxId.trim() } : {}) },
      });
      toast.success(texts.sent);
      router.refresh();
    } catch {
      // toasted by the client
    } finally {
      setBusy(false);
    }
  }

  const error = (name: keyof TInvoiceForm) => {
    const key = errors[name];
    return key ? texts.errors[key] : undefined;
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid grid-cols-1 gap-4 sm:grid-cols-2" data-testid="invoice-form">
      <Field id={`${id}-title`} label={texts.title} hint={texts.titleHint} error={error('title')} className="sm:col-span-2">
        {(props) => <input {...props} name="title" autoComplete="organization" maxLength={120} value={form.title} onChange={(e) => update('title', e.target.value)} className={`${props.className} h-11`} />}
      </Field>
      <Field id={`${id}-taxId`} label={texts.taxId} hint={texts.taxIdHint} error={error('taxId')}>
        {(props) => <input {...props} name="taxId" autoComplete="off" spellCheck={false} maxLength={30} value={form.taxId} onChange={(e) => update('taxId', e.target.value)} className={`${props.className} h-11`} />}
      </Field>
      <Field id={`${id}-email`} label={texts.email} error={error('email')}>
        {(props) => <input {...props} name="email" type="email" autoComplete="email" value={form.email} onChange={(e) => update('email', e.target.value)} className={`${props.className} h-11`} />}
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy} data-testid="invoice-submit">
          {texts.submit}
        </Button>
      </div>
    </form>
  );
}
