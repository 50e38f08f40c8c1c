'use client';

import type { TTimeUnit } from '@llk/contracts';
import { ORDER_QUANTITY_MAX } from '@llk/contracts/order-rules';
import { localeEntries, type TLocale } from '@llk/contracts/locales';
import { useCallback, useRef, useState } from 'react';
import { Link } from '@/i18n/navigation';
import { useVisitorZone } from '@/components/local-time';
import { formatDate } from '@/lib/format';
import { type TTexts, translator } from '@/lib/texts';
import { useSession } from '@/lib/session';
import { createRenewalOrder, createWebOrder } from '../checkout-api';
import type { TOrderHeading, TOrderHeadings } from '../order-headings';
import { newIdempotencyKey } from '../payment-flow';
import { initialPayMethod } from '../pay-methods';
import { usePayment } from '../use-payment';
import { useQuote } from '../use-quote';
import { OrderSummary } from './order-summary';
import { SeatsStepper } from './seats-stepper';
import { MethodChoice, PaymentPanel, PaymentProblem } from './payment-panel';
import { buttonClass } from '@/components/ui/button';

/** One membership offer as GET /memberPricing/detail/v2 gave it to the page (never computed here). */
export interface TOrderOption {
  timeUnit: TTimeUnit;
  skuId: string;
  priceFen: number;
  originalPriceFen: number;
  discountFen: number;
}

/** /order?seats=N: the seats to start with, and whether the link's value was replaced by 1. */
export interface TSeatsChoice {
  initial: number;
  adjusted: boolean;
}

async function refreshHeader() {
  const { loadAccount } = await import('@/features/auth/account-session');
  await loadAccount();
}

/**
 * /order: the chosen membership with its price, list price and discount, Alipay or WeChat Pay,
 * the agreement, Pay Now → POST /order/createV2 (Idempotency-Key) → POST /pay/payV2 → the QR
 * and the live status → success with the new plan and expiry (the header is refreshed too).
 * With product CLOUD_PC the same for a cloud-PC plan (success links to the device list); with
 * renewDeviceId the order is that machine's renewal (POST /cloudPc/devices/{id}/renew).
 * With `seats` the membership (or, with product CHANNEL, the global channel) is bought as 1–100
 * seats (asSeats + quantity) to give away on /account/seats: a stepper sets the count, and the
 * total, list price and discount for that count are the server's (POST /order/quote, the same
 * pricing the order uses), shown before Pay Now and asked again on every change (ADR 0035).
 */
