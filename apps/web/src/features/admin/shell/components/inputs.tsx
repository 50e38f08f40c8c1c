'use client';

import type { InputHTMLAttributes } from 'react';
import { Field } from '@/components/ui/field';

// Uncontrolled form controls with the kit's Field (label, hint, error), usable from server
// components: the list filters are plain GET forms, the action forms read FormData.

export function LabeledInput({
  label,
  error,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined }) {
  return (
    <Field label={label} error={error} className={className}>
      {(control) => <input {...control} {...input} className={`${control.className} h-11`} />}
    </Field>
  );
}

export function LabeledSelect({
  label,
  name,
  defaultValue,
  options,
}: {
  label: string;
  name: string;
  defaultValue: string;
  options: { value: string; text: string }[];
}) {
  return (
    <Field label={label}>
      {(control) => (
        <select {...control} name={name} defaultValue={defaultValue} className={`${control.className} h-11`}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
