import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AuthFrame } from '@/features/admin/shell/components/auth-frame';
import { LoginForm } from '@/features/admin/staff/components/login-form';
import { getAdminContext, getAdminT } from '@/features/admin/shell/server/admin-session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getAdminT('AdminLogin');
  return { title: t('title') };
}

export default async function AdminLoginPage() {
  if ((await getAdminContext()).me) redirect('/admin');
  const t = await getAdminT('AdminLogin');
  return (
    <AuthFrame title={t('title')}>
      <p className="mt-2 text-sm text-ink-muted">{t('intro')}</p>
      <LoginForm />
    </AuthFrame>
  );
}
