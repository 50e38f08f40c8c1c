import type { TAdminDisputes, TAdminOrderDetail } from '@llk/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getAdminContext, getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';
import { DisputesList } from '@/features/admin/disputes/components/disputes-list';
import { OrderDetail } from '@/features/admin/people/components/order-detail';
import { visitorZone } from '@/lib/visitor-zone-server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getAdminT('AdminOrders'))('title') };
}

export default async function AdminOrderPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await requirePermission('orders.read');
  const [{ language }, t, api, { id }] = await Promise.all([getAdminContext(), getAdminT('AdminOrders'), getAdminServerApi(), params]);
  let detail: TAdminOrderDetail;
  try {
    detail = await api.get<TAdminOrderDetail>(`/orders/${encodeURIComponent(id)}`, { silent: true, retry: false });
  } catch {
    notFound();
  }
  // a card payment the customer disputed shows with its order (ADR 0029)
  const disputes = await api.get<TAdminDisputes>('/disputes', { query: { orderId: id } }).catch(() => ({ items: [] }));
  return (
    <>
      <OrderDetail
        t={t}
        language={language}
        zone={await visitorZone()}
        detail={detail}
        canRefund={me.permissions.includes('orders.refund')}
      />
      {disputes.items.length > 0 ? <DisputesList items={disputes.items} /> : null}
    </>
  );
}
