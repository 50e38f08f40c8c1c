'use client';

import { type FormEvent, type ReactNode, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';

// The confirmation of a back-office action that needs a reason (recorded in the audit log):
// a question, the reason field, Cancel and the action. The caller keeps what is pending and
// calls the API with the reason given.

export function ReasonDialog({
  open,
  title,
  reasonLabel,
  cancelLabel,
  confirmLabel,
  busy,
  danger = false,
  reasonRequired = true,
  children,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  reasonLabel: string;
  cancelLabel: string;
  confirmLabel: string;
  busy: boolean;
  danger?: boolean;
  /** false where the API takes an optional reason */
  reasonRequired?: boolean;
  /** fields the action needs besides the reason (named inputs, handed back in the form's data) */
  children?: ReactNode;
  onCancel: () => void;
  onConfirm: (reason: string, form: FormData) => void;
}) {
  const titleId = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onConfirm(String(form.get('reason') ?? '').trim(), form);
  }
  return (
    <Dialog open={open} onClose={onCancel} titleId={titleId}>
      {open ? (
        <form onSubmit={submit} className="flex flex-col gap-4">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {children}
          <Field label={reasonLabel}>
            {(props) => (
              <textarea {...props} name="reason" rows={2} maxLength={500} required={reasonRequired} className={`${props.className} py-2`} />
            )}
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onCancel}>
              {cancelLabel}
            </Button>
            <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy}>
              {confirmLabel}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
