'use client';

import { type ReactNode, useEffect, useRef } from 'react';

// A modal dialog on the native <dialog> element: showModal() gives the focus trap, Escape, the
// inert page behind and the top layer without any script of ours; the first autoFocus element
// inside receives focus. Closing (Escape, a button) calls onClose; `open` is the caller's state.

export function Dialog({
  open,
  onClose,
  titleId,
  descriptionId,
  testId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** id of the element that names the dialog */
  titleId: string;
  descriptionId?: string;
  testId?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
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
