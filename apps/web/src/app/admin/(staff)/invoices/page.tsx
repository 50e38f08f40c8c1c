import { type TAdminInvoicesPage, ZOrderInvoiceState } from '@llk/contracts';
import type { Metadata } from 'next';
import { getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';
import { cleanQuery } from '@/features/admin/shell/rules';
import { InvoicesScreen, type TInvoiceFilter } from '@/features/admin/invoices/components/invoices-screen';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getAdminT('AdminInvoices'))('title') };
}

export default async function AdminInvoicesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePermission('invoices.manage');
  const [api, params] = await Promise.all([getAdminServerApi(), searchParams]);
  const { state } = cleanQuery(params, ['state']);
  // the open requests first: the queue FINANCE works through
  const filter: TInvoiceFilter = state === 'ALL' ? 'ALL' : (ZOrderInvoiceState.safeParse(state).data ?? 'REQUESTED');
  const page = await api.get<TAdminInvoicesPage>('/invoices', { query: filter === 'ALL' ? {} : { state: filter } });
  // keyed by the filter, so switching it starts from that filter's first page
  return <InvoicesScreen key={filter} filter={filter} page={page} />;
}
