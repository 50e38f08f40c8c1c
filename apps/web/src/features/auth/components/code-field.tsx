'use client';

import type { TSendCodeResult } from '@llk/contracts';
import type { TApiClient } from '@llk/contracts/client';
import type { ChangeEvent } from 'react';
import { TextField } from '@/components/ui/field';
import type { TAuthTexts } from '../texts';
import { CodeButton } from './code-button';

/**
 * The one-time code field of every form proven by a code (log-in by code, sign-up, reset,
 * binding or changing a phone or email, erasure): a six-digit input the browser may fill from the
 * message, with the send button and its resend countdown (CodeButton) beside it. The target
 * (PhoneField, an email, a channel) stays the form's own field above it.
 */
export function CodeField({
  label,
  field,
  texts,
  canSend,
  send,
  onError,
  target,
}: {
  label: string;
  /** the form's props of its `code` input (useAuthForm's field('code')) */
  field: {
    name: string;
    value: string;
    error?: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onBlur: () => void;
  };
  texts: TAuthTexts;
  canSend: () => boolean;
  send: (api: TApiClient) => Promise<TSendCodeResult>;
  onError?: (error: unknown) => void;
  /** the kind of target the code goes to: when it changes, the button starts over */
  target?: string;
}) {
  return (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      {...field}
      addon={<CodeButton key={target} texts={texts} canSend={canSend} send={send} onError={onError} />}
    />
  );
}
