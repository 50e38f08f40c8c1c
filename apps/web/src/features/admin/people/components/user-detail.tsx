import type { TAdminUserDetail } from '@llk/contracts';
import Link from 'next/link';
import { Table, TableBody, TableHead, Td, Th } from '@/components/ui/table';
import { formatDate, formatDateTime } from '@/lib/format';
import { DataSection, Facts, Section, TableOrEmpty, Wide } from '@/features/admin/shell/components/list-parts';
import { OrdersTable } from './orders-table';
import { EndSessionButton, UserActions } from './user-actions';

type T = (key: string, values?: Record<string, string | number>) => string;

/** /admin/users/[id]: profile, plan and terms, orders, sessions, devices, referral relations, actions. */
export function UserDetail({
  t,
  tOrders,
  language,
  zone,
  detail,
  canAct,
}: {
  t: T;
  tOrders: T;
  language: string;
  zone?: string;
  detail: TAdminUserDetail;
  canAct: boolean;
}) {
  const { profile } = detail;
  const date = (iso: string | null) => (iso ? formatDateTime(iso, language, zone) : t('none'));
  return (
    <section>
      <p className="text-sm">
        <Link className="text-brand-700 underline" href="/admin/users">
          {t('title')}
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-semibold text-ink">{t('detailTitle', { name: profile.username ?? profile.nickname })}</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Section title={t('profile')} testId="admin-user-profile">
          <Facts
            rows={[
              [
                'ID',
                <span key="id" className="font-mono">
                  {profile.id}
                </span>,
              ],
              [t('col.contact'), `${profile.mobile ?? t('none')} / ${profile.email ?? t('none')}`],
              [t('col.created'), date(profile.createdAt)],
              [
                t('col.state'),
                profile.lockedAt ? (
                  <span key="l" className="text-red-700">{`${t('locked')} · ${date(profile.lockedAt)}`}</span>
                ) : (
                  t('active')
                ),
              ],
              [t('twoStep'), profile.twoStep ? t('on') : t('off')],
              ...(profile.cancelRequestedAt
                ? [[t('cancellation'), t('cancelAt', { date: date(profile.eraseAt) })] as [string, string]]
                : []),
            ]}
          />
        </Section>
        <Section title={t('plan')} testId="admin-user-plan">
          <Facts
            rows={[
              [t('memberPlan'), profile.memberPlan],
              [t('memberExpires'), date(profile.memberExpiresAt)],
              [t('walls'), String(profile.monitorCount)],
              [t('quality'), profile.qualityTier],
              [t('qualityExpires'), date(profile.qualityExpiresAt)],
              [
                t('channel'),
                profile.channelEnabled && profile.channelExpiresAt
                  ? t('channelOn', { date: date(profile.channelExpiresAt) })
                  : t('channelOff'),
              ],
            ]}
          />
        </Section>
      </div>

      {canAct ? (
        <Section title={t('actions')} testId="admin-user-actions">
          <UserActions userId={profile.id} locked={profile.lockedAt !== null} twoStep={profile.twoStep} />
        </Section>
      ) : null}

      <Section title={t('orders')}>
        <TableOrEmpty rows={detail.orders.length} empty={t('noOrders')}>
          <OrdersTable orders={detail.orders} t={tOrders} language={language} zone={zone} />
        </TableOrEmpty>
        <p className="mt-2 text-sm">
          <Link className="text-brand-700 underline" href={`/admin/orders?userId=${encodeURIComponent(profile.id)}`}>
            {t('allOrders')}
          </Link>
        </p>
      </Section>

      <DataSection title={t('sessions')} testId="admin-user-sessions" rows={detail.sessions.length} empty={t('noSessions')}>
        {/* a list, not a table: a browser's long user agent is cut to its card's width, and the reason and End button wrap under the facts on a phone instead of scrolling out of sight */}
        <ul className="grid gap-2" data-testid="admin-user-session-list">
          {detail.sessions.map((session) => (
            <li
              key={session.id}
              className="flex min-w-0 flex-wrap items-center justify-between gap-x-6 gap-y-2 rounded-control border border-line px-3 py-2 text-sm"
              data-testid="admin-user-session"
            >
              <dl className="grid min-w-0 flex-1 basis-72 grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-0.5">
                {(
                  [
                    [t('sessionCol.type'), session.loginType],
                    [t('sessionCol.created'), formatDateTime(session.createdAt, language, zone)],
                    [t('sessionCol.seen'), formatDateTime(session.lastSeenAt, language, zone)],
                    [t('sessionCol.ip'), session.ip ?? t('none')],
                  ] as const
                ).map(([term, value]) => (
                  <div key={term} className="contents">
                    <dt className="text-ink-muted">{term}</dt>
                    <dd className="min-w-0 text-ink">{value}</dd>
                  </div>
                ))}
                <dt className="text-ink-muted">{t('sessionCol.agent')}</dt>
                <dd className="min-w-0 truncate text-ink" title={session.userAgent ?? undefined}>
                  {session.userAgent ?? t('none')}
                </dd>
              </dl>
              {canAct ? <EndSessionButton userId={profile.id} sessionId={session.id} /> : null}
            </li>
          ))}
        </ul>
      </DataSection>

      <DataSection title={t('devices')} rows={detail.devices.length} empty={t('noDevices')}>
        <Wide>
          <Table>
            <TableHead>
              <Th>{t('deviceCol.name')}</Th>
              <Th>{t('deviceCol.client')}</Th>
              <Th>{t('deviceCol.version')}</Th>
              <Th>{t('deviceCol.seen')}</Th>
            </TableHead>
            <TableBody>
              {detail.devices.map((device) => (
                <tr key={device.id}>
                  <Td>{device.name}</Td>
                  <Td>{device.clientType}</Td>
                  <Td>{device.appVersion ?? t('none')}</Td>
                  <Td>{date(device.lastSeenAt)}</Td>
                </tr>
              ))}
            </TableBody>
          </Table>
        </Wide>
      </DataSection>

      <Section title={t('referral')}>
        <p className="text-sm text-ink">
          {detail.referral.referredBy ? (
            <Link className="text-brand-700 underline" href={`/admin/users/${detail.referral.referredBy.ambassadorUserId}`}>
              {t('referredBy', {
                user: detail.referral.referredBy.ambassadorUserId,
                code: detail.referral.referredBy.referralCode,
                date: formatDate(detail.referral.referredBy.boundAt, language, 'medium', zone),
              })}
            </Link>
          ) : (
            t('notReferred')
          )}
        </p>
        <p className="mt-1 text-sm text-ink">
          {detail.referral.ambassador
            ? t('ambassador', {
                code: detail.referral.ambassador.referralCode,
                date: formatDate(detail.referral.ambassador.joinedAt, language, 'medium', zone),
                count: detail.referral.ambassador.referredCount,
              })
            : t('notAmbassador')}
        </p>
      </Section>
    </section>
  );
}
