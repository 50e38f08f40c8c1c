'use client';

import type { TSendCodeResult } from '@llk/contracts';
import type { TApiClient } from '@llk/contracts/client';
import { useEffect, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { fill } from '@/lib/format';
import { loadApi } from '@/lib/load-api';
import { toast } from '@/lib/toast';
import type { TAuthTexts } from '../texts';

const DEFAULT_WAIT_S = 60;

/**
 * The code request button: 'receive code' → after sending, 'sent' with a
 * countdown (disabled) → 'resend'. `canSend` checks the target field first (and shows its
 * error); `send` calls the API, whose client toasts errmsg on failure.
 */
export function CodeButton({
  texts,
  canSend,
  send,
  onError,
}: {
  texts: TAuthTexts;
  canSend: () => boolean;
  send: (api: TApiClient) => Promise<TSendCodeResult>;
  /** the failure (already toasted): a form shows a field's rule under the field (useAuthForm's serverError) */
  onError?: (error: unknown) => void;
}) {
  const [phase, setPhase] = useState<'idle' | 'sending' | 'waiting' | 'again'>('idle');
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (phase !== 'waiting') return;
    if (left <= 0) {
      setPhase('again');
      return;
    }
    const timer = setTimeout(() => setLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [phase, left]);

  async function onClick() {
    if (phase === 'sending' || phase === 'waiting' || !canSend()) return;
    const previous = phase;
    setPhase('sending');
    try {
      const result = await send(await loadApi(texts.network));
      toast.success(fill(texts.success.codeSent ?? '', { target: result.target }));
      setLeft(result.resendAfterSeconds > 0 ? result.resendAfterSeconds : DEFAULT_WAIT_S);
      setPhase('waiting');
    } catch (error) {
      setPhase(previous);
      onError?.(error);
    }
  }

  const label = phase === 'waiting' ? fill(texts.code.sent, { seconds: left }) : phase === 'again' ? texts.code.resend : texts.code.receive;
  return (
    <button
      type="button"
      // the handler reports its own failures (the phase goes back); nothing awaits a click
      onClick={() => void onClick()}
      disabled={phase === 'waiting'}
      aria-busy={phase === 'sending' || undefined}
      className={buttonClass({ variant: 'outline', size: 'field' })}
    >
      {label}
    </button>
  );
}
