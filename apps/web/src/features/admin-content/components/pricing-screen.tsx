'use client';

import type { TAdminSku, TAdminSkuList } from '@llk/contracts';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { adminApi } from '@/features/admin/admin-api';

// /admin/pricing: every SKU with its price and list price in fen; the discount is shown as the
// API computes it (never typed). A saved price applies to orders created from then on.

function SkuRow({ sku, onSaved }: { sku: TAdminSku; onSaved: (sku: TAdminSku) => void }) {
  const t = useTranslations('AdminPricing');
  const [price, setPrice] = useState(String(sku.priceFen));
  const [list, setList] = useState(String(sku.originalPriceFen));
  const [busy, setBusy] = useState(false);
  const changed = price !== String(sku.priceFen) || list !== String(sku.originalPriceFen);
  async function save() {
    setBusy(true);
    try {
      const { item } = await adminApi.put<{ item: TAdminSku }>(`/pricing/skus/${sku.skuId}`, { body: { priceFen: Number(price), originalPriceFen: Number(list) } });
      onSaved(item);
    } finally {
      setBusy(false);
    }
  }
  const input = 'w-full rounded-control border border-line bg-canvas px-2 py-1 text-right text-ink sm:w-28';
  // on phones each SKU is a card: its cells in two columns, each under its heading (data-label)
  const cell = 'px-3 py-2 max-sm:block max-sm:before:mb-1 max-sm:before:block max-sm:before:text-xs max-sm:before:text-ink-muted max-sm:before:content-[attr(data-label)]';
  return (
    <tr className="border-t border-line max-sm:grid max-sm:grid-cols-2 max-sm:py-2" data-sku={sku.skuId}>
      <td className="px-3 py-2 font-mono text-sm text-ink max-sm:col-span-2 max-sm:block max-sm:break-all">{sku.skuId}</td>
      <td className={cell} data-label={t('price')}>
        <input aria-label={t('price')} inputMode="numeric" className={input} value={price} onChange={(e) => setPrice(e.target.value.replace(/\D/g, ''))} />
      </td>
      <td className={cell} data-label={t('listPrice')}>
        <input aria-label={t('listPrice')} inputMode="numeric" className={input} value={list} onChange={(e) => setList(e.target.value.replace(/\D/g, ''))} />
      </td>
      <td className={`${cell} text-sm text-ink`} data-label={t('discountHeading')}>{sku.discountFen > 0 ? t('discount', { percent: sku.discountPercent }) : '—'}</td>
      <td className={`${cell} text-sm text-ink-muted`} data-label={t('state')}>{sku.active ? t('active') : t('inactive')}</td>
      <td className="px-3 py-2 max-sm:col-span-2 max-sm:block">
        <Button size="sm" disabled={!changed || busy} onClick={() => void save()}>
          {t('save')}
        </Button>
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
              <SkuRow key={`${sku.skuId}-${sku.priceFen}-${sku.originalPriceFen}`} sku={sku} onSaved={(saved) => setItems((list) => list.map((row) => (row.skuId === saved.skuId ? saved : row)))} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
