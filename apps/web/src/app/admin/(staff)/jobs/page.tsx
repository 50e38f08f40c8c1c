import type { TAdminJobList } from '@llk/contracts';
import type { Metadata } from 'next';
import { getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';
import { JobsScreen } from '@/features/admin/jobs/components/jobs-screen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getAdminT('AdminJobs');
  return { title: t('title') };
}

export default async function AdminJobsPage() {
  await requirePermission('jobs.manage');
  const api = await getAdminServerApi();
  return <JobsScreen initial={await api.get<TAdminJobList>('/jobs')} />;
}
