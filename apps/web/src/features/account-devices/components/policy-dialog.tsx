'use client';

import type { TDevice, TLoginWay } from '@llk/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { TTranslate } from '@/lib/texts';
import { toast } from '@/lib/toast';
import { updateDevice } from '../devices-api';
import { POLICIES } from '../rules';
import { useAction } from '@/lib/use-action';

// A device's permission level (its LoginWay policy): the five levels with what each allows,
// in the words of the guide's table (ADR 0017). The device learns it at its next heartbeat.

interface TPolicyDialogProps {
  device: TDevice | null;
  onClose: () => void;
  onSaved: (device: TDevice) => void;
  t: TTranslate;
  network: string;
}

export function PolicyDialog({ device, onClose, onSaved, t, network }: TPolicyDialogProps) {
  const titleId = useId();
  const [policy, setPolicy] = useState<TLoginWay>('ALL');
  const { busy, run, error: failure, setError: setFailure } = useAction();

  useEffect(() => {
    if (device) setPolicy(device.policy);
    setFailure(null);
  }, [device, setFailure]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!device || busy) return;
    await run(
      async () => {
        const saved = await updateDevice(device.id, { policy }, network, true);
        toast.success(t('policies.saved'));
        onSaved(saved);
      },
      { inline: (error) => (error instanceof Error ? error.message : network) },
    );
  }

  return (
    <Dialog open={device !== null} onClose={onClose} titleId={titleId} testId="policy-dialog">
      {device ? (
        <form onSubmit={(event) => void save(event)}>
          <h3 id={titleId} className="text-lg font-semibold break-words text-ink">
            {t('policies.title', { name: device.name })}
          </h3>
          <p className="mt-2 text-sm text-ink-muted">{t('policies.lede')}</p>
          <fieldset className="mt-4 space-y-2">
            <legend className="sr-only">{t('policies.title', { name: device.name })}</legend>
            {POLICIES.map((value) => (
              <div
                key={value}
                className="flex gap-3 rounded-control border border-line p-3 has-checked:border-brand-600 has-checked:bg-brand-50"
              >
                <input
                  type="radio"
                  id={`${titleId}-${value}`}
                  name="policy"
                  value={value}
                  checked={policy === value}
                  onChange={() => setPolicy(value)}
                  aria-describedby={`${titleId}-${value}-hint`}
                  className="mt-1 size-4 shrink-0 accent-brand-600"
                />
                <div className="min-w-0">
                  <label htmlFor={`${titleId}-${value}`} className="block cursor-pointer font-medium text-ink">
                    {t(`policies.${value}`)}
                  </label>
                  <p id={`${titleId}-${value}-hint`} className="text-sm text-ink-muted">
                    {t(`policies.${value}Hint`)}
                  </p>
                </div>
              </div>
            ))}
          </fieldset>
          {failure ? (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {failure}
            </p>
          ) : null}
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={onClose}>
              {t('policies.cancel')}
            </Button>
            <Button type="submit" aria-disabled={busy || undefined} data-testid="policy-save">
              {t('policies.save')}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
