'use client';

import type { TAdminSku, TAdminSkuList } from '@llk/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { adminApi } from '@/features/admin/shell/admin-api';
import { ReasonDialog } from '@/features/admin/shell/components/reason-dialog';
import { formatFen } from '@/lib/format';
import { fenToYuanText, skuName, yuanTextToFen } from '@/features/admin/content/pricing';
import { useAction } from '@/lib/use-action';

// /admin/pricing: every SKU by its name (its id under it) with its price and list price, typed
// and shown in yuan (fen inside: the API takes and keeps integer fen); the discount is shown as
// the API computes it (never typed). Save asks first, with the old and the new price side by
// side; a saved price applies to orders created from then on.

type T = ReturnType<typeof useTranslations<'AdminPricing'>>;

function SkuRow({ sku, onSaved }: { sku: TAdminSku; onSaved: (sku: TAdminSku) => void }) {
  const t: T = useTranslations('AdminPricing');
  const locale = useLocale();
  const [price, setPrice] = useState(fenToYuanText(sku.priceFen));
  const [list, setList] = useState(fenToYuanText(sku.originalPriceFen));
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState<{ priceFen: number; originalPriceFen: number } | null>(null);
  const { busy, run } = useAction();
  const name = skuName(t as never, sku);
  const money = (fen: number) => formatFen(fen, locale);

  function ask() {
    const priceFen = yuanTextToFen(price);
    const originalPriceFen = yuanTextToFen(list);
    if (priceFen === null || originalPriceFen === null) return setError(t('amountInvalid'));
    if (priceFen > originalPriceFen) return setError(t('priceOverList'));
    setError(undefined);
    if (priceFen === sku.priceFen && originalPriceFen === sku.originalPriceFen) return setError(t('unchanged'));
    setPending({ priceFen, originalPriceFen });
  }

  async function save(reason: string) {
    if (!pending) return;
    // toasted
    await run(async () => {
      const { item } = await adminApi.put<{ item: TAdminSku }>(`/pricing/skus/${sku.skuId}`, {
        body: { ...pending, ...(reason ? { reason } : {}) },
      });
      setPending(null);
      onSaved(item);
    });
  }

  const input = 'w-full rounded-control border border-line-strong bg-canvas px-2 py-1 text-right tabular-nums text-ink sm:w-28';
  // on phones each SKU is a card: its cells in two columns, each under its heading (data-label)
  const cell =
    'px-3 py-2 max-sm:block max-sm:before:mb-1 max-sm:before:block max-sm:before:text-xs max-sm:before:text-ink-muted max-sm:before:content-[attr(data-label)]';
  return (
    <tr className="border-t border-line max-sm:grid max-sm:grid-cols-2 max-sm:py-2" data-sku={sku.skuId}>
      <td className="px-3 py-2 text-ink max-sm:col-span-2 max-sm:block">
        <span className="block font-medium" data-testid="admin-sku-name">
          {name}
        </span>
        <span className="block break-all font-mono text-xs text-ink-muted">{sku.skuId}</span>
      </td>
      <td className={cell} data-label={t('price')}>
        <input
          aria-label={`${t('price')} · ${name}`}
          inputMode="decimal"
          className={input}
          value={price}
          onChange={(e) => setPrice(e.target.value.replace(/[^\d.]/g, ''))}
        />
      </td>
      <td className={cell} data-label={t('listPrice')}>
        <input
          aria-label={`${t('listPrice')} · ${name}`}
          inputMode="decimal"
          className={input}
          value={list}
          onChange={(e) => setList(e.target.value.replace(/[^\d.]/g, ''))}
        />
      </td>
      <td className={`${cell} text-sm text-ink`} data-label={t('discountHeading')}>
        {sku.discountFen > 0 ? t('discount', { percent: sku.discountPercent }) : '—'}
      </td>
      <td className={`${cell} text-sm text-ink-muted`} data-label={t('state')}>
        {sku.active ? t('active') : t('inactive')}
      </td>
      <td className="px-3 py-2 max-sm:col-span-2 max-sm:block">
        <Button size="sm" onClick={ask} aria-describedby={error ? `sku-error-${sku.skuId}` : undefined}>
          {t('save')}
        </Button>
        {error ? (
          <p id={`sku-error-${sku.skuId}`} className="mt-1 text-xs text-danger" role="status">
            {error}
          </p>
        ) : null}
        <ReasonDialog
          open={pending !== null}
          title={t('confirmTitle', { name })}
          reasonLabel={t('reason')}
          cancelLabel={t('cancel')}
          confirmLabel={t('confirm')}
          busy={busy}
          reasonRequired={false}
          onCancel={() => setPending(null)}
          onConfirm={(reason) => void save(reason)}
        >
          {pending ? (
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm" data-testid="admin-price-change">
              <dt className="text-ink-muted">{t('price')}</dt>
              <dd>
                <del className="text-ink-muted">{money(sku.priceFen)}</del> →{' '}
                <ins className="font-semibold text-ink no-underline">{money(pending.priceFen)}</ins>
              </dd>
              <dt className="text-ink-muted">{t('listPrice')}</dt>
              <dd>
                <del className="text-ink-muted">{money(sku.originalPriceFen)}</del> →{' '}
                <ins className="font-semibold text-ink no-underline">{money(pending.originalPriceFen)}</ins>
              </dd>
              <dd className="col-span-2 mt-2 text-ink-muted">{t('confirmHint')}</dd>
            </dl>
          ) : null}
        </ReasonDialog>
      </td>
    </tr>
  );
}

export function PricingScreen({ initial }: { initial: TAdminSkuList }) {
  const t = useTranslations('AdminPricing');
  const [items, setItems] = useState(initial.items);
  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">{t('title')}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{t('intro')}</p>
      <div className="mt-6 overflow-x-auto rounded-card border border-line">
        <table className="w-full text-left max-sm:block sm:min-w-[40rem]">
          <thead className="bg-surface text-sm text-ink-soft max-sm:hidden">
            <tr>
              <th className="px-3 py-2">{t('sku')}</th>
              <th className="px-3 py-2">{t('price')}</th>
              <th className="px-3 py-2">{t('listPrice')}</th>
              <th className="px-3 py-2">{t('discountHeading')}</th>
              <th className="px-3 py-2">{t('state')}</th>
              <th className="px-3 py-2" />
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {items.map((sku) => (
              <SkuRow
                key={`${sku.skuId}-${sku.priceFen}-${sku.originalPriceFen}`}
                sku={sku}
                onSaved={(saved) => setItems((list) => list.map((row) => (row.skuId === saved.skuId ? saved : row)))}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
