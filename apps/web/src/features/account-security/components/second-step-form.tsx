'use client';

import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { loadApi } from '@/lib/load-api';
import { isSecondStepInput } from '../texts';
import { useAction } from '@/lib/use-action';

/**
 * The second step of a log-in (after the password or the SMS code): a code from the
 * authenticator app or a backup code for the challenge the first step answered with.
 */
export function SecondStepForm({
  challengeId,
  texts,
  network,
  onDone,
  onBack,
}: {
  challengeId: string;
  texts: Record<string, string>;
  network: string;
  onDone: () => void;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const { busy, run } = useAction();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (busy || !isSecondStepInput(code)) return;
    // a failure: the API client has toasted errmsg
    void run(() =>
      loadApi(network)
        .then((api) => api.post('/h5Login/verifyTotp', { body: { challengeId, code: code.trim() } }))
        .then(onDone),
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="second-step" data-second-step>
      <div className="space-y-1">
        <h2 className="text-lg font-semibold text-ink">{texts.title}</h2>
        <p className="text-sm text-ink-muted">{texts.lede}</p>
      </div>
      <TextField
        label={texts.code ?? ''}
        name="totp"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        hint={texts.hint}
        error={tried && !isSecondStepInput(code) ? texts.invalid : undefined}
      />
      <Button type="submit" block aria-disabled={busy || undefined}>
        {texts.submit}
      </Button>
      <Button variant="secondary" block onClick={onBack}>
        {texts.back}
      </Button>
    </form>
  );
}
