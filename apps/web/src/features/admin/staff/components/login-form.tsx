'use client';

import { ApiError } from '@llk/contracts/client';
import { useTranslations } from 'next-intl';
import { type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { adminApi, safeNext } from '@/features/admin/shell/admin-api';
import { FormError } from '@/features/admin/shell/components/form-error';
import { PasskeyLogin } from './passkey-login';
import { useAction } from '@/lib/use-action';

/** Username, password and authenticator code in one step (POST /admin/api/login). */
export function LoginForm() {
  const t = useTranslations('AdminLogin');
  const { busy, run, error, setError } = useAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get('username') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const code = String(form.get('code') ?? '').trim();
    if (!username || !password || !code) {
      setError(t('required'));
      return;
    }
    // signed in: busy until the next page replaces this one
    await run(
      async () => {
        await adminApi.post('/login', { body: { username, password, code }, silent: true, ignoreUnauthorized: true, retry: false });
        window.location.assign(safeNext(new URLSearchParams(window.location.search).get('next')));
      },
      { inline: (failure) => (failure instanceof ApiError ? failure.message : String(failure)), busyAfterSuccess: true },
    );
  }

  return (
    <form className="mt-6 flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
      <Field label={t('username')}>
        {(props) => (
          <input
            {...props}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            className={`${props.className} h-11`}
          />
        )}
      </Field>
      <Field label={t('password')}>
        {(props) => (
          <input {...props} name="password" type="password" autoComplete="current-password" className={`${props.className} h-11`} />
        )}
      </Field>
      <Field label={t('code')}>
        {(props) => (
          <input
            {...props}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            className={`${props.className} h-11 tracking-widest`}
          />
        )}
      </Field>
      <FormError message={error} />
      <Button type="submit" disabled={busy} block>
        {busy ? t('sending') : t('submit')}
      </Button>
      <PasskeyLogin onError={setError} />
    </form>
  );
}
