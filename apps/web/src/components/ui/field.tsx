'use client';

import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

// A labelled form control with its hint and inline error, both announced with it
// (aria-describedby, aria-invalid). The control itself is rendered by the caller with the props
// given (input, select, textarea), so every form keeps its own attributes and handlers.

/** The look of text inputs, selects and textareas (height and width are the caller's). */
const fieldClass =
  'min-w-0 rounded-control border border-line bg-canvas px-3 text-ink shadow-sm outline-none transition-colors placeholder:text-ink-muted/70 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 aria-invalid:border-red-600';

interface TControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  className: string;
}

export function Field({
  id: givenId,
  label,
  error,
  hint,
  addon,
  className,
  children,
}: {
  id?: string | undefined;
  label: string;
  /** translated message, shown under the control */
  error?: string | undefined;
  hint?: string | undefined;
  /** beside the control (a send-code button) */
  addon?: ReactNode;
  className?: string | undefined;
  children: (props: TControlProps) => ReactNode;
}) {
  const fallbackId = useId();
  const id = givenId ?? fallbackId;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const control = children({
    id,
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(described ? { 'aria-describedby': described } : {}),
    className: `${fieldClass} ${addon ? 'flex-1' : 'w-full'}`,
  });
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
      </label>
      {addon ? (
        <div className="flex gap-2">
          {control}
          {addon}
        </div>
      ) : (
        control
      )}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TTextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'name'> & {
  name: string;
  value: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  addon?: ReactNode;
};

/** A Field holding a text input of the usual height. */
export function TextField({ label, error, hint, addon, id, className, ...input }: TTextFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} addon={addon} className={className}>
      {(control) => <input {...control} {...input} className={`${control.className} h-11`} />}
    </Field>
  );
}

interface TSelectFieldProps<TValue extends string> {
  label: string;
  name: string;
  value: TValue;
  /** in the order shown; the first is usually the "any" choice */
  options: readonly { value: TValue; label: string }[];
  onChange: (value: TValue) => void;
  className?: string | undefined;
}

/** A Field holding a select of the usual height, its value one of the options given. */
export function SelectField<TValue extends string>({ label, name, value, options, onChange, className }: TSelectFieldProps<TValue>) {
  return (
    <Field label={label} className={className}>
      {(control) => (
        <select
          {...control}
          name={name}
          className={`${control.className} h-11`}
          value={value}
          onChange={(event) => onChange(event.target.value as TValue)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
