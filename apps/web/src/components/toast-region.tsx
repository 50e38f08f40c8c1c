'use client';

import { type ComponentType, useEffect, useRef, useState } from 'react';
import type * as Sonner from 'sonner';
import { TOAST_DURATION_MS, TOAST_OFFSET_PX, attachSonner, onToastRequested } from '../lib/toast';

/** Mounts sonner's Toaster the first time a toast is requested (see lib/toast.ts). */
export function ToastRegion({ label }: { label: string }) {
  const [Toaster, setToaster] = useState<ComponentType<Sonner.ToasterProps> | null>(null);
  const moduleRef = useRef<typeof Sonner | null>(null);

  useEffect(() => {
    let loading = false;
    return onToastRequested(() => {
      if (loading) return;
      loading = true;
      import('sonner').then(
        (module) => {
          moduleRef.current = module;
          setToaster(() => module.Toaster);
        },
        (error: unknown) => {
          loading = false; // the next toast tries again
          console.error('Could not load the toast component', error);
        },
      );
    });
  }, []);

  // Runs after the Toaster's own effects, so it is listening when the queue is flushed.
  useEffect(() => {
    if (Toaster && moduleRef.current) attachSonner(moduleRef.current);
  }, [Toaster]);

  if (!Toaster) return null;
  // at the bottom: at the top they covered the sticky header and its menu
  return (
    <Toaster
      position="bottom-center"
      duration={TOAST_DURATION_MS}
      offset={TOAST_OFFSET_PX}
      mobileOffset={TOAST_OFFSET_PX}
      richColors
      containerAriaLabel={label}
    />
  );
}
