'use client';

import type { TDevice, TDeviceShare, TSharePermission } from '@llk/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, TextField } from '@/components/ui/field';
import type { TTranslate } from '@/lib/texts';
import { toast } from '@/lib/toast';
import { endShare, listShares, shareDevice } from '../devices-api';
import { ACCOUNT_MAX, PERMISSIONS, textError } from '../rules';
import { useAction } from '@/lib/use-action';

// Sharing one device. For an own device: share it with an account (username, phone or email)
// and a permission, see who has it (directly or through its group) and stop a share. For a
// device shared with me: who shares it and how, and leaving the share. Refusals of the API
// (unknown account, oneself) are shown in the dialog in the API's words.

interface TShareDialogProps {
  device: TDevice | null;
  onClose: () => void;
  /** after leaving a share: the device is no longer on my list */
  onLeft: () => void;
  t: TTranslate;
  validation: Record<string, string>;
  network: string;
}

type TShares = { given: TDeviceShare[]; received: TDeviceShare[] } | null;

function sharesOf(
  device: TDevice,
  all: { given: TDeviceShare[]; received: TDeviceShare[] },
): { given: TDeviceShare[]; received: TDeviceShare[] } {
  return {
    given: all.given.filter((share) => share.deviceId === device.id || (device.groupId !== null && share.groupId === device.groupId)),
    // a group share does not say which devices it holds: it names the owner, who shares this one
    received: all.received.filter(
      (share) => share.deviceId === device.id || (share.groupId !== null && share.owner.userId === device.sharedBy?.userId),
    ),
  };
}

export function ShareDialog({ device, onClose, onLeft, t, validation, network }: TShareDialogProps) {
  const titleId = useId();
  const [shares, setShares] = useState<TShares>(null);
  const [account, setAccount] = useState('');
  const [permission, setPermission] = useState<TSharePermission>('CONTROL');
  const [touched, setTouched] = useState(false);
  const { busy, run, error: failure, setError: setFailure } = useAction();
  const deviceId = device?.id;

  async function reload(target: TDevice) {
    try {
      setShares(sharesOf(target, await listShares(network)));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : network);
    }
  }

  useEffect(() => {
    setShares(null);
    setAccount('');
    setPermission('CONTROL');
    setTouched(false);
    setFailure(null);
    if (device) void reload(device);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per device opened
  }, [deviceId]);

  const invalid = textError(account, ACCOUNT_MAX);

  async function share(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (!device || invalid || busy) return;
    await run(
      async () => {
        await shareDevice(device.id, account.trim(), permission, network);
        toast.success(t('share.shared'));
        setAccount('');
        setTouched(false);
        await reload(device);
      },
      { inline: (error) => (error instanceof Error ? error.message : network) },
    );
  }

  async function end(share: TDeviceShare, leaving: boolean) {
    if (!device || busy) return;
    await run(
      async () => {
        await endShare(share.id, network);
        toast.success(leaving ? t('share.left') : t('share.unshared'));
        if (leaving) onLeft();
        else await reload(device);
      },
      { inline: (error) => (error instanceof Error ? error.message : network) },
    );
  }

  const own = device?.sharedBy === null;
  const permissionName = (value: TSharePermission) => t(`permissions.${value}`);

  return (
    <Dialog open={device !== null} onClose={onClose} titleId={titleId} testId="share-dialog">
      {device ? (
        <div className="space-y-4">
          <h3 id={titleId} className="text-lg font-semibold break-words text-ink">
            {own ? t('share.title', { name: device.name }) : t('share.receivedTitle', { name: device.name })}
          </h3>
          {own ? (
            <>
              <p className="text-sm text-ink-muted">{t('share.lede')}</p>
              <form onSubmit={(event) => void share(event)} noValidate className="space-y-3" data-testid="share-form">
                <TextField
                  label={t('share.accountLabel')}
                  hint={t('share.accountHint')}
                  name="shareAccount"
                  value={account}
                  maxLength={ACCOUNT_MAX + 16}
                  autoComplete="off"
                  error={touched && invalid ? (validation[invalid] ?? invalid) : undefined}
                  onChange={(event) => setAccount(event.target.value)}
                />
                <Field label={t('share.permissionLabel')} hint={t(`permissions.${permission}Hint`)}>
                  {(control) => (
                    <select
                      {...control}
                      name="sharePermission"
                      className={`${control.className} h-11`}
                      value={permission}
                      onChange={(event) => setPermission(event.target.value as TSharePermission)}
                    >
                      {PERMISSIONS.map((value) => (
                        <option key={value} value={value}>
                          {permissionName(value)}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Button type="submit" aria-disabled={busy || undefined} className="w-full sm:w-auto" data-testid="share-submit">
                  {t('share.submit')}
                </Button>
              </form>
            </>
          ) : null}
          {failure ? (
            <p role="alert" className="rounded-control bg-red-50 p-3 text-sm text-red-800" data-testid="share-error">
              {failure}
            </p>
          ) : null}
          {shares === null ? (
            <p role="status" className="text-sm text-ink-muted">
              {t('share.loading')}
            </p>
          ) : own ? (
            <section>
              <h4 className="text-sm font-semibold text-ink">{t('share.current')}</h4>
              {shares.given.length === 0 ? (
                <p className="mt-1 text-sm text-ink-muted" data-testid="share-none">
                  {t('share.none')}
                </p>
              ) : (
                <ul className="mt-2 divide-y divide-line rounded-control border border-line" data-testid="share-list">
                  {shares.given.map((share) => (
                    <li key={share.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm" data-testid="share">
                      <span className="min-w-0 break-words">
                        <span className="font-medium text-ink">{share.recipient.name}</span> · {permissionName(share.permission)}
                        {share.groupId ? (
                          <span className="block text-ink-muted">{t('share.viaGroup', { name: share.targetName })}</span>
                        ) : null}
                      </span>
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={t('share.unshareLabel', { name: share.recipient.name })}
                        onClick={() => void end(share, false)}
                        data-testid="share-end"
                      >
                        {t('share.unshare')}
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ) : (
            <ul className="space-y-3" data-testid="share-received">
              {shares.received.map((share) => (
                <li key={share.id} className="space-y-2 text-sm text-ink-muted">
                  <p>
                    {share.groupId
                      ? t('share.receivedGroup', { owner: share.owner.name, group: share.targetName })
                      : t('share.receivedBody', { owner: share.owner.name, permission: permissionName(share.permission) })}
                  </p>
                  <Button
                    variant="danger"
                    size="sm"
                    aria-disabled={busy || undefined}
                    onClick={() => void end(share, true)}
                    data-testid="share-leave"
                  >
                    {t('share.leave')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              {t('share.close')}
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
