'use client';

import type { TCloudPcProviderResult } from '@llk/contracts';
import { type FormEvent, useRef, useState } from 'react';
import { EMPTY_PROVIDER_FORM, type TProviderForm } from '../provider-fields';
import type { TFieldErrors } from '../rules';
import { type TCloudPcTexts, validationText } from '../texts';
import { Acknowledgement } from '@/components/ui/acknowledgement';
import { buttonClass } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useAction } from '@/lib/use-action';

const loadApi = () => import('../cloud-pc-api');
// The rules (with the contracts' patterns, ~1.3 KiB gzip) come with the API client on the form's
// first focus, not in the page's first load (JS budget, README).
const loadRules = () => import('../rules');

type TFieldName = keyof TProviderForm;
const inputs: {
  name: TFieldName;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email';
  hint?: string;
  area?: boolean;
}[] = [
  { name: 'company', autoComplete: 'organization' },
  { name: 'contactName', autoComplete: 'name' },
  { name: 'phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel', hint: 'contactHint' },
  { name: 'email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'region' },
  { name: 'machineCount', inputMode: 'numeric' },
  { name: 'hardware', hint: 'hardwareHint', area: true },
  { name: 'message', area: true },
];

/**
 * The provider (seller) sign-up of /cloudPc: inline validation (rules.ts), POST
 * /cloudPc/provider, then an acknowledgement with the reference. The rules and the API client are
 * loaded on the form's first focus; API errors are toasted by it.
 */
export function ProviderForm({ texts }: { texts: TCloudPcTexts }) {
  const p = texts.provider;
  const [form, setForm] = useState<TProviderForm>(EMPTY_PROVIDER_FORM);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [touched, setTouched] = useState<Partial<Record<TFieldName, boolean>>>({});
  const { busy, run } = useAction();
  const [result, setResult] = useState<TCloudPcProviderResult | null>(null);
  const ack = useRef<HTMLDivElement>(null);

  /** Shows the errors of `values` (once the rules are there: they load on the first focus). */
  const check = (values: TProviderForm) => {
    loadRules().then(
      ({ validateProvider }) => setErrors(validateProvider(values)),
      () => undefined, // offline: the errors come with the next try
    );
  };

  const update = (name: TFieldName, value: string) => {
    const next = { ...form, [name]: value };
    setForm(next);
    if (touched[name] || errors[name]) check(next);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const rules = await loadRules().catch(() => null);
    if (!rules) return;
    const found = rules.validateProvider(form);
    setErrors(found);
    setTouched(Object.fromEntries(inputs.map(({ name }) => [name, true])));
    const first = inputs.find(({ name }) => found[name]);
    if (first) {
      document.getElementById(`provider-${first.name}`)?.focus();
      return;
    }
    // the API client has shown errmsg
    await run(async () => {
      const api = await loadApi();
      setResult(await api.submitProvider(rules.providerRequest(form)));
      requestAnimationFrame(() => ack.current?.focus());
    });
  }

  if (result) {
    return (
      <Acknowledgement
        ref={ack}
        testId="provider-ack"
        heading={texts.headings?.['provider.ackHeading'] ?? p.ackHeading ?? ''}
        body={p.ackBody ?? ''}
        referenceLabel={p.referenceLabel ?? ''}
        reference={result.reference}
        referenceTestId="provider-reference"
        againLabel={p.another ?? ''}
        onAgain={() => {
          setResult(null);
          setForm(EMPTY_PROVIDER_FORM);
          setTouched({});
          setErrors({});
        }}
      />
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={() => void Promise.all([loadRules(), loadApi()]).catch(() => undefined)}
      className="grid max-w-3xl gap-4 sm:grid-cols-2"
      data-testid="provider-form"
    >
      {inputs.map(({ name, type, autoComplete, inputMode, hint, area }) => (
        <div key={name} className={area ? 'sm:col-span-2' : undefined}>
          <Field
            id={`provider-${name}`}
            label={p[name] ?? name}
            hint={hint ? p[hint] : undefined}
            error={touched[name] ? validationText(texts, errors[name]) : undefined}
          >
            {(props) =>
              area ? (
                <textarea
                  {...props}
                  name={name}
                  rows={name === 'message' ? 4 : 3}
                  value={form[name]}
                  onChange={(event) => update(name, event.target.value)}
                  onBlur={() => {
                    setTouched((t) => ({ ...t, [name]: true }));
                    check(form);
                  }}
                  className={`${props.className} py-2`}
                />
              ) : (
                <input
                  {...props}
                  name={name}
                  type={type ?? 'text'}
                  autoComplete={autoComplete}
                  inputMode={inputMode}
                  value={form[name]}
                  onChange={(event) => update(name, event.target.value)}
                  onBlur={() => {
                    setTouched((t) => ({ ...t, [name]: true }));
                    check(form);
                  }}
                  className={`${props.className} h-11`}
                />
              )
            }
          </Field>
        </div>
      ))}
      <div className="sm:col-span-2">
        <button type="submit" className={buttonClass()} disabled={busy} aria-busy={busy} data-testid="provider-submit">
          {busy ? p.sending : p.submit}
        </button>
      </div>
    </form>
  );
}
