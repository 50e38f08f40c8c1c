import { formatDateTime } from '@/lib/format';
import { deviceLabel, placeLabel, type TTextTree } from '../texts';

export interface TLoginEventView {
  id: string;
  at: string;
  success: boolean;
  method: string;
  failure: string | null;
  ip: string | null;
  location: { countryCode: string | null; countryName: string | null };
  browser: string | null;
  os: string | null;
  newDevice: boolean;
}

/** Recent sign-ins (server-rendered): a table from `sm`, stacked rows on phones. */
export function LoginHistory({
  events,
  languageTag,
  timeZone,
  texts,
  sessionTexts,
}: {
  events: TLoginEventView[];
  languageTag: string;
  timeZone?: string;
  texts: TTextTree;
  sessionTexts: Record<string, string>;
}) {
  const str = (key: string) => (typeof texts[key] === 'string' ? texts[key] : '');
  const methods = (texts.methods ?? {}) as Record<string, string>;
  if (events.length === 0) return <p className="text-sm text-ink-muted">{str('empty')}</p>;
  return (
    <div className="overflow-hidden rounded-card border border-line">
      <div
        className="hidden grid-cols-[11rem_9rem_7rem_minmax(0,1fr)_minmax(0,1fr)] gap-3 bg-surface px-4 py-2 text-sm font-medium text-ink-muted sm:grid"
        aria-hidden="true"
      >
        <span>{str('time')}</span>
        <span>{str('method')}</span>
        <span>{str('result')}</span>
        <span>{str('where')}</span>
        <span>{str('device')}</span>
      </div>
      <ul className="divide-y divide-line" data-testid="login-history">
        {events.map((event) => (
          <li
            key={event.id}
            className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[11rem_9rem_7rem_minmax(0,1fr)_minmax(0,1fr)] sm:gap-3"
            data-method={event.method}
            data-success={event.success}
          >
            <time dateTime={event.at} className="font-medium text-ink sm:font-normal">
              {formatDateTime(event.at, languageTag, timeZone)}
            </time>
            <span className="text-ink">{methods[event.method] ?? event.method}</span>
            <span className={event.success ? 'text-green-700' : 'text-red-700'}>
              {event.success ? str('success') : str('failure')}
              {event.newDevice ? <span className="ms-1 text-ink-muted">· {str('newDevice')}</span> : null}
            </span>
            <span className="break-all text-ink-muted">
              {placeLabel(event.ip, event.location.countryName, sessionTexts.unknownLocation ?? '')}
            </span>
            <span className="text-ink-muted">{deviceLabel(event, sessionTexts)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
