import type { TAdminDevicesPage } from '@llk/contracts';
import type { Metadata } from 'next';
import { getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';
import { DevicesSearch } from '@/features/admin/devices/components/devices-search';
import { cleanQuery } from '@/features/admin/shell/rules';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getAdminT('AdminDevices'))('title') };
}

export default async function AdminDevicesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePermission('devices.read');
  const [api, params] = await Promise.all([getAdminServerApi(), searchParams]);
  const { q = '' } = cleanQuery(params, ['q']);
  let page: TAdminDevicesPage = { items: [], next: null };
  let error: string | undefined;
  if (q) {
    try {
      page = await api.get<TAdminDevicesPage>('/devices', { query: { q }, silent: true, retry: false });
    } catch (caught) {
      error = (caught as Error).message;
    }
  }
  // keyed by the search, so a new search starts from its own first page
  return <DevicesSearch key={q} q={q} page={page} {...(error ? { error } : {})} />;
}
