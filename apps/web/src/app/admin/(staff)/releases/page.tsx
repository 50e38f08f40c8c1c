import type { TAdminReleasePage } from '@llk/contracts';
import type { Metadata } from 'next';
import { getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';
import { ReleasesScreen } from '@/features/admin/content/components/releases-screen';
import { languageNames } from '@/features/admin/content/language-names';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getAdminT('AdminReleases');
  return { title: t('title') };
}

export default async function AdminReleasesPage() {
  await requirePermission('content.manage');
  const api = await getAdminServerApi();
  return (
    <ReleasesScreen initial={await api.get<TAdminReleasePage>('/releases', { query: { limit: 50 } })} languageNames={languageNames()} />
  );
}
