'use client';

import type { TOrderInfo, TPayMethod, TPayResult } from '@llk/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchOpenId, fetchOrder, startPayment } from './checkout-api';
import { isPastDeadline, outcomeOf, pollDelay } from './payment-flow';
import { isPhoneBrowser, rememberPhonePayment, returnPathFor, takePhonePayment } from './phone-pay';
import { invokeWechatPay, isWechatBrowser, rememberedOpenId, rememberOpenId, takeOAuthAnswer, wechatOAuthUrl } from './wechat-pay';

type TPhase = 'idle' | 'starting' | 'awaiting' | 'paid' | 'expired' | 'cancelled' | 'failed';

export interface TPaymentState {
  phase: TPhase;
  order: TOrderInfo | null;
  payment: TPayResult | null;
  method: TPayMethod;
  /** the API's errmsg (already in the page's language) when phase is 'failed'; null for a WeChat Pay sheet failure */
  error: string | null;
  /** inside the WeChat app with the official account configured: WX pays with JS_API, not a QR code */
  inWechat: boolean;
}

function message(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Error';
}

/**
 * One payment on the order or pay page: get the order (create it, or the one already made),
 * POST /pay/payV2, then poll GET /order/info/{id} until it is paid, expired or cancelled.
 * `onPaid` runs once when the order is paid. With `wechatAppId` (the official account) and
 * inside the WeChat app, WeChat Pay runs as JS_API through the payment sheet (wechat-pay.ts).
 */
export function usePayment({
  getOrder,
  payToken,
  onPaid,
  initialMethod = 'ZFB',
  wechatAppId,
  ready = true,
}: {
  getOrder: () => Promise<TOrderInfo>;
  payToken?: string | undefined;
  onPaid?: (order: TOrderInfo) => void;
  initialMethod?: TPayMethod;
  wechatAppId?: string | null | undefined;
  /** false while the page still loads what getOrder needs (a resumed WeChat payment waits for it) */
  ready?: boolean;
}) {
  const [state, setState] = useState<TPaymentState>({
    phase: 'idle',
    order: null,
    payment: null,
    method: initialMethod,
    error: null,
    inWechat: false,
  });
  const [openid, setOpenid] = useState<string | null>(null);
  const [resume, setResume] = useState(false);
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
        // WeChat Pay inside WeChat needs the payer's openid first: the (silent) OAuth round trip
        // comes back to this page, which then resumes here. No order exists yet at this point.
        const payer = method === 'WX' && state.inWechat ? (openid ?? rememberedOpenId()) : null;
        if (method === 'WX' && state.inWechat && !payer && wechatAppId) {
          window.location.assign(wechatOAuthUrl(wechatAppId, window.location.href));
          return;
        }
        // switching methods during a payment keeps its order (after a trip to a wallet app too)
        const current = state.phase === 'awaiting' && state.order && outcomeOf(state.order.status) === 'pending' ? state.order : null;
        const order = current ?? (await getOrder());
        setState((s) => ({ ...s, order }));
        if (settle(order)) return;
        // a phone outside WeChat pays in the wallet app (H5) and comes back to this page
        const phone = !payer && isPhoneBrowser(navigator.userAgent);
        // a card pays on Stripe's hosted page on every client and comes back the same way
        const returnPath = phone || method === 'CARD' ? returnPathFor(window.location, order.id) : undefined;
        const payment = await startPayment(order.id, method, payToken, payer ?? undefined, returnPath, phone);
        setState((s) => ({ ...s, payment, phase: 'awaiting' }));
        if (payment.kind === 'redirect') {
          rememberPhonePayment({ orderId: order.id, payment, ...(payToken ? { payToken } : {}) });
          window.location.assign(payment.url);
          return;
        }
        if (payment.kind === 'jsapi') {
          const outcome = await invokeWechatPay(payment.params);
          // 'ok' only means the sheet closed after paying: the order turns paid with the gateway's
          // notification, so the page keeps polling. Cancel goes back to the choice.
          if (outcome === 'cancel') setState((s) => ({ ...s, payment: null, phase: 'idle' }));
          if (outcome === 'fail') setState((s) => ({ ...s, payment: null, phase: 'failed', error: null }));
        }
      } catch (error) {
        setState((s) => ({ ...s, phase: 'failed', error: message(error) }));
      }
    },
    [getOrder, payToken, settle, state.inWechat, state.phase, state.order, openid, wechatAppId],
  );

  // Inside WeChat: learn it after hydration, and finish an OAuth round trip of ours.
  useEffect(() => {
    if (!wechatAppId || !isWechatBrowser(navigator.userAgent)) return;
    setState((s) => ({ ...s, inWechat: true, method: 'WX' }));
    const answer = takeOAuthAnswer(window.location.search);
    if (!answer.code && !answer.resume) return;
    // (the fragment too: a redirect keeps the #wechat_redirect of the OAuth URL)
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${answer.rest}`);
    if (!answer.code) return;
    fetchOpenId(answer.code).then(
      (value) => {
        rememberOpenId(value);
        setOpenid(value);
        if (answer.resume) setResume(true);
      },
      (error: unknown) => setState((s) => ({ ...s, phase: 'failed', error: message(error) })),
    );
  }, [wechatAppId]);

  // Back from the wallet app (H5): the same order is followed until it is paid, not bought again.
  useEffect(() => {
    const back = takePhonePayment(window.location);
    if (!back) return;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${back.rest}${window.location.hash}`);
    const token = back.pending?.payToken ?? payToken;
    fetchOrder(back.orderId, token).then(
      (order) => {
        if (settle(order)) return;
        setState((s) => ({ ...s, order, payment: back.pending?.payment ?? null, method: order.payMethod ?? s.method, phase: 'awaiting' }));
      },
      (error: unknown) => setState((s) => ({ ...s, phase: 'failed', error: message(error) })),
    );
    // once, on the page the gateway brought the payer back to
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Resume the WeChat payment once the openid is known and the page is ready.
  useEffect(() => {
    if (!resume || !openid || !ready) return;
    setResume(false);
    void pay('WX');
  }, [resume, openid, ready, pay]);

  const reset = useCallback(() => {
    setState((s) => ({ phase: 'idle', order: null, payment: null, method: s.method, error: null, inWechat: s.inWechat }));
  }, []);

  const selectMethod = useCallback((method: TPayMethod) => setState((s) => ({ ...s, method })), []);

  // Paid: the success message comes into view (on a phone the page was often left at its footer).
  useEffect(() => {
    if (state.phase !== 'paid') return;
    const frame = requestAnimationFrame(() => {
      const node = document.querySelector<HTMLElement>('[data-payment-success]');
      node?.focus({ preventScroll: true });
      node?.scrollIntoView({ block: 'start' });
    });
    return () => cancelAnimationFrame(frame);
  }, [state.phase]);

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
      timer = setTimeout(() => void tick(), pollDelay(attempt++));
    };
    // tick catches its own failures (a failed poll is retried), so nothing awaits it
    timer = setTimeout(() => void tick(), pollDelay(attempt++));
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [orderId, expiresAt, payToken, settle]);

  return { state, pay, reset, selectMethod };
}
