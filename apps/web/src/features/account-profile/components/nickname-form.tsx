'use client';

import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useAuthForm } from '@/features/auth/use-auth-form';
import { toast } from '@/lib/toast';
import { nicknameError } from '../contact-flow';
import type { TProfileTexts } from '../texts';

/** The nickname, editable (POST /user/updateProfile); the username beside it is not. */
export function NicknameForm({ texts, nickname }: { texts: TProfileTexts; nickname: string }) {
  const router = useRouter();
  const t = texts.form;
  const form = useAuthForm({ nickname }, (v) => (nicknameError(v.nickname) ? { nickname: nicknameError(v.nickname) } : {}), texts);
  return (
    <form
      ref={form.formRef}
      noValidate
      onFocus={form.onFocus}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={form.onSubmit(async (api, v) => {
        await api.post('/user/updateProfile', { body: { nickname: v.nickname.trim() } });
        toast.success(texts.success.modificationSucceeded ?? '');
        router.refresh();
      })}
    >
      <TextField
        label={t.nickname ?? ''}
        hint={t.nicknameHint}
        maxLength={64}
        autoComplete="nickname"
        className="min-w-0 flex-1"
        {...form.field('nickname')}
      />
      <Button type="submit" variant="secondary" className="sm:mt-7" aria-disabled={form.busy || undefined}>
        {t.save}
      </Button>
    </form>
  );
}
