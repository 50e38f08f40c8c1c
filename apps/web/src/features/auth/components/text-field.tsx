'use client';

import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

type TTextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'name'> & {
  name: string;
  value: string;
  label: string;
  /** translated message, shown under the input and announced with it */
  error?: string;
  /** beside the input (the code button) */
  addon?: ReactNode;
};

export function TextField({ label, error, addon, id, className = '', ...input }: TTextFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="h-11 min-w-0 flex-1 rounded-control border border-line bg-canvas px-3 text-ink shadow-sm outline-none transition-colors placeholder:text-ink-muted/70 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 aria-invalid:border-red-600"
          {...input}
        />
        {addon}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      aria-disabled={busy || undefined}
      className="inline-flex h-11 w-full items-center justify-center rounded-control bg-brand-600 px-4 font-semibold text-white shadow-sm transition-colors hover:bg-brand-700 aria-disabled:opacity-70"
    >
      {children}
    </button>
  );
}
