import type { TAdminAuditPage } from '@llk/contracts';
import type { Metadata } from 'next';
import { AuditBrowser } from '@/features/admin/audit/components/audit-browser';
import { getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getAdminT('AdminAudit');
  return { title: t('title') };
}

export default async function AdminAuditPage() {
  await requirePermission('audit.read');
  const t = await getAdminT('AdminAudit');
  const initial = await (await getAdminServerApi()).get<TAdminAuditPage>('/audit', { query: { limit: 50 } });
  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">{t('title')}</h1>
      <p className="mt-2 text-ink-muted">{t('intro')}</p>
      <AuditBrowser initial={initial} />
    </section>
  );
}
