'use client';

import type { TPayMethod } from '@llk/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { QrCode } from '@/components/qr-code';
import { useVisitorZone } from '@/components/local-time';
import { formatFen, formatTime } from '@/lib/format';
import type { TTranslate } from '@/lib/texts';
import type { TOrderHeadings } from '../order-headings';
import { ALL_METHODS, initialPayMethod, loadPayMethods, orderPayMethods } from '../pay-methods';
import type { TPaymentState } from '../use-payment';
import { invokeWechatPay } from '../wechat-pay';

/** The method a payment panel offers to switch to (a wallet: cards may be off). */
const otherMethod = (method: TPayMethod): TPayMethod => (method === 'ZFB' ? 'WX' : 'ZFB');

/**
 * Alipay / WeChat Pay / card choice (a radio group), in the order that fits the visitor
 * (pay-methods.ts): the server's methods once it answered, the first one chosen until the
 * visitor chooses. Inside WeChat, Alipay can only show its QR code: say so. A card is charged
 * in CNY: say that the issuer converts.
 */
export function MethodChoice({
  value,
  onChange,
  disabled,
  inWechat = false,
  tag,
  t,
}: {
  value: TPayMethod;
  onChange: (method: TPayMethod) => void;
  disabled?: boolean;
  inWechat?: boolean;
  /** the page's BCP 47 tag (zh pages put the wallets first) */
  tag: string;
  /** the Order texts */
  t: TTranslate;
}) {
  const [methods, setMethods] = useState<readonly TPayMethod[]>(() => orderPayMethods(ALL_METHODS, tag, null));
  const chosen = useRef(false);
  const latest = useRef({ value, onChange, disabled, inWechat });
  latest.current = { value, onChange, disabled, inWechat };
  useEffect(() => {
    let live = true;
    void loadPayMethods().then(({ offered, countryCode }) => {
      if (!live) return;
      const ordered = orderPayMethods(offered, tag, countryCode);
      setMethods(ordered);
      const now = latest.current;
      // the page started on its language's default (initialPayMethod); it moves only while the
      // visitor has not picked one, and only if that default is not offered or not first here
      // (inside WeChat, WeChat Pay stays)
      const untouched = !chosen.current && !now.inWechat && !now.disabled && now.value === initialPayMethod(tag);
      if (untouched && ordered[0] && ordered[0] !== now.value) now.onChange(ordered[0]);
    });
    return () => {
      live = false;
    };
  }, [tag]);
  const choose = (method: TPayMethod) => {
    chosen.current = true;
    onChange(method);
  };
  return (
    <fieldset disabled={disabled} data-testid="pay-methods" data-methods={methods.join(' ')}>
      <legend className="text-sm font-semibold text-ink">{t('methodHeading')}</legend>
      <div className={`mt-3 grid gap-3 ${methods.length > 2 ? 'grid-cols-1 sm:grid-cols-3' : 'grid-cols-2'}`}>
        {methods.map((method) => (
          <label
            key={method}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-control border border-line-strong bg-canvas px-4 has-checked:border-brand-600 has-checked:ring-1 has-checked:ring-brand-600"
          >
            <input
              type="radio"
              name="payMethod"
              value={method}
              checked={value === method}
              onChange={() => choose(method)}
              className="size-4 accent-brand-600"
              data-testid={`pay-method-${method}`}
            />
            <span className="font-medium text-ink">{t(`methods.${method}`)}</span>
          </label>
        ))}
      </div>
      {inWechat && value === 'ZFB' ? (
        <p className="mt-3 text-sm text-ink-muted" data-testid="alipay-in-wechat">
          {t('alipayInWechat')}
        </p>
      ) : null}
      {value === 'CARD' ? (
        <p className="mt-3 text-sm text-ink-muted" data-testid="card-currency-note">
          {t('cardNote')}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The payment QR with amount, deadline, live status, the sandbox link and a method switch; `headings` phrased by the server page. */
export function PaymentPanel({
  state,
  tag,
  onSwitch,
  t,
  headings = {},
}: {
  state: TPaymentState;
  tag: string;
  onSwitch: (method: TPayMethod) => void;
  t: TTranslate;
  headings?: TOrderHeadings;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const zone = useVisitorZone();
  const payment = state.payment;
  const codeUrl = payment?.kind === 'qr' ? payment.codeUrl : null;
  // A new QR code: bring it into view (below the form on phones) and move focus to it.
  useEffect(() => {
    if (!codeUrl || !heading.current) return;
    heading.current.focus({ preventScroll: true });
    heading.current.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [codeUrl]);
  if (payment?.kind === 'jsapi')
    return <WechatSheetPanel state={state} params={payment.params} t={t} heading={headings.wechatSheetHeading} />;
  // a phone back from the wallet app (or one whose pending payment was lost): the order is polled
  if (payment?.kind === 'redirect' || (!payment && state.phase === 'awaiting'))
    return (
      <PhonePanel
        state={state}
        url={payment?.kind === 'redirect' ? payment.url : null}
        onSwitch={onSwitch}
        t={t}
        heading={headings[`phoneHeading.${state.method}`]}
      />
    );
  if (!payment || payment.kind !== 'qr') return null;
  const other = otherMethod(state.method);
  // on the reader's own clock, with its offset, as the order's page shows it (docs/adr/0031)
  const deadline = formatTime(payment.expiresAt, tag, zone);
  return (
    <section
      aria-labelledby="payment-heading"
      className="rounded-card border border-line bg-canvas p-6 text-center shadow-card"
      data-testid="payment-panel"
    >
      <h2 id="payment-heading" ref={heading} tabIndex={-1} className="scroll-mt-24 text-lg font-semibold text-balance break-keep text-ink">
        {(state.method !== 'CARD' ? headings[`scanHeading.${state.method}`] : null) ?? t(`scanHeading.${state.method}`)}
      </h2>
      <div className="mt-4 flex justify-center">
        <QrCode value={payment.codeUrl} label={t('qrLabel')} size={200} />
      </div>
      <p className="mt-4 text-2xl font-bold text-ink" data-testid="amount-due">
        {t('amountDue', { amount: formatFen(payment.amountFen, tag) })}
      </p>
      <p className="mt-1 text-sm text-ink-muted">{t('payBefore', { time: deadline })}</p>
      <p role="status" aria-live="polite" className="mt-4 inline-flex items-center gap-2 text-sm text-ink-soft">
        <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-brand-600" />
        {t('waiting')}
      </p>
      {payment.sandbox ? (
        <div className="mt-4 rounded-control border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <p>{t('sandboxNote')}</p>
          <a
            href={payment.codeUrl}
            target="_blank"
            rel="noopener"
            className="mt-1 inline-block font-semibold underline"
            data-testid="sandbox-link"
          >
            {t('sandboxLink')}
          </a>
        </div>
      ) : null}
      <button
        type="button"
        onClick={() => onSwitch(other)}
        className="mt-4 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        {t('switchMethod', { method: t(`methods.${other}`) })}
      </button>
      {state.order ? <p className="mt-3 text-xs text-ink-muted">{t('orderNo', { id: state.order.id })}</p> : null}
    </section>
  );
}

/** On a phone: the wallet app was opened (H5); the order is polled until the payment arrives. */
function PhonePanel({
  state,
  url,
  onSwitch,
  t,
  heading: phrased,
}: {
  state: TPaymentState;
  url: string | null;
  onSwitch: (method: TPayMethod) => void;
  t: TTranslate;
  heading: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // back on the page: what it is waiting for comes into view
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: 'start' });
  }, []);
  const other = otherMethod(state.method);
  return (
    <section
      aria-labelledby="payment-heading"
      className="rounded-card border border-line bg-canvas p-6 text-center shadow-card"
      data-testid="phone-pay-panel"
    >
      <h2 id="payment-heading" ref={heading} tabIndex={-1} className="scroll-mt-24 text-lg font-semibold text-balance break-keep text-ink">
        {phrased ?? t(`phoneHeading.${state.method}`)}
      </h2>
      <p className="mt-2 text-sm text-ink-muted">{t('phoneNote')}</p>
      <p role="status" aria-live="polite" className="mt-4 inline-flex items-center gap-2 text-sm text-ink-soft">
        <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-brand-600" />
        {t('waiting')}
      </p>
      {url ? (
        <a
          href={url}
          className="mt-4 block text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
          data-testid="phone-pay-again"
        >
          {t('phoneAgain')}
        </a>
      ) : null}
      <button
        type="button"
        onClick={() => onSwitch(other)}
        className="mt-3 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        {t('switchMethod', { method: t(`methods.${other}`) })}
      </button>
      {state.order ? <p className="mt-3 text-xs text-ink-muted">{t('orderNo', { id: state.order.id })}</p> : null}
    </section>
  );
}

/** Inside WeChat: the payment sheet is open (or was closed after paying); the order is polled meanwhile. */
function WechatSheetPanel({
  state,
  params,
  t,
  heading,
}: {
  state: TPaymentState;
  params: Record<string, string>;
  t: TTranslate;
  heading: ReactNode;
}) {
  return (
    <section
      aria-labelledby="payment-heading"
      className="rounded-card border border-line bg-canvas p-6 text-center shadow-card"
      data-testid="wechat-sheet-panel"
    >
      <h2 id="payment-heading" className="text-lg font-semibold text-balance break-keep text-ink">
        {heading ?? t('wechatSheetHeading')}
      </h2>
      <p role="status" aria-live="polite" className="mt-4 inline-flex items-center gap-2 text-sm text-ink-soft">
        <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-brand-600" />
        {t('waiting')}
      </p>
      <button
        type="button"
        onClick={() => void invokeWechatPay(params)}
        className="mt-4 block w-full text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        {t('wechatSheetAgain')}
      </button>
      {state.order ? <p className="mt-3 text-xs text-ink-muted">{t('orderNo', { id: state.order.id })}</p> : null}
    </section>
  );
}

/** Failed / expired / cancelled states with the way forward. */
export function PaymentProblem({
  state,
  onRetry,
  onRestart,
  t,
}: {
  state: TPaymentState;
  onRetry: () => void;
  onRestart?: () => void;
  t: TTranslate;
}) {
  if (state.phase === 'failed') {
    return (
      <div role="alert" className="rounded-card border border-red-200 bg-red-50 p-4 text-sm text-danger" data-testid="payment-failed">
        <p className="font-semibold">{t('failedHeading')}</p>
        <p className="mt-1">{state.error ?? t('wechatSheetFailed')}</p>
        <button type="button" onClick={onRetry} className="mt-3 font-semibold underline">
          {t('retry')}
        </button>
      </div>
    );
  }
  if (state.phase === 'expired' || state.phase === 'cancelled') {
    return (
      <div role="alert" className="rounded-card border border-line-strong bg-surface p-4 text-sm text-ink" data-testid="payment-expired">
        <p className="font-semibold">{t(state.phase === 'expired' ? 'expiredHeading' : 'cancelledHeading')}</p>
        <p className="mt-1 text-ink-muted">{t('expiredBody')}</p>
        {onRestart ? (
          <button type="button" onClick={onRestart} className="mt-3 font-semibold text-brand-700 underline">
            {t('newOrder')}
          </button>
        ) : null}
      </div>
    );
  }
  return null;
}
