import type { TAdminUsersPage } from '@llk/contracts';
import type { Metadata } from 'next';
import { getAdminContext, getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';
import { UsersList } from '@/features/admin/people/components/users-list';
import { cleanQuery, nextHref } from '@/features/admin/shell/rules';
import { visitorZone } from '@/lib/visitor-zone-server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getAdminT('AdminUsers'))('title') };
}

export default async function AdminUsersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePermission('users.read');
  const [{ language }, t, api, params] = await Promise.all([getAdminContext(), getAdminT('AdminUsers'), getAdminServerApi(), searchParams]);
  const filters = cleanQuery(params, ['q', 'region']);
  const cut = cleanQuery(params, ['before']);
  let page: TAdminUsersPage = { items: [], next: null, capped: false };
  let error: string | undefined;
  try {
    page = await api.get<TAdminUsersPage>('/users', { query: { ...filters, ...cut }, silent: true, retry: false });
  } catch (caught) {
    error = (caught as Error).message;
  }
  return (
    <UsersList
      t={t}
      language={language}
      zone={await visitorZone()}
      q={filters.q ?? ''}
      {...(filters.region ? { region: filters.region } : {})}
      page={page}
      nextHref={page.next ? nextHref('/admin/users', filters, page.next) : null}
      onFirst={!cut.before}
      {...(error ? { error } : {})}
    />
  );
}
