'use client';

import { type ReactNode, Suspense, lazy } from 'react';
import { useSessionHint } from '@/lib/session';
import type { TCloudPcTexts } from '../texts';

// "My cloud PCs" on /cloudPc (a static page): a visitor sees `visitor` (log in, rendered by the
// server); with a session the list is loaded in the browser, code and API client only then.

const DeviceList = lazy(() => import('./device-list'));

export function DevicePanel({ texts, tag, visitor }: { texts: TCloudPcTexts; tag: string; visitor: ReactNode }) {
  const hint = useSessionHint();
  if (!hint) return <>{visitor}</>;
  return (
    <Suspense
      fallback={
        <p role="status" className="text-ink-muted">
          {texts.devices.loading}
        </p>
      }
    >
      <DeviceList texts={texts} tag={tag} />
    </Suspense>
  );
}
