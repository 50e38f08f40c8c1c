'use client';

import { type ReactNode, type RefObject, useEffect, useRef } from 'react';

// A modal dialog on the native <dialog> element: showModal() gives the focus trap, Escape, the
// inert page behind and the top layer without any script of ours. `initialFocus` names the
// element that receives focus on opening (the least destructive choice), so it is explicit
// rather than an autoFocus attribute. Closing (Escape, a button) calls onClose; `open` is the
// caller's state.

export function Dialog({
  open,
  onClose,
  titleId,
  descriptionId,
  testId,
  initialFocus,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** id of the element that names the dialog */
  titleId: string;
  descriptionId?: string;
  testId?: string;
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      initialFocus?.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, initialFocus]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-card border border-line bg-canvas p-6 text-ink shadow-card backdrop:bg-black/40"
      data-testid={testId}
    >
      {children}
    </dialog>
  );
}
