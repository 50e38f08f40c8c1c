import { STAFF_ROLES } from '@llk/contracts/admin-roles';
import type { Metadata } from 'next';
import { AuthFrame } from '@/features/admin/shell/components/auth-frame';
import { SetupForm } from '@/features/admin/staff/components/setup-form';
import { getAdminT } from '@/features/admin/shell/server/admin-session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getAdminT('AdminSetup');
  return { title: t('title') };
}

export default async function AdminSetupPage() {
  const t = await getAdminT('AdminSetup');
  const shell = await getAdminT('AdminShell');
  const roles = Object.fromEntries(STAFF_ROLES.map((role) => [role, shell(`roles.${role}`)]));
  return (
    <AuthFrame title={t('title')}>
      <SetupForm roles={roles} />
    </AuthFrame>
  );
}
