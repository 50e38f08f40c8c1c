'use client';

import { useState } from 'react';
import { loadApi } from '@/lib/load-api';
import { toast } from '@/lib/toast';
import type { TSecurityTexts } from '../texts';

/** The new-device sign-in alerts switch (on by default); saved as soon as it changes. */
export function AlertsSwitch({ initial, texts }: { initial: boolean; texts: TSecurityTexts }) {
  const [on, setOn] = useState(initial);
  const [busy, setBusy] = useState(false);

  function toggle(next: boolean) {
    if (busy) return;
    setBusy(true);
    setOn(next);
    loadApi(texts.network)
      .then((api) => api.post<{ newDeviceAlerts: boolean }>('/user/notificationSettings', { body: { newDeviceAlerts: next } }))
      .then((data) => {
        setOn(data.newDeviceAlerts);
        toast.success(texts.success.modificationSucceeded ?? '');
      })
      .catch(() => setOn(!next)) // the API client has toasted errmsg
      .finally(() => setBusy(false));
  }

  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3">
      <input type="checkbox" role="switch" className="size-5 accent-brand-600" checked={on} aria-busy={busy || undefined} onChange={(event) => toggle(event.target.checked)} />
      <span className="text-ink">{texts.alerts.label}</span>
    </label>
  );
}
