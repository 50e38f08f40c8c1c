import type { TAdminAmbassadorDetail } from '@llk/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';
import { AmbassadorScreen } from '@/features/admin/payouts/components/ambassador-screen';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getAdminT('AdminPayouts'))('title') };
}

export default async function AdminAmbassadorPage({ params }: { params: Promise<{ id: string }> }) {
  await requirePermission('payouts.manage');
  const [api, { id }] = await Promise.all([getAdminServerApi(), params]);
  let detail: TAdminAmbassadorDetail;
  try {
    detail = await api.get<TAdminAmbassadorDetail>(`/payouts/ambassadors/${encodeURIComponent(id)}`, { silent: true, retry: false });
  } catch {
    notFound();
  }
  return <AmbassadorScreen detail={detail} />;
}
