'use client';

import type { TApiClient } from '@llk/contracts/client';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { loadApi } from '@/lib/load-api';
import type { TFieldErrors } from './rules';
import { type TAuthTexts, validationText } from './texts';
import { useAction } from '@/lib/use-action';

/**
 * State of one auth form: values, inline errors (shown once a field was left or a submit was
 * tried, then updated as the user types), and a busy flag while the call runs.
 * `validate` is one of rules.ts's validators (the contracts' rules and message keys).
 */
export function useAuthForm<TValues extends Record<string, string>>(
  initial: TValues,
  validate: (values: TValues) => TFieldErrors,
  texts: TAuthTexts,
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof TValues, boolean>>>({});
  const { busy, run } = useAction();
  // the API's word on a field (its strict check, e.g. a landline for a phone), until it is edited
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const errors = validate(values);

  const errorOf = (name: keyof TValues & string): string | undefined => {
    const key = errors[name];
    return touched[name] && key ? validationText(texts, key) : serverErrors[name];
  };

  function field(name: keyof TValues & string) {
    return {
      name,
      value: values[name],
      error: errorOf(name),
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setValues((current) => ({ ...current, [name]: event.target.value }));
        if (serverErrors[name]) setServerErrors((current) => ({ ...current, [name]: undefined }));
      },
      onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    };
  }

  function focus(name: string) {
    formRef.current?.querySelector<HTMLInputElement>(`[name="${name}"]`)?.focus();
  }

  /** Shows the field's error now; true when it is valid (e.g. the phone before sending a code). */
  function check(name: keyof TValues & string): boolean {
    setTouched((current) => ({ ...current, [name]: true }));
    if (!errors[name]) return true;
    focus(name);
    return false;
  }

  /** Validates everything, focuses the first wrong field, else runs `action` with the API client. */
  function onSubmit(action: (api: TApiClient, values: TValues) => Promise<void>) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy) return;
      setTouched(Object.fromEntries(Object.keys(values).map((name) => [name, true])) as Partial<Record<keyof TValues, boolean>>);
      const first = Object.keys(values).find((name) => errors[name]);
      if (first) {
        focus(first);
        return;
      }
      // The API client has already shown errmsg in a toast; a field's rule is shown under the
      // field too.
      void run(() => loadApi(texts.network).then((api) => action(api, values)), { onError: (error) => serverError(error) });
    };
  }

  /**
   * Shows the rules of a validation failure (data.fields: `body.mobile` → the form's `mobile`,
   * or the name `aliases` gives it) under their fields; for CodeButton's onError too.
   */
  function serverError(error: unknown, aliases: Partial<Record<string, keyof TValues & string>> = {}) {
    const fields = (error as { data?: { fields?: unknown } } | null)?.data?.fields;
    if (!Array.isArray(fields)) return;
    const found: Partial<Record<string, string>> = {};
    for (const entry of fields as Array<{ field?: unknown; message?: unknown }>) {
      if (typeof entry.field !== 'string' || typeof entry.message !== 'string') continue;
      const apiName = entry.field.replace(/^body\./, '');
      const name = aliases[apiName] ?? apiName;
      if (name in values && !(name in found)) found[name] = entry.message;
    }
    if (Object.keys(found).length > 0) setServerErrors((current) => ({ ...current, ...found }));
  }

  /** On the form: starts loading the API client as soon as the user is in the form. */
  const onFocus = () => void loadApi().catch(() => undefined);

  /** Sets a field from outside the input (e.g. a code the address carries). */
  const set = (name: keyof TValues, value: string) => setValues((current) => ({ ...current, [name]: value }));

  return { values, field, check, onSubmit, onFocus, busy, formRef, set, serverError };
}
