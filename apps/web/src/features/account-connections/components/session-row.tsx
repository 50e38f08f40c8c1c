import type { TSessionRecord } from '@llk/contracts';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import type { TTranslate } from '@/lib/texts';
import { PlatformIcon } from '@/features/account-devices/components/platform-icon';
import { countryName, formatBytes, formatDuration, otherSide } from '../rules';

// One connection record as the history, "now" and the devices page's dialog show it: who and
// which devices, the direction, from where, when and how long, what ran with which right, how
// it ended, the files and the notes. A refused attempt says why in the API's words.

interface TSessionRowProps {
  record: TSessionRecord;
  t: TTranslate;
  /** BCP 47 tag of the page's language */
  tag: string;
  timeZone: string;
  /** a live session's Disconnect (none: no button) */
  onDisconnect?: (record: TSessionRecord) => void;
  /** the short form: no files and notes ("now" and the devices page's dialog) */
  compact?: boolean;
  testId?: string;
}

type TSide = TSessionRecord['from'];

function Side({ side, t }: { side: TSide; t: TTranslate }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <PlatformIcon clientType={side.clientType} />
      <span className="min-w-0">
        <span className="font-medium break-all text-ink">{side.deviceName}</span>{' '}
        <span className="text-ink-muted">
          {t(`clientTypes.${side.clientType}`)}
          {side.appVersion ? ` ${t('row.version', { version: side.appVersion })}` : ''}
        </span>
      </span>
    </span>
  );
}

/** The other side's country in the page's language and its masked address, or "location unknown". */
export function placeOf(side: TSide, t: TTranslate, tag: string): string {
  const parts = [side.country ? countryName(side.country, tag) : null, side.address].filter(Boolean);
  return parts.length > 0 ? t('row.place', { place: parts.join(' · ') }) : t('row.unknownPlace');
}

export function SessionRow({ record, t, tag, timeZone, onDisconnect, compact = false, testId = 'session' }: TSessionRowProps) {
  const other = otherSide(record);
  const who = other.mine ? t('row.you') : other.userName;
  const facts = [
    t('row.started', { time: formatDateTime(record.startedAt, tag, timeZone) }),
    record.durationSeconds !== null ? t('row.duration', { duration: formatDuration(record.durationSeconds) }) : null,
    t(`kinds.${record.kind}`),
    t(`permissions.${record.permission}`),
    record.bytes !== null && record.bytes > 0 ? t('row.bytes', { bytes: formatBytes(record.bytes, tag) }) : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <li
      className="space-y-2 p-4"
      data-testid={testId}
      data-session-id={record.id}
      data-status={record.status}
      data-direction={record.direction}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-semibold break-all text-ink" data-testid="session-who">
          {who}
        </span>
        <span className="rounded-full bg-surface px-2 py-0.5 text-xs font-medium text-ink-muted" data-testid="session-direction">
          {t(`directions.${record.direction}`)}
        </span>
        {record.status === 'LIVE' ? (
          <span
            className="inline-flex items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800"
            data-testid="session-now"
          >
            <span aria-hidden="true" className="size-2 rounded-full bg-green-600" />
            {t('row.now')}
          </span>
        ) : null}
        {record.status === 'REFUSED' ? (
          <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800" data-testid="session-refused">
            {record.refusalMessage ? t('row.refusedBecause', { reason: record.refusalMessage }) : t('row.refused')}
          </span>
        ) : null}
        {record.alarm ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" data-testid="session-alarm">
            {t('row.alarm')}
          </span>
        ) : null}
        {record.status === 'LIVE' && onDisconnect ? (
          <Button variant="danger" size="sm" className="ml-auto" onClick={() => onDisconnect(record)} data-testid="session-disconnect">
            {t('live.disconnect')}
          </Button>
        ) : null}
      </div>
      {/* the arrow travels with the controlled side, so a phone's wrapped line still reads "→ device" */}
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="session-devices">
        <Side side={record.from} t={t} />
        <span className="inline-flex min-w-0 items-center gap-2">
          <span aria-hidden="true" className="text-ink-muted">
            →
          </span>
          <Side side={record.to} t={t} />
        </span>
      </p>
      <p className="text-sm text-ink-muted" data-testid="session-facts">
        {facts.join(' · ')}
      </p>
      <p className="text-sm text-ink-muted" data-testid="session-place">
        {placeOf(other, t, tag)}
      </p>
      {record.endReason ? (
        <p className="text-sm text-ink-muted" data-testid="session-end">
          {record.endReason === 'DISCONNECTED_BY_OWNER' && record.endedBy
            ? t('row.endedBy', { name: record.endedBy.name })
            : t(`endReasons.${record.endReason}`)}
        </p>
      ) : null}
      {!compact && record.files.length > 0 ? (
        <div className="text-sm" data-testid="session-files">
          <p className="font-medium text-ink">{t('row.files')}</p>
          <ul className="mt-1 space-y-0.5 text-ink-muted">
            {record.files.map((file, index) => (
              <li key={`${file.at}-${index}`} data-testid="session-file" className="break-all">
                {file.direction === 'SENT' ? t('row.sent') : t('row.received')} · {file.name} · {formatBytes(file.sizeBytes, tag)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {!compact && record.notes.length > 0 ? (
        <div className="text-sm" data-testid="session-notes">
          <p className="font-medium text-ink">{t('row.notes')}</p>
          <ul className="mt-1 space-y-0.5 text-ink-muted">
            {record.notes.map((note) => (
              <li key={note.side} className="break-words whitespace-pre-line">
                <span className="font-medium">{t(`row.noteBy.${note.side}`)}</span> · {note.text}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}
