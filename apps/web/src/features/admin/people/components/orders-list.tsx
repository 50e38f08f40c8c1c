import type { TAdminOrdersPage } from '@llk/contracts';
import { buttonClass } from '@/components/ui/button';
import { LabeledInput, LabeledSelect } from '@/features/admin/shell/components/inputs';
import { PageLinks, TableOrEmpty } from '@/features/admin/shell/components/list-parts';
import { OrdersTable } from './orders-table';

type T = (key: string, values?: Record<string, string | number>) => string;

export const ORDER_STATUSES = [
  'CREATED',
  'PENDING_PAYMENT',
  'PAID',
  'FULFILLED',
  'COMPLETED',
  'CANCELLED',
  'EXPIRED',
  'REFUNDING',
  'REFUNDED',
] as const;
export const ITEM_TYPES = ['MEMBER', 'MONITOR', 'CHANNEL', 'QUALITY', 'CLOUD_PC'] as const;

/** /admin/orders: the filters (a GET form) and one keyset page. */
export function OrdersList({
  t,
  language,
  zone,
  filters,
  page,
  nextHref,
  onFirst,
  error,
}: {
  t: T;
  language: string;
  zone?: string;
  filters: Record<string, string>;
  page: TAdminOrdersPage;
  nextHref: string | null;
  onFirst: boolean;
  error?: string;
}) {
  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">{t('title')}</h1>
      <form
        method="get"
        action="/admin/orders"
        className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
        role="search"
        aria-label={t('filters')}
      >
        <LabeledInput name="q" label={t('orderNo')} defaultValue={filters.q ?? ''} maxLength={64} />
        <LabeledInput name="userId" label={t('userId')} defaultValue={filters.userId ?? ''} maxLength={64} />
        <LabeledSelect
          label={t('status')}
          name="status"
          defaultValue={filters.status ?? ''}
          options={[{ value: '', text: t('any') }, ...ORDER_STATUSES.map((status) => ({ value: status, text: t(`statuses.${status}`) }))]}
        />
        <LabeledSelect
          label={t('itemType')}
          name="itemType"
          defaultValue={filters.itemType ?? ''}
          options={[{ value: '', text: t('any') }, ...ITEM_TYPES.map((type) => ({ value: type, text: t(`itemTypes.${type}`) }))]}
        />
        <LabeledInput name="from" type="date" label={t('from')} defaultValue={filters.from ?? ''} />
        <LabeledInput name="to" type="date" label={t('to')} defaultValue={filters.to ?? ''} />
        <div className="flex items-end">
          <button type="submit" className={buttonClass({ size: 'field' })}>
            {t('searchButton')}
          </button>
        </div>
      </form>
      {error ? (
        <p className="mt-4 text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
      <div className="mt-6">
        <TableOrEmpty rows={page.items.length} empty={t('empty')}>
          <OrdersTable orders={page.items} t={t} language={language} zone={zone} withOwner testId="admin-orders-table" />
        </TableOrEmpty>
      </div>
      <PageLinks
        firstHref={`/admin/orders?${new URLSearchParams(filters).toString()}`}
        nextHref={nextHref}
        firstText={t('first')}
        nextText={t('next')}
        onFirst={onFirst}
      />
    </section>
  );
}
