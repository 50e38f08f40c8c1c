import type { TAdminCodeBatchList } from '@llk/contracts';
import type { Metadata } from 'next';
import { getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';
import { CodesScreen } from '@/features/admin/codes/components/codes-screen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getAdminT('AdminCodes');
  return { title: t('title') };
}

export default async function AdminCodesPage() {
  await requirePermission('codes.manage');
  const api = await getAdminServerApi();
  return <CodesScreen initial={await api.get<TAdminCodeBatchList>('/codes/batches')} />;
}
