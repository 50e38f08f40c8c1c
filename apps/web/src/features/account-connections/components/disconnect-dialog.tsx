'use client';

import type { TSessionRecord } from '@llk/contracts';
import { type ReactNode, useId, useRef, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { TTranslate } from '@/lib/texts';
import { toast } from '@/lib/toast';
import { useAction } from '@/lib/use-action';
import { disconnectSession } from '../connections-api';

// Disconnect asks first, in a small dialog that names which device loses the connection to which;
// a refusal (the session ended meanwhile, or is not the caller's) is shown inside the dialog in
// the API's words, where a toast would sit under the modal.

export interface TDisconnect {
  /** opens the dialog for a live record */
  ask: (record: TSessionRecord) => void;
  dialog: ReactNode;
}

export function useDisconnect({
  t,
  network,
  onDone,
}: {
  t: TTranslate;
  network: string;
  /** the API ended the record */
  onDone: (sessionId: string) => void;
}): TDisconnect {
  const [asking, setAsking] = useState<TSessionRecord | null>(null);
  const { busy, run, error, setError } = useAction();
  const titleId = useId();
  const keepRef = useRef<HTMLButtonElement>(null);

  async function confirm() {
    const record = asking;
    if (!record || busy) return;
    await run(
      async () => {
        await disconnectSession(record.id, network);
        setAsking(null);
        toast.success(t('live.done'));
        onDone(record.id);
      },
      { inline: (failure) => (failure instanceof Error ? failure.message : network) },
    );
  }

  const dialog = (
    <Dialog open={asking !== null} onClose={() => setAsking(null)} titleId={titleId} initialFocus={keepRef} testId="disconnect-dialog">
      <h3 id={titleId} className="text-lg font-semibold text-ink">
        {t('live.confirmTitle')}
      </h3>
      <p className="mt-2 text-sm text-ink-muted">
        {asking ? t('live.confirmBody', { name: asking.from.deviceName, device: asking.to.deviceName }) : ''}
      </p>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-700" data-testid="disconnect-error">
          {error}
        </p>
      ) : null}
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <button ref={keepRef} type="button" className={buttonClass({ variant: 'secondary' })} onClick={() => setAsking(null)}>
          {t('live.keep')}
        </button>
        <button
          type="button"
          className={buttonClass({ variant: 'danger' })}
          aria-disabled={busy || undefined}
          onClick={() => void confirm()}
          data-testid="disconnect-confirm"
        >
          {t('live.confirm')}
        </button>
      </div>
    </Dialog>
  );
  return {
    ask: (record) => {
      setError(null);
      setAsking(record);
    },
    dialog,
  };
}
