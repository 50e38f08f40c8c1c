// Toasts (3000 ms, offset 16) without sonner in any page's first load: calls
// made before the first toast queue here; <ToastRegion> (in the root layout) then imports
// sonner, mounts its Toaster and flushes the queue. Import `toast` anywhere in client code.

import type * as Sonner from 'sonner';

type TToastKind = 'error' | 'success' | 'info';
type TSonner = typeof Sonner;

export const TOAST_DURATION_MS = 3000;
export const TOAST_OFFSET_PX = 16;

const queue: Array<{ kind: TToastKind; message: string }> = [];
let sonner: TSonner | null = null;
let onFirstToast: (() => void) | null = null;

function show(kind: TToastKind, message: string) {
  if (sonner) {
    sonner.toast[kind](message);
    return;
  }
  queue.push({ kind, message });
  onFirstToast?.();
}

export const toast = {
  error: (message: string) => show('error', message),
  success: (message: string) => show('success', message),
  info: (message: string) => show('info', message),
};

/** For ToastRegion: called (once registered) whenever a toast waits for sonner. */
export function onToastRequested(listener: () => void): () => void {
  onFirstToast = listener;
  if (queue.length > 0) listener();
  return () => {
    if (onFirstToast === listener) onFirstToast = null;
  };
}

/** For ToastRegion: sonner is loaded and its Toaster mounted; show what waited. */
export function attachSonner(module: TSonner) {
  sonner = module;
  for (const { kind, message } of queue.splice(0)) module.toast[kind](message);
}
