'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useVisitorZone } from '@/components/local-time';
import { fill, formatDateTime } from '@/lib/format';
import { loadApi } from '@/lib/load-api';
import { toast } from '@/lib/toast';
import { afterSignOut, deviceLabel, placeLabel, type TSecurityTexts, type TSessionView } from '../texts';

/** The signed-in devices, this one first, with "sign out" on each other one and for all others. */
export function SessionsList({ initial, languageTag, texts }: { initial: TSessionView[]; languageTag: string; texts: TSecurityTexts }) {
  const zone = useVisitorZone();
  const t = texts.sessions;
  const [sessions, setSessions] = useState(() => [...initial].sort((a, b) => Number(b.current) - Number(a.current)));
  const [busy, setBusy] = useState<string | null>(null);
  const others = sessions.filter((session) => !session.current).length;

  function signOut(target: string | 'others') {
    if (busy) return;
    setBusy(target);
    loadApi(texts.network)
      .then((api) =>
        target === 'others' ? api.post('/user/sessions/revokeOthers') : api.post('/user/sessions/revoke', { body: { id: target } }),
      )
      .then(() => {
        toast.success(t.signedOut ?? '');
        setSessions((current) => afterSignOut(current, target));
      })
      .catch(() => undefined) // the API client has toasted errmsg
      .finally(() => setBusy(null));
  }

  return (
    <div className="space-y-4">
      <ul className="divide-y divide-line rounded-card border border-line" data-testid="sessions">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-start justify-between gap-3 p-4" data-session-id={session.id}>
            <div className="min-w-0 space-y-1">
              <p className="font-medium text-ink">
                {deviceLabel(session, t)}
                {session.current ? (
                  <span className="ms-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">{t.thisDevice}</span>
                ) : null}
              </p>
              <p className="text-sm text-ink-muted">
                {t.clientTypes?.[session.clientType] ?? session.clientType} ·{' '}
                {placeLabel(session.ip, session.location.countryName, t.unknownLocation ?? '')}
              </p>
              <p className="text-sm text-ink-muted">
                {fill(t.firstSeen, { date: formatDateTime(session.createdAt, languageTag, zone) })} ·{' '}
                {fill(t.lastSeen, { date: formatDateTime(session.lastSeenAt, languageTag, zone) })}
              </p>
            </div>
            {session.current ? null : (
              <Button variant="secondary" size="sm" onClick={() => signOut(session.id)} aria-disabled={busy !== null || undefined}>
                {t.signOut}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Button variant="danger" onClick={() => signOut('others')} aria-disabled={busy !== null || undefined}>
          {t.signOutOthers}
        </Button>
      ) : (
        <p className="text-sm text-ink-muted">{t.onlyThis}</p>
      )}
    </div>
  );
}
