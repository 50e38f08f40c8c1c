'use client';

import type { TPasskeyLoginOptions } from '@llk/contracts';
import { ApiError } from '@llk/contracts/client';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { ceremonyFailure, getAssertion } from '@/features/account-passkeys/webauthn';
import { adminApi, safeNext } from '@/features/admin/shell/admin-api';
import { useAction } from '@/lib/use-action';

/**
 * "Log in with a passkey" under the staff log-in form: a challenge from POST
 * /admin/api/login/passkey/options, the browser's passkey prompt, then POST /admin/api/login/passkey.
 * A closed prompt or a browser without passkeys says so; the API's refusal is shown as it is.
 */
export function PasskeyLogin({ onError }: { onError: (message: string | null) => void }) {
  const t = useTranslations('AdminLogin');
  const { busy, run } = useAction();

  async function logIn() {
    onError(null);
    const quiet = { silent: true, ignoreUnauthorized: true, retry: false } as const;
    // signed in: busy until the next page replaces this one
    await run(
      async () => {
        const { options } = await adminApi.post<TPasskeyLoginOptions>('/login/passkey/options', quiet);
        const response = await getAssertion(options);
        await adminApi.post('/login/passkey', { body: { response }, ...quiet });
        window.location.assign(safeNext(new URLSearchParams(window.location.search).get('next')));
      },
      {
        onError: (failure) => {
          if (failure instanceof ApiError) onError(failure.message);
          else onError(ceremonyFailure(failure) === 'unsupported' ? t('passkeyUnsupported') : t('passkeyCancelled'));
        },
        busyAfterSuccess: true,
      },
    );
  }

  return (
    <div className="flex flex-col gap-2 border-t border-line pt-4">
      <p className="text-center text-xs text-ink-muted">{t('or')}</p>
      <Button variant="secondary" block disabled={busy} onClick={() => void logIn()} data-testid="admin-passkey-login">
        {t('passkey')}
      </Button>
      <p className="text-xs text-ink-muted">{t('passkeyHint')}</p>
    </div>
  );
}
