'use client';

import { type TOrderQuote } from '@llk/contracts';
import { useEffect, useState } from 'react';
import { fetchQuote } from './checkout-api';

export type TQuoteState = { phase: 'off' } | { phase: 'loading' } | { phase: 'ready'; quote: TOrderQuote } | { phase: 'failed' };

/**
 * The server's figures for `skuId` × `seats` (POST /order/quote), asked again whenever either
 * changes; an answer for an earlier choice is dropped (its request is aborted). `seats` null:
 * no valid count yet, nothing is asked ("off"). Never computed here (ADR 0035).
 */
export function useQuote(skuId: string, seats: number | null, enabled: boolean): TQuoteState {
  const key = enabled && seats !== null ? `${skuId}×${seats}` : null;
  const [answer, setAnswer] = useState<{ key: string; quote: TOrderQuote | null } | null>(null);
  useEffect(() => {
    if (key === null || seats === null) return undefined;
    const controller = new AbortController();
    fetchQuote(skuId, seats, controller.signal).then(
      (quote) => setAnswer({ key, quote }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('order: the quote failed', error);
        setAnswer({ key, quote: null });
      },
    );
    return () => controller.abort();
  }, [key, skuId, seats]);
  if (key === null) return { phase: 'off' };
  if (answer?.key !== key) return { phase: 'loading' };
  return answer.quote ? { phase: 'ready', quote: answer.quote } : { phase: 'failed' };
}
