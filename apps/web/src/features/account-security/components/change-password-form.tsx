'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { loadApi } from '@/lib/load-api';
import { toast } from '@/lib/toast';
import type { TSecurityTexts } from '../texts';
import { useAction } from '@/lib/use-action';

/** Change password: the current one and a new one twice. Every other device is signed out. */
export function ChangePasswordForm({ texts }: { texts: TSecurityTexts }) {
  const t = texts.password;
  const router = useRouter();
  const [values, setValues] = useState({ oldPassword: '', password: '', confirmPassword: '' });
  const [tried, setTried] = useState(false);
  const { busy, run } = useAction();
  const missing = (name: keyof typeof values) => (tried && !values[name] ? t.required : undefined);
  const mismatch = tried && values.confirmPassword && values.password !== values.confirmPassword ? t.mismatch : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (busy || !values.oldPassword || !values.password || values.password !== values.confirmPassword) return;
    // a failure: the API client has toasted errmsg
    void run(() =>
      loadApi(texts.network)
        .then((api) => api.post('/user/changePassword', { body: values }))
        .then(() => {
          toast.success(texts.success.modificationSucceeded ?? '');
          setValues({ oldPassword: '', password: '', confirmPassword: '' });
          setTried(false);
          router.refresh();
        }),
    );
  }

  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid max-w-md gap-4" onFocus={() => void loadApi().catch(() => undefined)}>
      <TextField
        label={t.old ?? ''}
        type="password"
        autoComplete="current-password"
        error={missing('oldPassword')}
        {...field('oldPassword')}
      />
      <TextField label={t.new ?? ''} type="password" autoComplete="new-password" error={missing('password')} {...field('password')} />
      <TextField
        label={t.confirm ?? ''}
        type="password"
        autoComplete="new-password"
        error={missing('confirmPassword') ?? mismatch}
        {...field('confirmPassword')}
      />
      <div>
        <Button type="submit" aria-disabled={busy || undefined}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}
