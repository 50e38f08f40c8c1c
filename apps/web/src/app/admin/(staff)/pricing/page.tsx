import type { TAdminSkuList } from '@llk/contracts';
import type { Metadata } from 'next';
import { getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';
import { PricingScreen } from '@/features/admin/content/components/pricing-screen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getAdminT('AdminPricing');
  return { title: t('title') };
}

export default async function AdminPricingPage() {
  await requirePermission('pricing.manage');
  const api = await getAdminServerApi();
  return <PricingScreen initial={await api.get<TAdminSkuList>('/pricing/skus')} />;
}
