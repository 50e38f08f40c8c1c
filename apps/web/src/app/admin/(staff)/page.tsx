import type { TAdminDashboard } from '@llk/contracts';
import type { Metadata } from 'next';
import { getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';
import { cleanQuery } from '@/features/admin/shell/rules';
import { DashboardScreen } from '@/features/admin/dashboard/components/dashboard-screen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getAdminT('AdminShell');
  return { title: t('dashboardTitle') };
}

export default async function AdminDashboardPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const me = await requirePermission('dashboard.read');
  const [api, params] = await Promise.all([getAdminServerApi(), searchParams]);
  const range = cleanQuery(params, ['from', 'to']);
  // a range the API refuses (reversed, too long) shows the default one; the form keeps working
  const data = await api
    .get<TAdminDashboard>('/dashboard', { query: range, silent: true, retry: false })
    .catch(() => api.get<TAdminDashboard>('/dashboard'));
  return <DashboardScreen data={data} username={me.username} />;
}
