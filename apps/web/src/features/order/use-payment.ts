'use client';

import type { TOrderInfo, TPayMethod, TPayResult } from '@llk/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchOrder, startPayment } from './checkout-api';
import { isPastDeadline, outcomeOf, pollDelay } from './payment-flow';

export type TPhase = 'idle' | 'starting' | 'awaiting' | 'paid' | 'expired' | 'cancelled' | 'failed';

export interface TPaymentState {
  phase: TPhase;
  order: TOrderInfo | null;
  payment: TPayResult | null;
  method: TPayMethod;
  /** the API's errmsg (already in the page's language) when phase is 'failed' */
  error: string | null;
}

function message(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Error';
}

/**
 * One payment on the order or pay page: get the order (create it, or the one already made),
 * POST /pay/payV2, then poll GET /order/info/{id} until it is paid, expired or cancelled.
 * `onPaid` runs once when the order is paid.
 */
export function usePayment({
  getOrder,
  payToken,
  onPaid,
  initialMethod = 'ZFB',
}: {
  getOrder: () => Promise<TOrderInfo>;
  payToken?: string;
  onPaid?: (order: TOrderInfo) => void;
  initialMethod?: TPayMethod;
}) {
  const [state, setState] = useState<TPaymentState>({ phase: 'idle', order: null, payment: null, method: initialMethod, error: null });
  const paidRef = useRef(onPaid);
  useEffect(() => {
    paidRef.current = onPaid;
  }, [onPaid]);

  const settle = useCallback((order: TOrderInfo) => {
    const outcome = outcomeOf(order.status);
    if (outcome === 'paid') {
      setState((s) => ({ ...s, order, phase: 'paid' }));
      paidRef.current?.(order);
      return true;
    }
    if (outcome === 'expired' || outcome === 'cancelled' || outcome === 'refunded') {
      setState((s) => ({ ...s, order, phase: outcome === 'expired' ? 'expired' : 'cancelled' }));
      return true;
    }
    return false;
  }, []);

  const pay = useCallback(
    async (method: TPayMethod) => {
      setState((s) => ({ ...s, method, phase: 'starting', error: null }));
      try {
        const order = await getOrder();
        setState((s) => ({ ...s, order }));
        if (settle(order)) return;
        const payment = await startPayment(order.id, method, payToken);
        setState((s) => ({ ...s, payment, phase: 'awaiting' }));
      } catch (error) {
        setState((s) => ({ ...s, phase: 'failed', error: message(error) }));
      }
    },
    [getOrder, payToken, settle],
  );

  const reset = useCallback(() => {
    setState((s) => ({ phase: 'idle', order: null, payment: null, method: s.method, error: null }));
  }, []);

  const selectMethod = useCallback((method: TPayMethod) => setState((s) => ({ ...s, method })), []);

  // Live status while a QR code is shown.
  const orderId = state.phase === 'awaiting' ? state.order?.id : undefined;
  const expiresAt = state.phase === 'awaiting' ? state.payment?.expiresAt : undefined;
  useEffect(() => {
    if (!orderId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const tick = async () => {
      try {
        const order = await fetchOrder(orderId, payToken, controller.signal);
        if (controller.signal.aborted) return;
        setState((s) => ({ ...s, order }));
        if (settle(order)) return;
        if (expiresAt && isPastDeadline(expiresAt, Date.now())) {
          setState((s) => ({ ...s, phase: 'expired' }));
          return;
        }
      } catch {
        if (controller.signal.aborted) return;
        // a failed poll is retried on the next tick; the status is never guessed
      }
      timer = setTimeout(tick, pollDelay(attempt++));
    };
    timer = setTimeout(tick, pollDelay(attempt++));
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [orderId, expiresAt, payToken, settle]);

  return { state, pay, reset, selectMethod };
}
