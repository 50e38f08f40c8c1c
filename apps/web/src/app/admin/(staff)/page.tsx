import type { Metadata } from 'next';
import { getAdminT, requirePermission } from '@/features/admin/server/admin-session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getAdminT('AdminShell');
  return { title: t('dashboardTitle') };
}

// The dashboard's place (its figures and charts come with step 4 of ADR 0019).
export default async function AdminDashboardPage() {
  const me = await requirePermission('dashboard.read');
  const t = await getAdminT('AdminShell');
  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">{t('dashboardTitle')}</h1>
      <p className="mt-2 text-ink-muted">{t('dashboardIntro', { username: me.username })}</p>
    </section>
  );
}
