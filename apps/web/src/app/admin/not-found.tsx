import { getAdminT } from '@/features/admin/shell/server/admin-session';
import Link from 'next/link';

export default async function AdminNotFound() {
  const t = await getAdminT('AdminShell');
  return (
    <main className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-ink">{t('notFoundTitle')}</h1>
      <p className="mt-3 text-ink-muted">{t('notFoundText')}</p>
      <Link href="/admin" className="mt-6 inline-block text-brand-700 underline">
        {t('backToDashboard')}
      </Link>
    </main>
  );
}
