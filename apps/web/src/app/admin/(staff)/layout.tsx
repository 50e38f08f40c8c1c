import type { ReactNode } from 'react';
import { AdminShell } from '@/features/admin/shell/components/admin-shell';
import { getAdminContext, requireStaff } from '@/features/admin/shell/server/admin-session';

// Every signed-in /admin page: a staff session or off to /admin/login, then the shell.
export default async function StaffLayout({ children }: { children: ReactNode }) {
  const me = await requireStaff();
  const { language } = await getAdminContext();
  return (
    <AdminShell me={me} language={language}>
      {children}
    </AdminShell>
  );
}
