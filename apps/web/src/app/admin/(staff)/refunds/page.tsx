import type { TAdminDisputes, TAdminRefundQueue } from '@llk/contracts';
import type { Metadata } from 'next';
import { getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';
import { DisputesList } from '@/features/admin/disputes/components/disputes-list';
import { RefundsScreen } from '@/features/admin/refunds/components/refunds-screen';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getAdminT('AdminRefunds'))('title') };
}

export default async function AdminRefundsPage() {
  await requirePermission('orders.read');
  const api = await getAdminServerApi();
  const [queue, disputes] = await Promise.all([api.get<TAdminRefundQueue>('/refunds/queue'), api.get<TAdminDisputes>('/disputes')]);
  return (
    <>
      <RefundsScreen queue={queue} />
      <DisputesList items={disputes.items} />
    </>
  );
}
