import type { TDevice, TLocale } from '@llk/contracts';
import { csvCell } from '../../infrastructure/csv';
import { formatCsvMoment } from '../../infrastructure/time-text';
import { DEVICE_CSV_COLUMNS, DEVICE_CSV_TEXTS, type TColumn } from './device-csv.texts';

// GET /device/export as a person opens it in a spreadsheet: the columns and the coded values
// (platform, chip, permission level, permission, online) in the caller's language, the same
// words as the devices page (apps/web/messages/<locale>/account-devices.json); the group by its
// name; times on the caller's clock with the offset in every value ("2026-12-02 14:05 (UTC+8)",
// ADR 0031); UTF-8 with a BOM and CRLF lines, so Excel opens CJK text as is.

// the e2e journeys read the words from here
export { DEVICE_CSV_COLUMNS, DEVICE_CSV_TEXTS } from './device-csv.texts';

export interface TDeviceCsvOptions {
  locale: TLocale;
  timeZone: string;
  /** the caller's groups by id */
  groupNames: ReadonlyMap<string, string>;
}

/** The devices as CSV (UTF-8 with a BOM, CRLF lines: what spreadsheet programs open as is). */
export function devicesCsv(devices: readonly TDevice[], { locale, timeZone, groupNames }: TDeviceCsvOptions): string {
  const t = DEVICE_CSV_TEXTS[locale];
  const lines = [DEVICE_CSV_COLUMNS.map((column) => csvCell(t.columns[column])).join(',')];
  for (const device of devices) {
    const cells: Record<TColumn, string | null> = {
      deviceId: device.deviceId,
      name: device.name,
      clientType: t.clientTypes[device.clientType],
      chipType: device.chipType ? t.chipTypes[device.chipType] : null,
      osVersion: device.osVersion,
      appVersion: device.appVersion,
      group: device.groupId ? (groupNames.get(device.groupId) ?? null) : null,
      policy: t.policies[device.policy],
      online: device.online ? t.online : t.offline,
      lastSeen: formatCsvMoment(device.lastSeenAt, timeZone),
      sharedBy: device.sharedBy?.name ?? null,
      permission: t.permissions[device.permission],
    };
    lines.push(DEVICE_CSV_COLUMNS.map((column) => csvCell(cells[column])).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
