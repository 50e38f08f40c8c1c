'use client';

import type { TSendCodeResult } from '@llk/contracts';
import { useRouter } from '@/i18n/navigation';
import { session } from '@/lib/session';
import { toast } from '@/lib/toast';
import { type TFieldErrors, validate } from '../rules';
import { type TAuthTexts, phoneTexts } from '../texts';
import { useAuthForm } from '../use-auth-form';
import { Tabs } from '@/components/ui/tabs';
import { CodeField } from './code-field';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { PhoneField, usePhone } from '@/components/ui/phone-field';

type TChannel = 'mobile' | 'email';
type TResetValues = Record<TChannel, string> & { code: string; password: string; confirmPassword: string };

// POST /sms with smsType RESET sends the code to the phone or the email address; the
// password is then set by POST /modifyPwdByMobile or /modifyPwdByEmail (apps/api auth routes).
const CHANNELS = {
  mobile: { validate: validate.resetByMobile, endpoint: '/modifyPwdByMobile', type: 'tel', autoComplete: 'tel' },
  email: { validate: validate.resetByEmail, endpoint: '/modifyPwdByEmail', type: 'email', autoComplete: 'email' },
} as const;

function ResetByChannel({ channel, texts }: { channel: TChannel; texts: TAuthTexts }) {
  const router = useRouter();
  const config = CHANNELS[channel];
  const t = texts.form;
  const phoneText = phoneTexts(texts);
  const phone = usePhone(phoneText.locale);
  const form = useAuthForm(
    { [channel]: '', code: '', password: '', confirmPassword: '' } as TResetValues,
    (values: TResetValues) =>
      (config.validate as (values: TResetValues) => TFieldErrors)(
        channel === 'mobile' ? { ...values, mobile: phone.checked(values.mobile) } : values,
      ),
    texts,
  );
  /** The phone as E.164 (its country chosen), or the email address. */
  const address = async (values: TResetValues) => (channel === 'mobile' ? phone.settle(values.mobile) : values.email.trim());

  return (
    <form
      ref={form.formRef}
      noValidate
      onFocus={form.onFocus}
      onSubmit={form.onSubmit(async (api, v) => {
        await api.post(config.endpoint, {
          body: { [channel]: await address(v), code: v.code.trim(), password: v.password, confirmPassword: v.confirmPassword },
        });
        // The API ends every session of the account: log in again with the new password.
        session.clear();
        // said as what happened, and the log-in opens on the password tab
        toast.success(texts.success.passwordReset ?? '');
        router.push('/login?tab=password');
      })}
      className="space-y-4"
    >
      {channel === 'mobile' ? (
        <PhoneField label={t.mobile ?? ''} phone={phone} texts={phoneText} {...form.field('mobile')} />
      ) : (
        <TextField
          label={t[channel] ?? ''}
          type={config.type}
          inputMode={config.type}
          autoComplete={config.autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          {...form.field(channel)}
        />
      )}
      <CodeField
        label={t.code ?? ''}
        field={form.field('code')}
        texts={texts}
        canSend={() => form.check(channel)}
        onError={(error) => form.serverError(error)}
        send={async (api) => api.post<TSendCodeResult>('/sms', { body: { [channel]: await address(form.values), smsType: 'RESET' } })}
      />
      <TextField label={t.password ?? ''} type="password" autoComplete="new-password" {...form.field('password')} />
      <TextField label={t.confirmPassword ?? ''} type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
      <Button type="submit" block aria-disabled={form.busy || undefined}>
        {t.submit}
      </Button>
    </form>
  );
}

/** /resetPW: by phone or by email. */
export function ResetForm({ texts }: { texts: TAuthTexts }) {
  const t = texts.form;
  return (
    <Tabs
      label={t.tabsLabel ?? ''}
      tabs={[
        { value: 'mobile', title: t.byPhone ?? '', panel: <ResetByChannel channel="mobile" texts={texts} /> },
        { value: 'email', title: t.byEmail ?? '', panel: <ResetByChannel channel="email" texts={texts} /> },
      ]}
    />
  );
}
