import type { TAdminAmbassadorsPage, TAdminPayoutBatchList, TAdminPayoutSettings } from '@llk/contracts';
import type { Metadata } from 'next';
import { getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';
import { cleanQuery, nextHref } from '@/features/admin/shell/rules';
import { PayoutsScreen } from '@/features/admin/payouts/components/payouts-screen';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getAdminT('AdminPayouts'))('title') };
}

export default async function AdminPayoutsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePermission('payouts.manage');
  const [api, params] = await Promise.all([getAdminServerApi(), searchParams]);
  const filters = cleanQuery(params, ['q']);
  const cut = cleanQuery(params, ['before']);
  const [settings, batches, ambassadors] = await Promise.all([
    api.get<TAdminPayoutSettings>('/payouts/settings'),
    api.get<TAdminPayoutBatchList>('/payouts/batches'),
    api
      .get<TAdminAmbassadorsPage>('/payouts/ambassadors', { query: { ...filters, ...cut }, silent: true, retry: false })
      .catch(() => ({ items: [], next: null, thresholdFen: 0 })),
  ]);
  return (
    <PayoutsScreen
      settings={settings}
      batches={batches.items}
      ambassadors={ambassadors}
      q={filters.q ?? ''}
      nextHref={ambassadors.next ? nextHref('/admin/payouts', filters, ambassadors.next) : null}
      onFirst={!cut.before}
    />
  );
}