export function OrderCheckout({
  options,
  initialUnit,
  planName,
  wechatAppId = null,
  product = 'MEMBER',
  renewDeviceId = null,
  seats = null,
  locale,
  texts,
  headings = {},
}: {
  options: TOrderOption[];
  initialUnit: TTimeUnit;
  planName: string;
  wechatAppId?: string | null;
  /** CHANNEL: global channel seats (always with `seats`) */
  product?: 'MEMBER' | 'CLOUD_PC' | 'CHANNEL';
  renewDeviceId?: string | null;
  /** seats mode (MEMBER or CHANNEL), from ?seats= */
  seats?: TSeatsChoice | null;
  locale: TLocale;
  /** the Order namespace (getClientTexts) */
  texts: TTexts;
  /** its headings, phrase-broken by the page (phrasedHeadings(ORDER_HEADINGS, …)) */
  headings?: TOrderHeadings;
}) {
  const tag = localeEntries[locale].iso;
  const t = translator(texts, tag);
  const zone = useVisitorZone();
  const heading = (key: TOrderHeading) => headings[key] ?? t(key);
  const [unit, setUnit] = useState<TTimeUnit>(options.some((o) => o.timeUnit === initialUnit) ? initialUnit : options[0]!.timeUnit);
  const option = options.find((o) => o.timeUnit === unit) ?? options[0]!;
  // The seat count as typed: a whole number from 1 to ORDER_QUANTITY_MAX, or null (Pay Now waits).
  const [count, setCount] = useState<number | null>(seats ? seats.initial : null);
  const quantity = seats ? count : null;
  // One key per SKU (and seat count) for this page's life: Pay Now twice (or a retry) gives the same order.
  const keys = useRef(new Map<string, string>());
  const keyName = quantity === null ? option.skuId : `${option.skuId}×${quantity}`;
  const keyFor = (skuId: string) => {
    if (!keys.current.has(skuId)) keys.current.set(skuId, newIdempotencyKey());
    return keys.current.get(skuId)!;
  };
  const getOrder = useCallback(
    () =>
      renewDeviceId
        ? createRenewalOrder(renewDeviceId, option.timeUnit)
        : createWebOrder(option.skuId, keyFor(keyName), seats ? (quantity ?? 1) : null),
    [option.skuId, option.timeUnit, renewDeviceId, keyName, seats, quantity],
  );
  const [refreshed, setRefreshed] = useState(false);
  const onPaid = useCallback(() => {
    refreshHeader()
      .catch((error: unknown) => console.error('order: refreshing the account failed', error))
      .finally(() => setRefreshed(true));
  }, []);
  const { state, pay, reset, selectMethod } = usePayment({ getOrder, onPaid, wechatAppId, initialMethod: initialPayMethod(tag) });
  const { user } = useSession();
  const busy = state.phase === 'starting' || state.phase === 'awaiting';
  const seatsInvalid = seats !== null && count === null;
  // The address keeps the count, so a reload (or WeChat's sign-in round trip) buys the same seats.
  const changeCount = (next: number | null) => {
    setCount(next);
    if (next === null) return;
    const url = new URL(window.location.href);
    url.searchParams.set('seats', String(next));
    window.history.replaceState(window.history.state, '', url);
  };

  const restart = () => {
    keys.current.delete(keyName);
    reset();
  };

  const order = state.order;
  const quoteState = useQuote(option.skuId, quantity, seats !== null && order === null);
  const quoted = quoteState.phase === 'ready' ? quoteState.quote : null;
  const figures = order
    ? {
        priceFen: order.items[0]?.priceFen ?? order.totalFen,
        originalPriceFen: order.originalTotalFen,
        discountFen: order.discountFen,
        totalFen: order.totalFen,
      }
    : quoted
      ? {
          priceFen: quoted.items[0]?.priceFen ?? quoted.totalFen,
          originalPriceFen: quoted.originalTotalFen,
          discountFen: quoted.discountFen,
          totalFen: quoted.totalFen,
        }
      : {
          priceFen: option.priceFen,
          originalPriceFen: option.originalPriceFen,
          discountFen: option.discountFen,
          totalFen: option.priceFen,
        };
  // seats mode without the server's figures yet: why the total is not shown
  const pendingKey =
    quoteState.phase === 'off' ? 'seatsCountNeeded' : quoteState.phase === 'loading' ? 'totalCalculating' : 'seatsTotalPending';

  if (state.phase === 'paid' && product === 'CLOUD_PC') {
    return (
      <div
        role="status"
        className="rounded-card border border-green-200 bg-green-50 p-6 sm:p-8"
        data-testid="order-success"
        data-payment-success
        tabIndex={-1}
      >
        <h2 className="text-2xl font-semibold text-balance break-keep text-success">{heading('successHeading')}</h2>
        <p className="mt-3 text-lg text-ink" data-testid="order-success-detail">
          {t(renewDeviceId ? 'successCloudPcRenewed' : 'successCloudPc', { plan: planName })}
        </p>
        {order ? <p className="mt-2 text-sm text-ink-muted">{t('orderNo', { id: order.id })}</p> : null}
        <div className="mt-6 flex flex-wrap gap-3">
          <Link href={{ pathname: '/cloudPc', hash: 'cloud-pc-devices' }} className={buttonClass()} data-testid="to-cloud-pcs">
            {t('toCloudPcs')}
          </Link>
          <Link href="/download" className={buttonClass({ variant: 'secondary' })}>
            {t('toDownload')}
          </Link>
        </div>
      </div>
    );
  }

  if (state.phase === 'paid' && seats) {
    const bought = order?.items[0]?.quantity ?? quantity ?? 1;
    return (
      <div
        role="status"
        className="rounded-card border border-green-200 bg-green-50 p-6 sm:p-8"
        data-testid="order-success"
        data-payment-success
        tabIndex={-1}
      >
        <h2 className="text-2xl font-semibold text-balance break-keep text-success">{heading('successHeading')}</h2>
        <p className="mt-3 text-lg text-ink" data-testid="order-success-detail">
          {t('successSeats', { count: bought, plan: planName })}
        </p>
        {order ? <p className="mt-2 text-sm text-ink-muted">{t('orderNo', { id: order.id })}</p> : null}
        <div className="mt-6 flex flex-wrap gap-3">
          <Link href="/account/seats" className={buttonClass()} data-testid="to-seats">
            {t('toSeats')}
          </Link>
          <Link href="/" className={buttonClass({ variant: 'secondary' })}>
            {t('toHome')}
          </Link>
        </div>
      </div>
    );
  }

  if (state.phase === 'paid') {
    const expiry = user?.expiresAt ? formatDate(user.expiresAt, tag, 'long', zone) : null;
    return (
      <div
        role="status"
        className="rounded-card border border-green-200 bg-green-50 p-6 sm:p-8"
        data-testid="order-success"
        data-payment-success
        tabIndex={-1}
      >
        <h2 className="text-2xl font-semibold text-balance break-keep text-success">{heading('successHeading')}</h2>
        <p className="mt-3 text-lg text-ink" data-testid="order-success-detail">
          {refreshed && user?.plan === 'PRO' && expiry ? t('successMember', { plan: planName, date: expiry }) : t('successPending')}
        </p>
        {order ? <p className="mt-2 text-sm text-ink-muted">{t('orderNo', { id: order.id })}</p> : null}
        <div className="mt-6 flex flex-wrap gap-3">
          <Link href="/download" className={buttonClass()}>
            {t('toDownload')}
          </Link>
          <Link href="/" className={buttonClass({ variant: 'secondary' })}>
            {t('toHome')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <div className="space-y-6 rounded-card border border-line bg-canvas p-6 shadow-card sm:p-8">
        <div className="flex items-baseline justify-between gap-4">
          <h2 className="text-lg font-semibold text-balance break-keep text-ink">{heading('summaryHeading')}</h2>
          <p className="text-ink-muted">
            {t('planLabel')}: <span className="font-semibold text-ink">{planName}</span>
          </p>
        </div>
        <fieldset disabled={busy || order !== null}>
          <legend className="text-sm font-semibold text-ink">{t('planChoice')}</legend>
          <div className="mt-3 grid grid-cols-2 gap-3">
            {options.map((o) => (
              <label
                key={o.timeUnit}
                className="flex min-h-12 cursor-pointer items-center gap-3 rounded-control border border-line-strong px-4 has-checked:border-brand-600 has-checked:ring-1 has-checked:ring-brand-600"
              >
                <input
                  type="radio"
                  name="plan"
                  value={o.timeUnit}
                  checked={unit === o.timeUnit}
                  onChange={() => setUnit(o.timeUnit)}
                  className="size-4 accent-brand-600"
                  data-testid={`plan-${o.timeUnit}`}
                />
                <span className="font-medium text-ink">{t(`term.${o.timeUnit}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {seats ? (
          <SeatsStepper
            value={count}
            initial={seats.initial}
            max={ORDER_QUANTITY_MAX}
            adjusted={seats.adjusted}
            disabled={busy || order !== null}
            hint={t(product === 'CHANNEL' ? 'channelSeatsHint' : 'seatsHint', { max: ORDER_QUANTITY_MAX })}
            onChange={changeCount}
            t={t}
          />
        ) : null}
        <OrderSummary
          figures={figures}
          tag={tag}
          seats={seats ? (order ? (order.items[0]?.quantity ?? null) : quantity) : undefined}
          ordered={order !== null || quoted !== null}
          labels={{
            seats: t('seatsLabel'),
            seatsLine: (count, price) => t('seatsLine', { count, price }),
            totalPending: t(pendingKey),
            price: t(seats ? 'seatPrice' : 'price'),
            originalPrice: t('originalPrice'),
            discount: t('discount'),
            total: t('total'),
            discountValue: (amount) => t('discountValue', { amount }),
          }}
        />
        <MethodChoice value={state.method} onChange={selectMethod} disabled={busy} inWechat={state.inWechat} tag={tag} t={t} />
        <p className="text-sm text-ink-muted">
          {t.rich(product === 'MEMBER' ? 'agreement' : 'cloudPcAgreement', {
            link: (chunks) => (
              <Link
                href={product === 'MEMBER' ? '/legal/membership-agreement' : '/legal/value-added-services'}
                className="font-medium text-brand-700 underline-offset-4 hover:underline"
              >
                {chunks}
              </Link>
            ),
          })}
        </p>
        {/* where people decide: can this charge me again by itself? */}
        <p className="text-sm text-ink-muted" data-testid="no-auto-charge">
          {t(product === 'CLOUD_PC' ? 'cloudPcNoAutoCharge' : 'noAutoCharge')}
        </p>
        <PaymentProblem state={state} onRetry={() => void pay(state.method)} onRestart={restart} t={t} />
        {state.phase === 'idle' || state.phase === 'starting' || state.phase === 'failed' ? (
          <button
            type="button"
            onClick={() => void pay(state.method)}
            disabled={busy || seatsInvalid}
            className={buttonClass({ size: 'lg', block: true })}
            data-testid="pay-now"
          >
            {state.phase === 'starting' ? t('creating') : t('payNow')}
          </button>
        ) : null}
      </div>
      <div>
        {state.phase === 'awaiting' ? (
          <PaymentPanel state={state} tag={tag} onSwitch={(method) => void pay(method)} t={t} headings={headings} />
        ) : null}
      </div>
    </div>
  );
}
