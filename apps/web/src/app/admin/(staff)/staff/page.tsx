import type { TAdminStaffList } from '@llk/contracts';
import type { Metadata } from 'next';
import { StaffManager } from '@/features/admin/staff/components/staff-manager';
import { getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getAdminT('AdminStaff');
  return { title: t('title') };
}

export default async function AdminStaffPage() {
  const me = await requirePermission('staff.manage');
  const t = await getAdminT('AdminStaff');
  const { items } = await (await getAdminServerApi()).get<TAdminStaffList>('/staff');
  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">{t('title')}</h1>
      <p className="mt-2 text-ink-muted">{t('intro')}</p>
      <StaffManager initial={items} selfId={me.id} />
    </section>
  );
}
