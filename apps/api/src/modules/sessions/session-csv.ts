import { Readable } from 'node:stream';
import { type TSessionRecord } from '@llk/contracts';
import { csvCell } from '../../infrastructure/csv';
import { type Db } from '../../infrastructure/db/schema';
import { formatCsvMoment } from '../../infrastructure/time-text';
import { SESSION_CSV_COLUMNS, SESSION_TEXTS, type TSessionColumn } from './session-csv.texts';
import { historyRowsPage, recordsOf, type HistoryCaller, type ResolvedHistory } from './session-history';

// GET /session/export as a person opens it in a spreadsheet: the list's filters, every record,
// the columns and coded values in the caller's language, times on the caller's clock with the
// offset in every value ("2026-12-02 14:05 (UTC+8)", ADR 0031), UTF-8 with a BOM and CRLF lines.
// An account may have a hundred thousand records in its window, so the file is never built in
// memory: it is a stream that reads one keyset page, writes its lines, and reads the next page
// only when the socket has taken them (a Readable pulls on demand), holding one page at a time.

// the e2e journeys read the words from here
export { SESSION_CSV_COLUMNS, SESSION_TEXTS } from './session-csv.texts';

/** Rows read per page of the export. */
export const CSV_PAGE_ROWS = 500;

/** One record as a CSV line in the caller's language and zone. */
export function sessionCsvLine(record: TSessionRecord, caller: HistoryCaller, timeZone: string): string {
  const t = SESSION_TEXTS[caller.locale];
  const cells: Record<TSessionColumn, string | number | null> = {
    startedAt: formatCsvMoment(record.startedAt, timeZone),
    endedAt: formatCsvMoment(record.endedAt, timeZone),
    durationSeconds: record.durationSeconds,
    status: t.statuses[record.status],
    direction: t.directions[record.direction],
    kind: t.kinds[record.kind],
    permission: t.permissions[record.permission],
    fromDevice: record.from.deviceName,
    fromUser: record.from.userName,
    fromAddress: record.from.address,
    fromCountry: record.from.country,
    toDevice: record.to.deviceName,
    toUser: record.to.userName,
    toAddress: record.to.address,
    toCountry: record.to.country,
    endReason: record.endReason ? t.endReasons[record.endReason] : null,
    refusal: record.refusal ? t.refusals[record.refusal] : null,
    files: record.files.map((file) => `${file.name} (${file.sizeBytes})`).join('; ') || null,
    notes: record.notes.map((note) => note.text).join(' | ') || null,
    bytes: record.bytes,
    sessionId: record.id,
  };
  return SESSION_CSV_COLUMNS.map((column) => csvCell(cells[column])).join(',');
}

/** The header line in the caller's language, after the BOM. */
export function sessionCsvHeader(caller: HistoryCaller): string {
  const t = SESSION_TEXTS[caller.locale];
  return `\uFEFF${SESSION_CSV_COLUMNS.map((column) => csvCell(t.columns[column])).join(',')}\r\n`;
}

/** The lines of the export, one page of records at a time along the keyset cursor. */
export async function* sessionCsvChunks(
  db: Db,
  caller: HistoryCaller,
  resolved: ResolvedHistory,
  now = new Date(),
  pageRows = CSV_PAGE_ROWS,
): AsyncGenerator<string> {
  yield sessionCsvHeader(caller);
  let before: string | undefined;
  for (;;) {
    const { rows, next } = await historyRowsPage(db, caller.userId, resolved, pageRows, before);
    const records = await recordsOf(db, caller, rows, now);
    if (records.length > 0) yield records.map((record) => `${sessionCsvLine(record, caller, resolved.timeZone)}\r\n`).join('');
    if (!next) return;
    before = next;
  }
}

/** The export as a stream (reply.send takes it): each page is read when the previous one has been sent. */
export function sessionCsvStream(db: Db, caller: HistoryCaller, resolved: ResolvedHistory, now = new Date()): Readable {
  return Readable.from(sessionCsvChunks(db, caller, resolved, now), { objectMode: false, highWaterMark: 1 });
}
