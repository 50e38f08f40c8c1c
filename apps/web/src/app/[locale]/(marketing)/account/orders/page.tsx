import type { TOrderList } from '@llk/contracts';
import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AccountHeading } from '@/features/account/components/account-heading';
import { OrderState } from '@/features/account/components/order-state';
import { ORDERS_PAGE_SIZE, pageCount, parsePage } from '@/features/account/orders';
import { accountApi, accountMetadata } from '@/features/account/server/account-session';
import { orderTitle } from '@/features/account/server/order-labels';
import { ButtonLink, TextLink } from '@/components/ui/button-link';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { LocalTime } from '@/components/local-time';
import { formatFen } from '@/lib/format';
import { visitorZone } from '@/lib/visitor-zone-server';
import { accountOrderPath } from '@/lib/routes';
import { OrderId } from '@/features/account/components/order-id';

// /account/orders?page=N: the caller's orders, newest first (GET /order/list), ten a page.

type SearchParams = Promise<{ page?: string | string[] }>;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  return accountMetadata(await resolveLocale(params), '/account/orders', 'orders');
}

export default async function AccountOrdersPage({ params, searchParams }: { params: LocaleParams; searchParams: SearchParams }) {
  const locale = await resolveLocale(params);
  const page = parsePage((await searchParams).page);
  const api = await accountApi(locale, '/account/orders', page > 1 ? `?page=${page}` : '');
  const [t, shell, list, zone] = await Promise.all([
    getTranslations({ locale, namespace: 'accountOrders' }),
    getTranslations({ locale, namespace: 'accountShell' }),
    api.get<TOrderList>('/order/list', { query: { page, pageSize: ORDERS_PAGE_SIZE } }),
    visitorZone(),
  ]);
  const tag = localeEntries[locale].iso;
  // the order number's words around it: the number itself shortens on phones (OrderId)
  const [before = '', after = ''] = (t.raw('orderNo') as string).split('{id}');
  const pages = pageCount(list.total, list.pageSize);
  const pageHref = (n: number) => (n === 1 ? '/account/orders' : { pathname: '/account/orders', query: { page: String(n) } });

  return (
    <div className="space-y-6">
      <AccountHeading locale={locale} title={shell('titles.orders')} lede={t('lede')} />
      {list.list.length === 0 ? (
        <div className="rounded-card border border-line bg-surface p-6" data-testid="orders-empty">
          <p className="text-ink">{t('empty')}</p>
          <ButtonLink href="/pricing" size="sm" className="mt-3">
            {t('browse')}
          </ButtonLink>
        </div>
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-card border border-line bg-canvas" data-testid="order-list">
          {list.list.map((order) => (
            <li
              key={order.id}
              className="flex flex-wrap items-start gap-x-6 gap-y-2 p-4 sm:flex-nowrap sm:items-center"
              data-order={order.id}
            >
              <div className="min-w-0 flex-1 basis-full sm:basis-auto">
                <p className="font-semibold text-ink">
                  <TextLink href={accountOrderPath(order.id)} className="text-ink hover:text-brand-700" data-testid="order-title">
                    {orderTitle(t, order.items)}
                  </TextLink>
                </p>
                <p className="mt-0.5 text-sm text-ink-muted">
                  <LocalTime iso={order.createdAt} languageTag={tag} serverZone={zone} />
                  <span aria-hidden> · </span>
                  <OrderId id={order.id} before={before} after={after} copyLabel={t('copyId')} copiedText={t('copiedId')} />
                </p>
              </div>
              <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1 sm:flex-none">
                <OrderState status={order.status} label={t(`states.${order.status}`)} />
                {/* the method of the payment (or of the latest attempt); an unpaid order's state says enough */}
                {order.payMethod ? (
                  <span className="text-sm whitespace-nowrap text-ink-muted">{t(`methods.${order.payMethod}`)}</span>
                ) : null}
              </div>
              <p className="text-right text-lg font-semibold whitespace-nowrap text-ink tabular-nums sm:w-24" data-testid="order-amount">
                {formatFen(order.totalFen, tag)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label={t('pagesLabel')} className="flex items-center justify-between gap-3" data-testid="order-pages">
          {page > 1 ? (
            <ButtonLink href={pageHref(page - 1)} variant="secondary" size="sm" rel="prev">
              {t('previous')}
            </ButtonLink>
          ) : (
            <span />
          )}
          <p className="text-sm text-ink-muted">{t('pageOf', { page, pages })}</p>
          {page < pages ? (
            <ButtonLink href={pageHref(page + 1)} variant="secondary" size="sm" rel="next">
              {t('next')}
            </ButtonLink>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
