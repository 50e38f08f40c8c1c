import type { TAdminLedgerReport } from '@llk/contracts';
import type { Metadata } from 'next';
import { getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';
import { cleanQuery } from '@/features/admin/shell/rules';
import { ReportsScreen } from '@/features/admin/dashboard/components/reports-screen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getAdminT('AdminReports');
  return { title: t('title') };
}

export default async function AdminReportsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePermission('reports.read');
  const [api, params] = await Promise.all([getAdminServerApi(), searchParams]);
  const range = cleanQuery(params, ['from', 'to']);
  // a range the API refuses (reversed, too long) shows the default one, as the dashboard does
  const report = await api
    .get<TAdminLedgerReport>('/reports/ledger', { query: range, silent: true, retry: false })
    .catch(() => api.get<TAdminLedgerReport>('/reports/ledger'));
  return <ReportsScreen report={report} />;
}
