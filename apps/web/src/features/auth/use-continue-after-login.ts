'use client';

import { useRouter } from 'next/navigation';
import { useCallback } from 'react';

/**
 * What a log-in form does once it has a session: continueAfterLogin (./continue-after-login),
 * loaded then rather than with the page (the log-in page's first-load budget). Should its code
 * not load, a reload does the same: the proxy sends a signed-in visitor of a guest-only page on
 * to redirectUrl.
 */
export function useContinueAfterLogin() {
  const router = useRouter();
  return useCallback(() => {
    import('./continue-after-login').then(({ continueAfterLogin }) => continueAfterLogin(router)).catch(() => window.location.reload());
  }, [router]);
}
