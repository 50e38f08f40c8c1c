import { type TAdminSupportPage, ZSupportState } from '@llk/contracts';
import type { Metadata } from 'next';
import { getAdminServerApi, getAdminT, requirePermission } from '@/features/admin/shell/server/admin-session';
import { cleanQuery } from '@/features/admin/shell/rules';
import { InboxScreen, type TInboxAssignee } from '@/features/admin/support/components/inbox-screen';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getAdminT('AdminSupport'))('title') };
}

export default async function AdminSupportPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePermission('support.manage');
  const [api, params] = await Promise.all([getAdminServerApi(), searchParams]);
  const query = cleanQuery(params, ['state', 'assignee', 'before']);
  // the inbox opens on what is waiting: new threads
  const state = query.state === 'all' ? null : (ZSupportState.safeParse(query.state ?? 'NEW').data ?? 'NEW');
  const assignee: TInboxAssignee = query.assignee === 'me' || query.assignee === 'none' ? query.assignee : null;
  const page = await api
    .get<TAdminSupportPage>('/support', {
      query: { ...(state ? { state } : {}), ...(assignee ? { assignee } : {}), ...(query.before ? { before: query.before } : {}) },
      silent: true,
      retry: false,
    })
    .catch(() => ({ items: [], next: null }));
  return <InboxScreen page={page} state={state} assignee={assignee} />;
}
