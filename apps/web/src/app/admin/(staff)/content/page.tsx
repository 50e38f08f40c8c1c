import { localeEntries, locales, type TLocale } from '@llk/contracts/locales';
import type { TAdminNewsPage } from '@llk/contracts';
import type { Metadata } from 'next';
import { getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';
import { ContentScreen } from '@/features/admin/content/components/content-screen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getAdminT('AdminContent');
  return { title: t('title') };
}

export default async function AdminContentPage() {
  await requirePermission('content.manage');
  const api = await getAdminServerApi();
  const initial = await api.get<TAdminNewsPage>('/news', { query: { limit: 30 } });
  const languageNames = Object.fromEntries(locales.map((locale) => [locale, localeEntries[locale].name])) as Record<TLocale, string>;
  return <ContentScreen initial={initial} languageNames={languageNames} />;
}
