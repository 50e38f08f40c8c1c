import type { TAdminUserDetail } from '@llk/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getAdminContext, getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';
import { UserDetail } from '@/features/admin/people/components/user-detail';
import { visitorZone } from '@/lib/visitor-zone-server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getAdminT('AdminUsers'))('title') };
}

export default async function AdminUserPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await requirePermission('users.read');
  const [{ language }, t, tOrders, api, { id }] = await Promise.all([
    getAdminContext(),
    getAdminT('AdminUsers'),
    getAdminT('AdminOrders'),
    getAdminServerApi(),
    params,
  ]);
  let detail: TAdminUserDetail;
  try {
    detail = await api.get<TAdminUserDetail>(`/users/${encodeURIComponent(id)}`, { silent: true, retry: false });
  } catch {
    notFound();
  }
  return (
    <UserDetail
      t={t}
      tOrders={tOrders}
      language={language}
      zone={await visitorZone()}
      detail={detail}
      canAct={me.permissions.includes('users.act')}
    />
  );
}
