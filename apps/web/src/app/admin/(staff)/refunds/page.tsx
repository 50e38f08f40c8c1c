import type { TAdminRefundQueue } from '@llk/contracts';
import type { Metadata } from 'next';
import { getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/server/admin-session';
import { RefundsScreen } from '@/features/admin-refunds/components/refunds-screen';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getAdminT('AdminRefunds'))('title') };
}

export default async function AdminRefundsPage() {
  await requirePermission('orders.read');
  const api = await getAdminServerApi();
  const queue = await api.get<TAdminRefundQueue>('/refunds/queue');
  return <RefundsScreen queue={queue} />;
}
