'use client';

import { type ComponentType, useEffect, useState } from 'react';
import { useSession } from '@/lib/session';
import type { TNotificationsBellProps } from './notifications-bell';

/**
 * Where the header's bell goes: nothing for a visitor; for a signed-in user the bell, whose code
 * is loaded after hydration once the session is known, so the header's first load carries only
 * this slot (JS budget, README).
 */
export function NotificationsSlot(props: TNotificationsBellProps) {
  const { user } = useSession();
  const [Bell, setBell] = useState<ComponentType<TNotificationsBellProps> | null>(null);

  useEffect(() => {
    if (!user || Bell) return;
    let current = true;
    void import('./notifications-bell').then((module) => {
      if (current) setBell(() => module.NotificationsBell);
    });
    return () => {
      current = false;
    };
  }, [user, Bell]);

  return user && Bell ? <Bell {...props} /> : null;
}
