import {
  type TAdminCloudPcInventory,
  type TAdminCloudPcInvoiceList,
  type TAdminProviderApplicationsPage,
  ZProviderApplicationState,
} from '@llk/contracts';
import type { Metadata } from 'next';
import { getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';
import { cleanQuery } from '@/features/admin/shell/rules';
import { CloudPcScreen } from '@/features/admin/cloud-pc/components/cloud-pc-screen';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getAdminT('AdminCloudPc'))('title') };
}

export default async function AdminCloudPcPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePermission('cloudpc.manage');
  const [api, params] = await Promise.all([getAdminServerApi(), searchParams]);
  const query = cleanQuery(params, ['state', 'before']);
  const state = ZProviderApplicationState.safeParse(query.state).data ?? null;
  const [inventory, applications, invoices] = await Promise.all([
    api.get<TAdminCloudPcInventory>('/cloud-pc/inventory'),
    api
      .get<TAdminProviderApplicationsPage>('/cloud-pc/applications', {
        query: { ...(state ? { state } : {}), ...(query.before ? { before: query.before } : {}) },
        silent: true,
        retry: false,
      })
      .catch(() => ({ items: [], next: null })),
    api.get<TAdminCloudPcInvoiceList>('/cloud-pc/invoices'),
  ]);
  return <CloudPcScreen inventory={inventory} applications={applications} state={state} invoices={invoices} />;
}
