'use client';

import type { TAdminSetupStart } from '@llk/contracts';
import { ApiError } from '@llk/contracts/client';
import { useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { QrCode } from '@/components/qr-code';
import { adminApi } from '@/features/admin/shell/admin-api';
import { FormError } from '@/features/admin/shell/components/form-error';
import { useAction } from '@/lib/use-action';

// The one-time set-up link (…/admin/setup#token=…; in the fragment, so it never reaches a server
// log): a new authenticator secret as QR code and key, then password and a first code
// (POST /admin/api/setup), which also signs in.

function tokenFromHash(): string | null {
  return new URLSearchParams(window.location.hash.slice(1)).get('token');
}

export function SetupForm({ roles }: { roles: Record<string, string> }) {
  const t = useTranslations('AdminSetup');
  const [token, setToken] = useState<string | null>(null);
  const [start, setStart] = useState<TAdminSetupStart | null>(null);
  const [loading, setLoading] = useState(true);
  const { busy, run, error, setError } = useAction();

  useEffect(() => {
    const found = tokenFromHash();
    setToken(found);
    if (!found) {
      setLoading(false);
      return;
    }
    adminApi
      .post<TAdminSetupStart>('/setup/start', { body: { token: found }, silent: true, ignoreUnauthorized: true, retry: false })
      .then(setStart, (failure: unknown) => setError(failure instanceof ApiError ? failure.message : String(failure)))
      .finally(() => setLoading(false));
  }, [setError]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token || !start) return;
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password !== String(form.get('confirm') ?? '')) {
      setError(t('mismatch'));
      return;
    }
    // set up: busy until the back office replaces this page
    await run(
      async () => {
        const language = document.documentElement.lang === 'en' ? 'en' : 'zh-CN';
        await adminApi.post('/setup', {
          body: { token, password, secret: start.secret, code: String(form.get('code') ?? '').trim(), language },
          silent: true,
          ignoreUnauthorized: true,
          retry: false,
        });
        window.history.replaceState(null, '', window.location.pathname);
        window.location.replace(new URL('/admin', window.location.origin).href);
      },
      { inline: (failure) => (failure instanceof ApiError ? failure.message : String(failure)), busyAfterSuccess: true },
    );
  }

  if (loading) return <p className="mt-4 text-sm text-ink-muted">{t('loading')}</p>;
  if (!token)
    return (
      <p className="mt-4 text-sm text-red-700" role="alert">
        {t('noToken')}
      </p>
    );
  if (!start)
    return (
      <div className="mt-4">
        <FormError message={error} />
      </div>
    );

  return (
    <>
      <p className="mt-2 text-sm text-ink-muted">{t('intro', { username: start.username, role: roles[start.role] ?? start.role })}</p>
      <p className="mt-6 text-sm text-ink">{t('step1')}</p>
      <div className="mt-3 flex flex-col items-center gap-2">
        <QrCode value={start.uri} label={t('qrLabel')} size={192} />
        <p className="text-center text-sm text-ink-muted">
          {t('secret')}:{' '}
          <code className="break-all font-mono text-ink" data-testid="totp-secret">
            {start.secret}
          </code>
        </p>
      </div>
      <p className="mt-6 text-sm text-ink">{t('step2')}</p>
      <form className="mt-4 flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('password')} hint={t('passwordHint')}>
          {(props) => (
            <input {...props} name="password" type="password" autoComplete="new-password" className={`${props.className} h-11`} />
          )}
        </Field>
        <Field label={t('confirm')}>
          {(props) => <input {...props} name="confirm" type="password" autoComplete="new-password" className={`${props.className} h-11`} />}
        </Field>
        <Field label={t('code')} hint={t('codeHint')}>
          {(props) => (
            <input
              {...props}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              className={`${props.className} h-11 tracking-widest`}
            />
          )}
        </Field>
        <FormError message={error} />
        <Button type="submit" disabled={busy} block>
          {busy ? t('sending') : t('submit')}
        </Button>
      </form>
    </>
  );
}
