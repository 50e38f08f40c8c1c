// Times people read in what the API writes itself: emails, SMS and CSV exports (docs/adr/0031).
// The web formats pages (apps/web/src/lib/format.ts); this is the API's one place, and says
// times the same way: on the reader's clock, followed by that clock's UTC offset at the moment.
// - An email or SMS cannot see a browser: it uses the account's zone (users.time_zone, the zone
//   its browser last sent in the `llk-tz` cookie), else China time (accountZone).
// - A CSV is downloaded by a browser: the zone of that request's cookie, else the account's,
//   else China time (requestZone), in every value ("2026-12-02 14:05 (UTC+8)").

/** China time: the service's business days, and the zone of a reader we know nothing about. */
export const SERVICE_TIME_ZONE = 'Asia/Shanghai';

/** The cookie the web's root layouts set to the browser's IANA zone (apps/web/src/lib/visitor-zone.ts). */
export const ZONE_COOKIE = 'llk-tz';

/** `name` when it is an IANA zone this runtime knows (never trust a cookie), else undefined. */
export function validTimeZone(name: string | null | undefined): string | undefined {
  if (!name || name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name;
  } catch {
    return undefined;
  }
}

/** The zone a request's `llk-tz` cookie names (raw Cookie header), if any. */
export function zoneFromCookieHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== ZONE_COOKIE) continue;
    try {
      return validTimeZone(decodeURIComponent(rest.join('=')));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The zone for an email or SMS to an account: its stored zone, else China time. */
export function accountZone(user: { time_zone?: string | null } | null | undefined): string {
  return validTimeZone(user?.time_zone) ?? SERVICE_TIME_ZONE;
}

/** The zone of a CSV a browser downloads: its cookie's, else the account's, else China time. */
export function requestZone(cookieHeader: string | undefined, user?: { time_zone?: string | null } | null): string {
  return zoneFromCookieHeader(cookieHeader) ?? accountZone(user);
}

/**
 * Formatters kept per zone (and per language for running text): building an Intl.DateTimeFormat
 * costs far more than formatting with one (a CSV of 100,000 rows built four per row). The keys
 * are zones this runtime knows and the seven languages, so the cache stays small.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = formatters.get(key);
  if (!format) {
    format = make();
    if (formatters.size < 2_000) formatters.set(key, format);
  }
  return format;
}

/** The UTC offset of `timeZone` at `at`: "UTC+8", "UTC+5:30", "UTC-3", "UTC" (DST-aware). */
export function zoneOffsetLabel(at: Date, timeZone: string): string {
  const name = formatter(`offset|${timeZone}`, () => new Intl.DateTimeFormat('en-US', { timeZoneName: 'longOffset', timeZone }))
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match || (match[2] === '00' && match[3] === '00')) return 'UTC';
  const [, sign, hours, minutes] = match;
  return `UTC${sign}${Number(hours)}${minutes === '00' ? '' : `:${minutes}`}`;
}

const KOREAN_DAY_PERIODS: Readonly<Record<string, string>> = { AM: '오전', PM: '오후' };

/**
 * A moment in running text (emails, SMS), in the language (a BCP 47 tag) and zone, with the
 * offset in the script's parentheses: "Dec 2, 2026, 2:05 PM (UTC+8)", "2026年12月2日 14:05（UTC+8）".
 */
export function formatMoment(at: Date, languageTag: string, timeZone: string): string {
  const format = formatter(
    `moment|${languageTag}|${timeZone}`,
    () => new Intl.DateTimeFormat(languageTag, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
  );
  // Korean says 오전/오후, never the "AM"/"PM" of current CLDR data
  const text = /^ko\b/i.test(languageTag)
    ? format
        .formatToParts(at)
        .map((part) => (part.type === 'dayPeriod' ? (KOREAN_DAY_PERIODS[part.value.toUpperCase()] ?? part.value) : part.value))
        .join('')
    : format.format(at);
  const zone = zoneOffsetLabel(at, timeZone);
  return /^(zh|ja)\b/.test(languageTag) ? `${text}（${zone}）` : `${text} (${zone})`;
}

/**
 * A moment in a CSV cell, the same in every language: "2026-12-02 14:05 (UTC+8)" (ISO order, the
 * offset in each value because a DST zone changes it within one file). Null stays empty.
 */
export function formatCsvMoment(at: Date | string | null | undefined, timeZone: string): string | null {
  if (at === null || at === undefined || at === '') return null;
  const moment = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(moment.getTime())) return null;
  const parts = Object.fromEntries(
    formatter(
      `csv|${timeZone}`,
      () =>
        new Intl.DateTimeFormat('en-CA', {
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
          timeZone,
        }),
    )
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} (${zoneOffsetLabel(moment, timeZone)})`;
}
