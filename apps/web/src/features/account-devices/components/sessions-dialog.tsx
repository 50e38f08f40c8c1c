'use client';

import type { TAccessAlert, TDevice, TSessionRecord } from '@llk/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from '@/components/link';
import { Button, buttonClass } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { TTranslate } from '@/lib/texts';
import { useAction } from '@/lib/use-action';
import { loadAlerts, loadDeviceSessions, saveAlert } from '@/features/account-connections/connections-api';
import { SessionRow } from '@/features/account-connections/components/session-row';

// A device's sessions on the devices page: whether it is in one now, its 10 most recent
// sessions, the link to all of them on /account/connections, and for an own device the access
// alerts ("tell me when someone connects": email, SMS, the site's header). The API's refusals
// are shown inside the dialog.

/** How many recent sessions the dialog lists. */
export const RECENT_SESSIONS = 10;

type TChannels = Pick<TAccessAlert, 'email' | 'sms' | 'header'>;
const NO_ALERTS: TChannels = { email: false, sms: false, header: false };

interface TSessionsDialogProps {
  device: TDevice | null;
  /** the device is in a session now (from the page's GET /session/live) */
  live: boolean;
  onClose: () => void;
  /** over the AccountConnections texts */
  t: TTranslate;
  tag: string;
  timeZone: string;
  network: string;
}

export function SessionsDialog({ device, live, onClose, t, tag, timeZone, network }: TSessionsDialogProps) {
  const [sessions, setSessions] = useState<TSessionRecord[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [alerts, setAlerts] = useState<TChannels | null>(null);
  const [saved, setSaved] = useState(false);
  const { busy, run, error, setError } = useAction();
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const id = device?.id;
  const mine = device?.sharedBy === null;

  useEffect(() => {
    if (!id) return;
    let current = true;
    setSessions(null);
    setFailed(null);
    setAlerts(null);
    setSaved(false);
    setError(null);
    loadDeviceSessions(id, RECENT_SESSIONS, network)
      .then((page) => current && setSessions(page.items))
      .catch((failure: unknown) => current && setFailed(failure instanceof Error ? failure.message : network));
    if (mine)
      loadAlerts(network)
        .then((answer) => {
          if (!current) return;
          const found = answer.items.find((item) => item.deviceId === id);
          setAlerts(found ? { email: found.email, sms: found.sms, header: found.header } : NO_ALERTS);
        })
        .catch((failure: unknown) => current && setFailed(failure instanceof Error ? failure.message : network));
    return () => {
      current = false;
    };
  }, [id, mine, network, setError]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!id || !alerts || busy) return;
    setSaved(false);
    await run(
      async () => {
        await saveAlert({ deviceId: id, ...alerts }, network);
        setSaved(true);
      },
      { inline: (failure) => (failure instanceof Error ? failure.message : network) },
    );
  }

  const inSession = live || (sessions ?? []).some((session) => session.status === 'LIVE');
  return (
    <Dialog open={device !== null} onClose={onClose} titleId={titleId} initialFocus={closeRef} testId="device-sessions-dialog">
      <div className="max-h-[80vh] space-y-4 overflow-y-auto">
        <h3 id={titleId} className="text-lg font-semibold break-all text-ink">
          {t('device.title', { name: device?.name ?? '' })}
        </h3>
        <p className="text-sm text-ink-muted" data-testid="device-sessions-live" data-live={inSession}>
          {inSession ? t('device.inSession') : t('device.idle')}
        </p>
        {failed ? (
          <p role="alert" className="text-sm text-red-700" data-testid="device-sessions-failed">
            {failed}
          </p>
        ) : null}
        <section className="space-y-2">
          <h4 className="font-medium text-ink">{t('device.recent')}</h4>
          {sessions === null ? (
            failed ? null : (
              <p className="text-sm text-ink-muted" role="status" data-testid="device-sessions-loading">
                {t('device.loading')}
              </p>
            )
          ) : sessions.length === 0 ? (
            <p className="text-sm text-ink-muted" data-testid="device-sessions-empty">
              {t('device.none')}
            </p>
          ) : (
            <ul className="divide-y divide-line rounded-control border border-line" data-testid="device-sessions-list">
              {sessions.map((session) => (
                <SessionRow key={session.id} record={session} t={t} tag={tag} timeZone={timeZone} compact />
              ))}
            </ul>
          )}
          {id ? (
            <Link
              href={`/account/connections?deviceId=${encodeURIComponent(id)}`}
              className="inline-block text-sm font-medium text-brand-700 underline underline-offset-2"
              data-testid="device-sessions-all"
            >
              {t('device.all')}
            </Link>
          ) : null}
        </section>
        {mine && alerts ? (
          <form onSubmit={(event) => void save(event)} className="space-y-2" data-testid="device-alerts">
            <h4 className="font-medium text-ink">{t('device.alerts')}</h4>
            <p className="text-sm text-ink-muted">{t('device.alertsLede')}</p>
            {(['email', 'sms', 'header'] as const).map((channel) => (
              <label key={channel} className="flex min-h-11 items-center gap-2 text-sm text-ink">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={alerts[channel]}
                  onChange={(event) => {
                    setSaved(false);
                    setAlerts({ ...alerts, [channel]: event.target.checked });
                  }}
                  data-testid={`alert-${channel}`}
                />
                {t(`device.${channel}`)}
              </label>
            ))}
            {error ? (
              <p role="alert" className="text-sm text-red-700" data-testid="alert-error">
                {error}
              </p>
            ) : null}
            {saved ? (
              <p role="status" className="text-sm text-green-800" data-testid="alert-saved">
                {t('device.saved')}
              </p>
            ) : null}
            <Button type="submit" size="sm" aria-disabled={busy || undefined} data-testid="alert-save">
              {t('device.save')}
            </Button>
          </form>
        ) : null}
        <div className="flex justify-end">
          <button ref={closeRef} type="button" className={buttonClass({ variant: 'secondary' })} onClick={onClose}>
            {t('device.close')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
