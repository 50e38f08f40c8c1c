import type { TAdminSupportThread } from '@llk/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';
import { ThreadScreen } from '@/features/admin/support/components/thread-screen';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getAdminT('AdminSupport'))('title') };
}

export default async function AdminSupportThreadPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await requirePermission('support.manage');
  const [api, { id }] = await Promise.all([getAdminServerApi(), params]);
  let thread: TAdminSupportThread;
  try {
    thread = await api.get<TAdminSupportThread>(`/support/${encodeURIComponent(id)}`, { silent: true, retry: false });
  } catch {
    notFound();
  }
  return <ThreadScreen thread={thread} me={me.id} />;
}
