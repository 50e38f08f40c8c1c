import type { TPasskeyList } from '@llk/contracts';
import type { Metadata } from 'next';
import { getAdminServerApi, getAdminT, requireStaff } from '@/features/admin/shell/server/admin-session';
import { PasskeysScreen } from '@/features/admin/staff/components/passkeys-screen';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getAdminT('AdminPasskeys'))('title') };
}

/** Any staff member's own passkeys (no permission beyond a session). */
export default async function AdminPasskeysPage() {
  await requireStaff();
  const api = await getAdminServerApi();
  return <PasskeysScreen initial={(await api.get<TPasskeyList>('/me/passkeys')).passkeys} />;
}
