'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useContinueAfterLogin } from '@/features/auth/use-continue-after-login';
import type { TPasskeyLoginTexts } from '../texts';
import { useAction } from '@/lib/use-action';

// "Log in with a passkey" under the log-in form: no account typed, the browser offers this
// site's passkeys. A passkey log-in needs no second step. Afterwards the page continues like
// any log-in (redirectUrl, clientType carried). The ceremony's code is loaded on the click, not
// with the page (the log-in page's first-load budget).

const loadCeremony = () => Promise.all([import('../passkeys-api'), import('../webauthn')]);

export default function PasskeyLoginButton({ texts }: { texts: TPasskeyLoginTexts }) {
  const t = texts.login;
  const next = useContinueAfterLogin();
  const { busy, run } = useAction();
  const [note, setNote] = useState<string | null>(null);

  async function logIn() {
    if (busy) return;
    setNote(null);
    await run(async () => {
      let ceremony: Awaited<ReturnType<typeof loadCeremony>>;
      try {
        ceremony = await loadCeremony();
      } catch {
        toast.error(texts.network);
        return;
      }
      const [{ logInWithPasskey }, { CeremonyError, webAuthnAvailable }] = ceremony;
      if (!webAuthnAvailable()) {
        setNote(t.unsupported ?? '');
        return;
      }
      try {
        await logInWithPasskey(texts.network);
        toast.success(texts.loginSucceeded);
        next();
      } catch (error) {
        // API refusals (removed passkey, expired request) were toasted by the API client.
        if (error instanceof CeremonyError) setNote(t[error.reason === 'alreadyRegistered' ? 'failed' : error.reason] ?? t.failed ?? '');
      }
    });
  }

  return (
    <div className="space-y-2">
      <div className="flex items-center gap-3 text-sm text-ink-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-line" />
        {t.or}
        <span className="h-px flex-1 bg-line" />
      </div>
      <Button variant="secondary" block onClick={() => void logIn()} aria-disabled={busy || undefined} data-testid="passkey-login">
        {t.button}
      </Button>
      {note ? (
        <p role="status" className="text-sm text-amber-900" data-testid="passkey-login-note">
          {note}
        </p>
      ) : null}
    </div>
  );
}
