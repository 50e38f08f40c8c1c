import type { TAdminDeviceDetail } from '@llk/contracts';
import Link from 'next/link';
import { Table, TableBody, TableHead, Td, Th } from '@/components/ui/table';
import { DataSection, Facts, Section, Wide } from '@/features/admin/shell/components/list-parts';
import { formatDateTime } from '@/lib/format';
import { ConnectCheck } from './connect-check';
import { Presence } from './devices-search';

type T = (key: string, values?: Record<string, string | number>) => string;

function UserLink({ user }: { user: { id: string; username: string | null } }) {
  return (
    <Link className="text-brand-700 underline" href={`/admin/users/${user.id}`}>
      {user.username ?? user.id}
    </Link>
  );
}

/** /admin/devices/[id]: the device, its owner, group, permission level, shares, seats, walls, and the connect check. */
export function DeviceDetail({ t, language, zone, detail }: { t: T; language: string; zone?: string; detail: TAdminDeviceDetail }) {
  const { device, owner, policy } = detail;
  const date = (iso: string | null) => (iso ? formatDateTime(iso, language, zone) : t('none'));
  return (
    <section>
      <p className="text-sm">
        <Link className="text-brand-700 underline" href="/admin/devices">
          {t('title')}
        </Link>
      </p>
      <h1 className="mt-1 break-all text-2xl font-semibold text-ink">{t('detailTitle', { name: device.name })}</h1>
      <div className="mt-2 grid gap-6 lg:grid-cols-2">
        <Section title={t('device')} testId="admin-device-facts">
          <Facts
            rows={[
              [
                t('facts.id'),
                <span key="id" className="font-mono">
                  {device.id}
                </span>,
              ],
              [
                t('facts.deviceId'),
                <span key="key" className="font-mono" data-testid="admin-device-key">
                  {device.deviceId}
                </span>,
              ],
              [t('facts.client'), t(`clientTypes.${device.clientType}`)],
              [t('facts.chip'), device.chipType ?? t('none')],
              [t('facts.os'), device.osVersion ?? t('none')],
              [t('facts.version'), device.appVersion ?? t('none')],
              [t('facts.presence'), <Presence key="presence" online={device.online} lastSeenAt={device.lastSeenAt} />],
              [t('facts.country'), device.lastCountry ?? t('unknown')],
              [t('facts.created'), date(device.createdAt)],
              [t('facts.updated'), date(device.updatedAt)],
            ]}
          />
        </Section>
        <div>
          <Section title={t('owner')} testId="admin-device-owner">
            <Facts
              rows={[
                [t('owner'), <UserLink key="owner" user={owner} />],
                [t('nickname'), owner.nickname],
                [t('group'), detail.group?.name ?? t('noGroup')],
              ]}
            />
            <p className="mt-2 text-sm">
              <Link className="text-brand-700 underline" href={`/admin/devices?q=${encodeURIComponent(owner.id)}`}>
                {t('allDevicesOfOwner')}
              </Link>
            </p>
          </Section>
          <Section title={t('policy')} testId="admin-device-policy">
            <p className="font-medium text-ink">{t(`policies.${policy.value}`)}</p>
            <p className="mt-1 text-sm text-ink-muted">{t(`policyHints.${policy.value}`)}</p>
            <div className="mt-2">
              <Facts
                rows={[
                  [t('mayControl'), policy.mayControl ? t('yes') : t('no')],
                  [t('mayBeControlled'), policy.mayBeControlled ? t('yes') : t('no')],
                ]}
              />
            </div>
          </Section>
        </div>
      </div>

      <Section title={t('connect.title')} testId="admin-device-connect">
        <ConnectCheck from={device.id} />
      </Section>

      <DataSection title={t('shares')} testId="admin-device-shares" rows={detail.shares.length} empty={t('noShares')}>
        <Wide>
          <Table>
            <TableHead>
              <Th>{t('shareCol.recipient')}</Th>
              <Th>{t('shareCol.permission')}</Th>
              <Th>{t('shareCol.via')}</Th>
              <Th>{t('shareCol.since')}</Th>
            </TableHead>
            <TableBody>
              {detail.shares.map((share) => (
                <tr key={share.id}>
                  <Td>
                    <UserLink user={share.recipient} />
                  </Td>
                  <Td>{t(`permissions.${share.permission}`)}</Td>
                  <Td>{share.group ? t('viaGroup', { name: share.group.name }) : t('direct')}</Td>
                  <Td>{date(share.createdAt)}</Td>
                </tr>
              ))}
            </TableBody>
          </Table>
        </Wide>
      </DataSection>

      <DataSection title={t('seats')} testId="admin-device-seats" rows={detail.seats.length} empty={t('noSeats')}>
        <Wide>
          <Table>
            <TableHead>
              <Th>{t('seatCol.kind')}</Th>
              <Th>{t('seatCol.buyer')}</Th>
              <Th>{t('seatCol.starts')}</Th>
              <Th>{t('seatCol.ends')}</Th>
              <Th>{t('seatCol.state')}</Th>
            </TableHead>
            <TableBody>
              {detail.seats.map((seat) => (
                <tr key={seat.id}>
                  <Td>{seat.kind === 'MEMBER' || seat.kind === 'CHANNEL' ? t(`seatKinds.${seat.kind}`) : seat.kind}</Td>
                  <Td>
                    <UserLink user={seat.owner} />
                  </Td>
                  <Td>{date(seat.startsAt)}</Td>
                  <Td>{date(seat.expiresAt)}</Td>
                  <Td>{seat.running ? t('seatRunning') : t('seatIdle')}</Td>
                </tr>
              ))}
            </TableBody>
          </Table>
        </Wide>
      </DataSection>

      <DataSection title={t('walls')} testId="admin-device-walls" rows={detail.walls.length} empty={t('noWalls')}>
        <Wide>
          <Table>
            <TableHead>
              <Th>{t('wallCol.name')}</Th>
              <Th>{t('wallCol.owner')}</Th>
              <Th>{t('wallCol.position')}</Th>
            </TableHead>
            <TableBody>
              {detail.walls.map((wall) => (
                <tr key={wall.id}>
                  <Td>{wall.name}</Td>
                  <Td>
                    <UserLink user={wall.owner} />
                  </Td>
                  <Td>{t('wallPosition', { position: wall.position, count: wall.deviceCount })}</Td>
                </tr>
              ))}
            </TableBody>
          </Table>
        </Wide>
      </DataSection>
    </section>
  );
}
