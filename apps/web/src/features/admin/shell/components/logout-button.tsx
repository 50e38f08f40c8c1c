'use client';

import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { ADMIN_LOGIN_PATH, adminApi } from '@/features/admin/shell/admin-api';

/** Ends the staff session (POST /admin/api/logout; the forward clears the cookie even if the API fails). */
export function LogoutButton({ text }: { text: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      className={buttonClass({ variant: 'quiet', size: 'header' })}
      onClick={() => {
        setBusy(true);
        void adminApi
          .post('/logout', { silent: true, ignoreUnauthorized: true, retry: false })
          .catch(() => undefined)
          .finally(() => window.location.assign(ADMIN_LOGIN_PATH));
      }}
    >
      {text}
    </button>
  );
}
