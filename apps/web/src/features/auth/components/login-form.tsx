'use client';

import type { TSendCodeResult } from '@llk/contracts';
import type { TApiClient } from '@llk/contracts/client';
import { toast } from '@/lib/toast';
import { accountKind, validate } from '../rules';
import type { TAuthTexts } from '../texts';
import { useAuthForm } from '../use-auth-form';
import { useContinueAfterLogin } from '../use-continue-after-login';
import { Tabs } from '@/components/ui/tabs';
import { CodeButton } from './code-button';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';

async function logIn(api: TApiClient, body: Record<string, unknown>, texts: TAuthTexts, next: () => void) {
  await api.post('/h5Login', { body });
  toast.success(texts.success.loginSucceeded ?? '');
  next();
}

function CodeLogin({ texts }: { texts: TAuthTexts }) {
  const next = useContinueAfterLogin();
  const form = useAuthForm({ mobile: '', code: '' }, validate.codeLogin, texts);
  const t = texts.form;
  return (
    <form
      ref={form.formRef}
      noValidate
      onFocus={form.onFocus}
      onSubmit={form.onSubmit((api, v) => logIn(api, { loginType: 'mobile', mobile: v.mobile.trim(), code: v.code.trim() }, texts, next))}
      className="space-y-4"
    >
      <TextField label={t.mobile ?? ''} type="tel" inputMode="tel" autoComplete="tel" {...form.field('mobile')} />
      <TextField
        label={t.code ?? ''}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        {...form.field('code')}
        addon={
          <CodeButton
            texts={texts}
            canSend={() => form.check('mobile')}
            send={(api) => api.post<TSendCodeResult>('/sms', { body: { mobile: form.values.mobile.trim(), smsType: 'LOGIN' } })}
          />
        }
      />
      <Button type="submit" block aria-disabled={form.busy || undefined}>
        {t.submit}
      </Button>
    </form>
  );
}

/** The API looks the account up by the kind the user typed: a phone, an email or a username. */
function PasswordLogin({ texts }: { texts: TAuthTexts }) {
  const next = useContinueAfterLogin();
  const form = useAuthForm({ account: '', password: '' }, validate.passwordLogin, texts);
  const t = texts.form;
  return (
    <form
      ref={form.formRef}
      noValidate
      onFocus={form.onFocus}
      onSubmit={form.onSubmit((api, v) => logIn(api, { loginType: accountKind(v.account), account: v.account.trim(), password: v.password }, texts, next))}
      className="space-y-4"
    >
      <TextField label={t.account ?? ''} autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.field('account')} />
      <TextField label={t.password ?? ''} type="password" autoComplete="current-password" {...form.field('password')} />
      <Button type="submit" block aria-disabled={form.busy || undefined}>
        {t.submit}
      </Button>
    </form>
  );
}

/** /login: verification-code log-in and password log-in (spec section 2). */
export function LoginForm({ texts }: { texts: TAuthTexts }) {
  const t = texts.form;
  return (
    <Tabs
      label={t.tabsLabel ?? ''}
      tabs={[
        { value: 'code', title: t.codeTab ?? '', panel: <CodeLogin texts={texts} /> },
        { value: 'password', title: t.passwordTab ?? '', panel: <PasswordLogin texts={texts} /> },
      ]}
    />
  );
}
