import { randomBytes } from 'node:crypto';
import { PostgresAdapter, type Kysely } from 'kysely';

// The one place that knows how values differ between SQLite and PostgreSQL. Columns use only
// types that behave the same on both: text, integer (32-bit) and bigint; timestamps and
// booleans are stored in the representations below and converted only through these helpers.

// ---- IDs --------------------------------------------------------------------------------

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
let lastTime = -1;
let lastRandom: Uint8Array = new Uint8Array(10);

function encodeTime(time: number): string {
  let out = '';
  let rest = time;
  for (let i = 0; i < 10; i++) {
    out = CROCKFORD[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

function encodeRandom(bytes: Uint8Array): string {
  // 80 bits → 16 base-32 characters, 5 bits at a time, most significant first.
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += CROCKFORD[(buffer >> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  return out;
}

function incrementRandom(bytes: Uint8Array): Uint8Array {
  const next = Uint8Array.from(bytes);
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i] === 255) {
      next[i] = 0;
      continue;
    }
    next[i] = (next[i] ?? 0) + 1;
    return next;
  }
  return Uint8Array.from(randomBytes(10)); // 2^80 ids in one millisecond: start afresh
}

/**
 * A new primary key: a ULID (26 characters, Crockford base 32, 48-bit millisecond time then 80
 * random bits). IDs sort by creation time as plain text on both dialects, which keeps indexes
 * append-mostly and makes "newest first" an ORDER BY id; within one millisecond they still
 * increase (monotonic), so insertion order is preserved.
 */
export function newId(now: number = Date.now()): string {
  if (now <= lastTime) {
    lastRandom = incrementRandom(lastRandom);
  } else {
    lastTime = now;
    lastRandom = Uint8Array.from(randomBytes(10));
  }
  return ulidOf(lastTime, lastRandom);
}

/** The ULID text of a millisecond time and 10 random bytes. */
export function ulidOf(time: number, random: Uint8Array): string {
  return encodeTime(time) + encodeRandom(random);
}

// ---- Timestamps ---------------------------------------------------------------------------

/**
 * Timestamps are stored as text in UTC ISO 8601 with milliseconds ("2025-07-01T08:30:00.000Z"),
 * a fixed-width form that compares and sorts correctly as text on both dialects and reads the
 * same in either database shell. Queries compare against toDbDate(x), never against SQL now().
 */
export type TDbDate = string;

export function toDbDate(value: Date | number): TDbDate {
  const date = typeof value === 'number' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError('toDbDate: invalid date');
  return date.toISOString();
}

/** Parses a stored timestamp; also accepts a Date in case a driver already converted it. */
export function fromDbDate(value: TDbDate | Date): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`fromDbDate: not a timestamp: ${String(value)}`);
  return date;
}

/** A stored end of term as a date while it is still ahead of `now`; null when absent or past. */
export function futureDbDate(value: TDbDate | null, now: Date): Date | null {
  const date = value ? fromDbDate(value) : null;
  return date && date > now ? date : null;
}

export function dbNow(): TDbDate {
  return toDbDate(new Date());
}

// ---- Booleans ------------------------------------------------------------------------------

/** Booleans are integer 0/1 columns: SQLite has no boolean type and cannot bind JS booleans. */
export type TDbBool = 0 | 1;

export function toDbBool(value: boolean): TDbBool {
  return value ? 1 : 0;
}

export function fromDbBool(value: number | boolean | string | bigint): boolean {
  return value === true || value === 1 || value === '1' || value === 1n || value === 't' || value === 'true';
}

// ---- Counts and bigints --------------------------------------------------------------------

/** count(*) and bigint columns come back as strings from pg and as numbers from SQLite. */
export function toCount(value: string | number | bigint | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const count = Number(value);
  if (!Number.isSafeInteger(count)) throw new RangeError(`toCount: not a safe integer: ${String(value)}`);
  return count;
}

// ---- Errors ------------------------------------------------------------------------------

/** True for a duplicate key on a unique index or primary key, on either dialect. */
/** Rows touched by an update or delete, on either driver. */
export function touchedRows(result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }): number {
  return Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0n);
}

export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

// ---- SQL that differs ----------------------------------------------------------------------

/** Whether this database is PostgreSQL (else SQLite). */
export function isPostgres(db: Kysely<never> | { getExecutor(): { adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
