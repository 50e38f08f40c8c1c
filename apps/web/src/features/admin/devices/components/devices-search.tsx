'use client';

import type { TAdminDevicesPage, TAdminDeviceSummary } from '@llk/contracts';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Table, TableBody, TableHead, Td, Th } from '@/components/ui/table';
import { adminApi } from '@/features/admin/shell/admin-api';
import { LabeledInput } from '@/features/admin/shell/components/inputs';
import { useStaffZone } from '@/features/admin/shell/use-staff-zone';
import { formatDateTime } from '@/lib/format';
import { useAction } from '@/lib/use-action';

// /admin/devices (devices.read): the search (a GET form, so a search is a link), the first page
// from the server, and "load more" appending the next keyset pages here.

export function Presence({ online, lastSeenAt }: { online: boolean; lastSeenAt: string | null }) {
  const zone = useStaffZone();
  const t = useTranslations('AdminDevices');
  const locale = useLocale();
  return (
    <span>
      <span data-testid="admin-device-presence" className={online ? 'font-medium text-green-700' : 'text-ink-muted'}>
        {online ? t('online') : t('offline')}
      </span>
      <span className="block text-xs text-ink-muted">
        {lastSeenAt ? t('seenAt', { date: formatDateTime(lastSeenAt, locale, zone) }) : t('neverSeen')}
      </span>
    </span>
  );
}

function DeviceRow({ device }: { device: TAdminDeviceSummary }) {
  const zone = useStaffZone();
  const t = useTranslations('AdminDevices');
  const locale = useLocale();
  return (
    <tr data-testid="admin-device-row">
      <Td>
        <Link className="font-medium text-brand-700 underline" href={`/admin/devices/${device.id}`}>
          {device.name}
        </Link>
        <div className="font-mono text-xs text-ink-muted">{device.deviceId}</div>
      </Td>
      <Td>
        <Link className="text-brand-700 underline" href={`/admin/users/${device.owner.id}`}>
          {device.owner.username ?? device.owner.id}
        </Link>
      </Td>
      <Td>
        {t(`clientTypes.${device.clientType}`)}
        <div className="text-xs text-ink-muted">{device.osVersion ?? t('none')}</div>
      </Td>
      <Td>{device.appVersion ?? t('none')}</Td>
      <Td>{t(`policies.${device.policy}`)}</Td>
      <Td>
        <Presence online={device.online} lastSeenAt={device.lastSeenAt} />
      </Td>
      <Td>{formatDateTime(device.createdAt, locale, zone)}</Td>
    </tr>
  );
}

export function DevicesSearch({ q, page, error }: { q: string; page: TAdminDevicesPage; error?: string }) {
  const t = useTranslations('AdminDevices');
  const [items, setItems] = useState(page.items);
  const [next, setNext] = useState(page.next);
  const { busy, run } = useAction();
  async function loadMore() {
    if (!next) return;
    // toasted
    await run(async () => {
      const more = await adminApi.get<TAdminDevicesPage>('/devices', { query: { q, before: next } });
      setItems((list) => [...list, ...more.items.filter((item) => !list.some((known) => known.id === item.id))]);
      setNext(more.next);
    });
  }
  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">{t('title')}</h1>
      <form method="get" action="/admin/devices" className="mt-4 flex flex-wrap items-end gap-3" role="search">
        <LabeledInput name="q" label={t('searchLabel')} defaultValue={q} className="w-full max-w-xl" maxLength={128} required />
        <button type="submit" className={buttonClass({ size: 'field' })}>
          {t('searchButton')}
        </button>
      </form>
      {error ? (
        <p className="mt-4 text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
      <div className="mt-6">
        {!q ? (
          <p className="text-sm text-ink-muted">{t('prompt')}</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-ink-muted">{t('empty')}</p>
        ) : (
          <div className="[&_td]:whitespace-nowrap [&_th]:whitespace-nowrap">
            <Table testId="admin-devices-table">
              <TableHead>
                <Th>{t('col.device')}</Th>
                <Th>{t('col.owner')}</Th>
                <Th>{t('col.client')}</Th>
                <Th>{t('col.version')}</Th>
                <Th>{t('col.policy')}</Th>
                <Th>{t('col.presence')}</Th>
                <Th>{t('col.created')}</Th>
              </TableHead>
              <TableBody>
                {items.map((device) => (
                  <DeviceRow key={device.id} device={device} />
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </div>
      {next ? (
        <Button
          variant="secondary"
          size="sm"
          className="mt-4"
          disabled={busy}
          onClick={() => void loadMore()}
          data-testid="admin-devices-more"
        >
          {t('loadMore')}
        </Button>
      ) : null}
    </section>
  );
}
