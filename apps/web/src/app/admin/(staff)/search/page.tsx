import type { TAdminHotSearchList } from '@llk/contracts';
import type { Metadata } from 'next';
import { getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';
import { HotSearchesScreen } from '@/features/admin/content/components/hot-searches-screen';
import { languageNames } from '@/features/admin/content/language-names';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getAdminT('AdminHotSearches');
  return { title: t('title') };
}

export default async function AdminHotSearchesPage() {
  await requirePermission('content.manage');
  const api = await getAdminServerApi();
  return (
    <HotSearchesScreen
      initial={await api.get<TAdminHotSearchList>('/search/hot', { query: { locale: 'zh-CN' } })}
      languageNames={languageNames()}
    />
  );
}
