import type { TAdminNoticePage } from '@llk/contracts';
import type { Metadata } from 'next';
import { getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';
import { NoticesScreen } from '@/features/admin/content/components/notices-screen';
import { languageNames } from '@/features/admin/content/language-names';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getAdminT('AdminNotices');
  return { title: t('title') };
}

export default async function AdminNoticesPage() {
  await requirePermission('content.manage');
  const api = await getAdminServerApi();
  return <NoticesScreen initial={await api.get<TAdminNoticePage>('/notices', { query: { limit: 30 } })} languageNames={languageNames()} />;
}
