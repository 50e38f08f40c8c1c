'use client';

import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { buttonClass } from '@/components/ui/button';
import type { TTranslate } from '@/lib/texts';

/** A whole number from 1 to max as typed (digits only), or null. */
export function parseSeatCount(text: string, max: number): number | null {
  if (!/^[0-9]{1,3}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= 1 && n <= max ? n : null;
}

/**
 * The seat count of /order?seats=N: − and + (disabled at 1 and at max) around a field that
 * takes a typed count; anything but a whole number from 1 to max is said inline and reported
 * as null (the page keeps Pay Now disabled). `adjusted`: the link's value was replaced by 1.
 */
export function SeatsStepper({
  value,
  initial,
  max,
  adjusted,
  disabled,
  hint,
  onChange,
  t,
}: {
  value: number | null;
  initial: number;
  max: number;
  adjusted: boolean;
  disabled: boolean;
  /** what a seat of this product is (a membership, the global channel) */
  hint: string;
  onChange: (value: number | null) => void;
  t: TTranslate;
}) {
  const [text, setText] = useState(String(initial));
  const set = (n: number) => {
    setText(String(n));
    onChange(n);
  };
  const error = value === null ? t('seatsInvalid', { max }) : undefined;
  const step = buttonClass({ variant: 'outline', size: 'field' }, 'w-11 text-lg');
  return (
    <div className="space-y-2" data-testid="seats-stepper">
      <Field label={t('seatsLabel')} hint={hint} error={error}>
        {(control) => (
          <div className="flex items-center gap-2">
            <button
              type="button"
              className={step}
              aria-label={t('seatsFewer')}
              disabled={disabled || value === null || value <= 1}
              onClick={() => value !== null && set(value - 1)}
              data-testid="seats-minus"
            >
              −
            </button>
            <input
              {...control}
              className={`${control.className.replace('w-full', '')} h-11 w-20 text-center tabular-nums`}
              inputMode="numeric"
              autoComplete="off"
              value={text}
              disabled={disabled}
              onChange={(event) => {
                setText(event.target.value);
                onChange(parseSeatCount(event.target.value, max));
              }}
              data-testid="seats-count"
            />
            <button
              type="button"
              className={step}
              aria-label={t('seatsMore')}
              disabled={disabled || value === null || value >= max}
              onClick={() => value !== null && set(value + 1)}
              data-testid="seats-plus"
            >
              +
            </button>
          </div>
        )}
      </Field>
      {adjusted ? (
        <p className="text-sm text-ink-muted" data-testid="seats-adjusted">
          {t('seatsAdjusted', { max })}
        </p>
      ) : null}
    </div>
  );
}
