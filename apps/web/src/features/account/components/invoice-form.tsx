'use client';

import { INVOICE_COUNTRIES, INVOICE_DEFAULT_COUNTRY, invoiceKindOf, vatPrefixOf } from '@llk/contracts/invoice-rules';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useRouter } from '@/components/link';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { loadApi } from '@/lib/load-api';
import { toast } from '@/lib/toast';
import { type TInvoiceErrors, type TInvoiceForm, validateInvoiceForm } from '../orders';
import { useAction } from '@/lib/use-action';

export interface TInvoiceFormTexts {
  country: string;
  /** what a mainland request gets (a fapiao from the finance team) */
  kindFapiao: string;
  /** what any other country gets (an invoice issued at once) */
  kindInternational: string;
  /** when each arrives and where to find it (ADR 0035) */
  nextFapiao: string;
  nextInternational: string;
  title: string;
  titleHint: string;
  companyName: string;
  companyHint: string;
  taxId: string;
  taxIdHint: string;
  vatNumber: string;
  /** {code}: the VAT prefix of the country */
  vatHint: string;
  taxNumber: string;
  taxNumberHint: string;
  address: string;
  addressHint: string;
  email: string;
  submit: string;
  sent: string;
  errors: Record<NonNullable<TInvoiceErrors[keyof TInvoiceErrors]>, string>;
}

const FIELDS = ['country', 'title', 'address', 'taxId', 'email'] as const;

/** Countries by their name in the page's language (Intl: no list of names to ship). */
function countryOptions(languageTag: string): Array<{ code: string; name: string }> {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([languageTag], { type: 'region' });
  } catch {
    names = undefined;
  }
  const collator = new Intl.Collator(languageTag);
  return INVOICE_COUNTRIES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * The invoice request of a paid order. The country decides the kind (ADR 0030) and the form says
 * what the customer will get: CN keeps today's fapiao fields (title, taxpayer id, email) for the
 * finance team; any other country asks for the company, its address and a VAT or tax number
 * (checked as the API checks it: jsvat for the countries it knows) and the invoice is issued at
 * once. POST /order/invoice, then a refresh of the page, which shows the request (and the
 * international invoice's link). API errors toast in the page's language.
 */
export function InvoiceForm({
  orderId,
  texts,
  locale,
  languageTag,
  defaultEmail = '',
}: {
  orderId: string;
  texts: TInvoiceFormTexts;
  /** the page's locale (the starting country) and its BCP 47 tag (country names) */
  locale: string;
  languageTag: string;
  defaultEmail?: string;
}) {
  const router = useRouter();
  const id = useId();
  const [form, setForm] = useState<TInvoiceForm>({
    country: INVOICE_DEFAULT_COUNTRY[locale] ?? 'CN',
    title: '',
    taxId: '',
    address: '',
    email: defaultEmail,
  });
  const [errors, setErrors] = useState<TInvoiceErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const { busy, run } = useAction();
  const countries = useMemo(() => countryOptions(languageTag), [languageTag]);
  const international = invoiceKindOf(form.country) === 'INTERNATIONAL';
  const prefix = vatPrefixOf(form.country);

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
    // toasted by the client
    await run(async () => {
      const api = await loadApi();
      const taxId = form.taxId.trim();
      await api.post('/order/invoice', {
        body: {
          orderId,
          country: form.country,
          title: form.title.trim(),
          email: form.email.trim(),
          ...(taxId ? { taxId } : {}),
          ...(international ? { address: form.address.trim() } : {}),
        },
      });
      toast.success(texts.sent);
      router.refresh();
    });
  }

  const error = (name: keyof TInvoiceForm) => {
    const key = errors[name];
    return key ? texts.errors[key] : undefined;
  };

  const taxLabel = international ? (prefix ? texts.vatNumber : texts.taxNumber) : texts.taxId;
  const taxHint = international ? (prefix ? texts.vatHint.replace('{code}', prefix) : texts.taxNumberHint) : texts.taxIdHint;

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      data-testid="invoice-form"
      data-kind={international ? 'INTERNATIONAL' : 'FAPIAO'}
    >
      <Field id={`${id}-country`} label={texts.country} className="sm:col-span-2">
        {(props) => (
          <select
            {...props}
            name="country"
            autoComplete="country"
            value={form.country}
            onChange={(e) => update('country', e.target.value)}
            className={`${props.className} h-11`}
          >
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {/* what the customer gets, when, and where to find it: it changes with the country */}
      <div
        className="-mt-2 space-y-1 rounded-control border border-line bg-surface px-3 py-2 text-sm text-ink-muted sm:col-span-2"
        aria-live="polite"
        data-testid="invoice-gets"
      >
        <p className="font-medium text-ink" data-testid="invoice-kind">
          {international ? texts.kindInternational : texts.kindFapiao}
        </p>
        <p data-testid="invoice-next">{international ? texts.nextInternational : texts.nextFapiao}</p>
      </div>
      <Field
        id={`${id}-title`}
        label={international ? texts.companyName : texts.title}
        hint={international ? texts.companyHint : texts.titleHint}
        error={error('title')}
        className="sm:col-span-2"
      >
        {(props) => (
          <input
            {...props}
            name="title"
            autoComplete="organization"
            maxLength={120}
            value={form.title}
            onChange={(e) => update('title', e.target.value)}
            className={`${props.className} h-11`}
          />
        )}
      </Field>
      {international ? (
        <Field id={`${id}-address`} label={texts.address} hint={texts.addressHint} error={error('address')} className="sm:col-span-2">
          {(props) => (
            <textarea
              {...props}
              name="address"
              autoComplete="street-address"
              rows={3}
              maxLength={320}
              value={form.address}
              onChange={(e) => update('address', e.target.value)}
              className={`${props.className} py-2`}
            />
          )}
        </Field>
      ) : null}
      <Field id={`${id}-taxId`} label={taxLabel} hint={taxHint} error={error('taxId')}>
        {(props) => (
          <input
            {...props}
            name="taxId"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            value={form.taxId}
            onChange={(e) => update('taxId', e.target.value)}
            className={`${props.className} h-11`}
          />
        )}
      </Field>
      <Field id={`${id}-email`} label={texts.email} error={error('email')}>
        {(props) => (
          <input
            {...props}
            name="email"
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={(e) => update('email', e.target.value)}
            className={`${props.className} h-11`}
          />
        )}
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy} data-testid="invoice-submit">
          {texts.submit}
        </Button>
      </div>
    </form>
  );
}
