'use client';

import type { TCodeOrderResult, TOrderItem } from '@llk/contracts';
import { localeEntries, type TLocale } from '@llk/contracts/locales';
import { useCallback, useEffect, useState } from 'react';
import { createCodeOrder } from '../checkout-api';
import { CheckerUnavailable, remember, remembered } from '../remembered-order';
import type { TOrderHeadings } from '../order-headings';
import { initialPayMethod } from '../pay-methods';
import { usePayment } from '../use-payment';
import { OrderSummary } from './order-summary';
import { MethodChoice, PaymentPanel, PaymentProblem } from './payment-panel';
import { buttonClass } from '@/components/ui/button';
import { type TTexts, type TTranslate, translator } from '@/lib/texts';

type TLoad =
  { kind: 'loading' } | { kind: 'ready'; result: TCodeOrderResult } | { kind: 'failed'; message: string } | { kind: 'incomplete' };

/**
 * /pay?qrCodeId=…: the desktop app's payment code → the order for that account (account,
 * nickname, item, price and discount), payment method, Pay → QR and live status → success.
 */
export function CodeCheckout({
  qrCodeId,
  planName,
  tiers,
  wechatAppId = null,
  locale,
  texts,
  headings = {},
}: {
  qrCodeId: string;
  planName: string;
  tiers: Record<string, string>;
  wechatAppId?: string | null;
  locale: TLocale;
  /** the Pay and Order namespaces (getClientTexts) */
  texts: { Pay: TTexts; Order: TTexts };
  /** the Order headings, phrase-broken by the page (phrasedHeadings(ORDER_HEADINGS, …)) */
  headings?: TOrderHeadings;
}) {
  const tag = localeEntries[locale].iso;
  const t = translator(texts.Pay, tag);
  const o = translator(texts.Order, tag);
  const [load, setLoad] = useState<TLoad>({ kind: 'loading' });

  useEffect(() => {
    let cancelled = false;
    const request = remembered(qrCodeId).then((known) => known ?? createCodeOrder(qrCodeId, (answer) => remember(qrCodeId, answer)));
    request.then(
      (result) => {
        if (!cancelled) setLoad({ kind: 'ready', result });
      },
      (error: unknown) => {
        if (cancelled) return;
        if (error instanceof CheckerUnavailable) setLoad({ kind: 'incomplete' });
        else setLoad({ kind: 'failed', message: error instanceof Error ? error.message : 'Error' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [qrCodeId]);

  const result = load.kind === 'ready' ? load.result : null;
  const getOrder = useCallback(async () => {
    if (!result) throw new Error('Error');
    return result.order;
  }, [result]);
  const { state, pay, selectMethod } = usePayment({
    getOrder,
    payToken: result?.payToken,
    wechatAppId,
    ready: result !== null,
    initialMethod: initialPayMethod(tag),
  });

  if (load.kind === 'loading') {
    return (
      <p role="status" className="text-ink-muted" data-testid="pay-loading">
        {t('loading')}
      </p>
    );
  }
  if (load.kind === 'incomplete') {
    return (
      <div role="alert" className="rounded-card border border-red-200 bg-red-50 p-4 text-danger" data-testid="pay-code-incomplete">
        <p className="font-semibold">{t('pageIncomplete')}</p>
        <p className="mt-2 text-sm text-ink-muted">{t('pageIncompleteHelp')}</p>
      </div>
    );
  }
  if (load.kind === 'failed') {
    return (
      <div role="alert" className="rounded-card border border-red-200 bg-red-50 p-4 text-danger" data-testid="pay-code-failed">
        <p className="font-semibold">{t('codeFailed')}</p>
        <p className="mt-1 text-sm">{load.message}</p>
        <p className="mt-2 text-sm text-ink-muted">{t('codeHelp')}</p>
      </div>
    );
  }

  const { item, account, nickname } = load.result;
  const order = state.order ?? load.result.order;
  const itemName = describeItem(item, { t, o, planName, tiers });

  if (state.phase === 'paid') {
    return (
      <div
        role="status"
        className="rounded-card border border-green-200 bg-green-50 p-6"
        data-testid="pay-success"
        data-payment-success
        tabIndex={-1}
      >
        <h2 className="text-xl font-semibold text-balance break-keep text-success">{headings.successHeading ?? o('successHeading')}</h2>
        <p className="mt-2 text-ink">{itemName}</p>
        <p className="mt-2 text-ink-soft">{t('successBody', { account })}</p>
      </div>
    );
  }

  const busy = state.phase === 'starting' || state.phase === 'awaiting';
  return (
    <div className="space-y-6">
      <dl className="divide-y divide-line rounded-card border border-line bg-canvas px-4 text-base" data-testid="pay-details">
        {(
          [
            ['account', t('account'), account],
            ['nickname', t('nickname'), nickname],
            ['item', t('item'), itemName],
          ] as const
        ).map(([key, label, value]) => (
          <div key={key} className="flex justify-between gap-4 py-2" data-row={key}>
            <dt className="text-ink-muted">{label}</dt>
            <dd className="text-right font-medium text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <OrderSummary
        figures={{
          priceFen: item.priceFen * item.quantity,
          originalPriceFen: order.originalTotalFen,
          discountFen: load.result.discountFen,
          totalFen: order.totalFen,
        }}
        tag={tag}
        labels={{
          price: o('price'),
          originalPrice: o('originalPrice'),
          discount: o('discount'),
          total: o('total'),
          discountValue: (amount) => o('discountValue', { amount }),
        }}
      />
      <MethodChoice value={state.method} onChange={selectMethod} disabled={busy} inWechat={state.inWechat} tag={tag} t={o} />
      <PaymentProblem state={state} onRetry={() => void pay(state.method)} t={o} />
      {state.phase === 'awaiting' ? (
        <PaymentPanel state={state} tag={tag} onSwitch={(method) => void pay(method)} t={o} headings={headings} />
      ) : state.phase !== 'expired' && state.phase !== 'cancelled' ? (
        <button
          type="button"
          onClick={() => void pay(state.method)}
          disabled={busy}
          className={buttonClass({ size: 'lg', block: true })}
          data-testid="pay-submit"
        >
          {state.phase === 'starting' ? o('creating') : t('pay')}
        </button>
      ) : null}
    </div>
  );
}

function describeItem(
  item: TOrderItem,
  { t, o, planName, tiers }: { t: TTranslate; o: TTranslate; planName: string; tiers: Record<string, string> },
): string {
  const term = item.timeUnit ? o(`term.${item.timeUnit}`) : t('once');
  switch (item.itemType) {
    case 'MEMBER':
      return t('items.MEMBER', { plan: planName, term });
    case 'MONITOR':
      return t('items.MONITOR', { count: item.units * item.quantity });
    case 'CHANNEL':
      return t('items.CHANNEL', { term });
    case 'QUALITY':
      return t('items.QUALITY', { tier: tiers[item.skuId] ?? item.skuId, term });
    case 'CLOUD_PC':
      return t('items.CLOUD_PC', { term });
  }
}
