'use client';

import { useState } from 'react';
import { loadApi } from '@/lib/load-api';
import { toast } from '@/lib/toast';
import type { TSecurityTexts } from '../texts';
import { useAction } from '@/lib/use-action';

/** The new-device sign-in alerts switch (on by default); saved as soon as it changes. */
export function AlertsSwitch({ initial, texts }: { initial: boolean; texts: TSecurityTexts }) {
  const [on, setOn] = useState(initial);
  const { busy, run } = useAction();

  function toggle(next: boolean) {
    if (busy) return;
    void run(
      () => {
        setOn(next);
        return loadApi(texts.network)
          .then((api) => api.post<{ newDeviceAlerts: boolean }>('/user/notificationSettings', { body: { newDeviceAlerts: next } }))
          .then((data) => {
            setOn(data.newDeviceAlerts);
            toast.success(texts.success.modificationSucceeded ?? '');
          });
      },
      { onError: () => setOn(!next) }, // the API client has toasted errmsg
    );
  }

  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3">
      <input
        type="checkbox"
        role="switch"
        className="size-5 accent-brand-600"
        checked={on}
        aria-busy={busy || undefined}
        onChange={(event) => toggle(event.target.checked)}
      />
      <span className="text-ink">{texts.alerts.label}</span>
    </label>
  );
}
