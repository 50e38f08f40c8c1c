'use client';

import type { TPasskey, TPasskeyRegisterOptions } from '@llk/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { ceremonyFailure, createCredential, CeremonyError } from '@/features/account-passkeys/webauthn';
import { useStaffZone } from '@/features/admin/shell/use-staff-zone';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { adminApi } from '@/features/admin/shell/admin-api';
import { useAction } from '@/lib/use-action';

// /admin/passkeys (any staff session): the member's own passkeys, one added by name through the
// browser's prompt (options → navigator.credentials.create → register), one removed after a
// confirmation. Every change is audited by the API.

export function PasskeysScreen({ initial }: { initial: TPasskey[] }) {
  const zone = useStaffZone();
  const t = useTranslations('AdminPasskeys');
  const locale = useLocale();
  const [passkeys, setPasskeys] = useState(initial);
  const { busy, run } = useAction();
  const [removing, setRemoving] = useState<TPasskey | null>(null);
  const titleId = useId();

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim();
    if (!name || busy) return;
    // the API client has shown its message
    await run(async () => {
      const { options } = await adminApi.post<TPasskeyRegisterOptions>('/me/passkeys/registerOptions');
      let response;
      try {
        response = await createCredential(options);
      } catch (error) {
        toast.error(t(error instanceof CeremonyError ? error.reason : ceremonyFailure(error)));
        return;
      }
      const added = await adminApi.post<TPasskey>('/me/passkeys/register', { body: { name, response } });
      setPasskeys((list) => [...list, added]);
      form.reset();
      toast.success(t('addedToast'));
    });
  }

  async function remove() {
    if (!removing) return;
    // toasted
    await run(async () => {
      await adminApi.post('/me/passkeys/remove', { body: { id: removing.id } });
      setPasskeys((list) => list.filter((item) => item.id !== removing.id));
      setRemoving(null);
      toast.success(t('removedToast'));
    });
  }

  return (
    <section className="max-w-2xl">
      <h1 className="text-2xl font-semibold text-ink">{t('title')}</h1>
      <p className="mt-2 text-ink-muted">{t('intro')}</p>
      {passkeys.length === 0 ? (
        <p className="mt-6 text-ink-muted">{t('empty')}</p>
      ) : (
        <ul className="mt-6 grid gap-3" data-testid="admin-passkeys">
          {passkeys.map((passkey) => (
            <li
              key={passkey.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-line bg-canvas p-4"
            >
              <div className="min-w-0">
                <p className="font-medium break-words text-ink">{passkey.name}</p>
                <p className="text-xs text-ink-muted">
                  {t('added', { date: formatDateTime(passkey.createdAt, locale, zone) })} ·{' '}
                  {passkey.lastUsedAt ? t('lastUsed', { date: formatDateTime(passkey.lastUsedAt, locale, zone) }) : t('neverUsed')}
                </p>
              </div>
              <Button size="sm" variant="secondary" disabled={busy} onClick={() => setRemoving(passkey)}>
                {t('remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={(event) => void add(event)}>
        <Field label={t('name')} className="flex-1">
          {(props) => (
            <input
              {...props}
              name="name"
              required
              maxLength={64}
              placeholder={t('namePlaceholder')}
              autoComplete="off"
              className={`${props.className} h-11 w-full`}
            />
          )}
        </Field>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? t('adding') : t('add')}
        </Button>
      </form>
      <Dialog open={removing !== null} onClose={() => setRemoving(null)} titleId={titleId}>
        {removing ? (
          <div className="flex flex-col gap-4">
            <h2 id={titleId} className="text-lg font-semibold">
              {t('removeTitle', { name: removing.name })}
            </h2>
            <p className="text-sm text-ink-muted">{t('removeBody')}</p>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setRemoving(null)}>
                {t('cancel')}
              </Button>
              <Button variant="danger" disabled={busy} onClick={() => void remove()}>
                {t('remove')}
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </section>
  );
}
