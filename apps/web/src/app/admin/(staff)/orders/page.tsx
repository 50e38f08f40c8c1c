import type { TAdminOrdersPage } from '@llk/contracts';
import type { Metadata } from 'next';
import { getAdminContext, getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';
import { OrdersList } from '@/features/admin/people/components/orders-list';
import { chinaDayStart, cleanQuery, nextHref } from '@/features/admin/shell/rules';
import { visitorZone } from '@/lib/visitor-zone-server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getAdminT('AdminOrders'))('title') };
}

export default async function AdminOrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePermission('orders.read');
  const [{ language }, t, api, params] = await Promise.all([
    getAdminContext(),
    getAdminT('AdminOrders'),
    getAdminServerApi(),
    searchParams,
  ]);
  const filters = cleanQuery(params, ['q', 'userId', 'status', 'itemType', 'from', 'to']);
  const cut = cleanQuery(params, ['before']);
  const { from, to, ...rest } = filters;
  const fromIso = chinaDayStart(from);
  const toIso = chinaDayStart(to);
  let page: TAdminOrdersPage = { items: [], next: null };
  let error: string | undefined;
  try {
    page = await api.get<TAdminOrdersPage>('/orders', {
      query: { ...rest, ...(fromIso ? { from: fromIso } : {}), ...(toIso ? { to: toIso } : {}), ...cut },
      silent: true,
      retry: false,
    });
  } catch (caught) {
    error = (caught as Error).message;
  }
  return (
    <OrdersList
      t={t}
      language={language}
      zone={await visitorZone()}
      filters={filters}
      page={page}
      nextHref={page.next ? nextHref('/admin/orders', filters, page.next) : null}
      onFirst={!cut.before}
      {...(error ? { error } : {})}
    />
  );
}
