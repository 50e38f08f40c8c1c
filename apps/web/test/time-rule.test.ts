import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One rule for time (docs/adr/0031): every moment the site shows is on the reader's clock, so
// every call of the formatters names the zone (useVisitorZone, useStaffZone, visitorZone(), or
// SERVICE_TIME_ZONE where a business day is meant); <LocalTime> and formatDay need none. A call
// without one silently falls back to China time: a second clock on the reader's screen.

const src = path.resolve(import.meta.dirname, '../src');
const EXEMPT = new Set(['lib/format.ts', 'components/local-time.tsx']);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Calls of formatDate (4 arguments with the zone) and formatDateTime/formatTime (3) with fewer. */
export function zonelessCalls(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?<!function )\b(formatDateTime|formatTime|formatDate)\(/g)) {
    let depth = 1;
    let commas = 0;
    let at = match.index + match[0].length;
    for (; depth > 0 && at < source.length; at += 1) {
      const char = source[at]!;
      if ('([{'.includes(char)) depth += 1;
      else if (')]}'.includes(char)) depth -= 1;
      else if (char === ',' && depth === 1) commas += 1;
    }
    if (commas + 1 < (match[1] === 'formatDate' ? 4 : 3)) found.push(source.slice(match.index, at));
  }
  return found;
}

describe('the time rule', () => {
  it('finds a call that names no zone', () => {
    expect(
      zonelessCalls('x(formatDateTime(order.createdAt, tag)); formatDate(a, b, "long", zone); formatTime(f(a, b), tag, zone)'),
    ).toEqual(['formatDateTime(order.createdAt, tag)']);
    expect(zonelessCalls("formatDate(user.expiresAt, iso, 'medium')")).toEqual(["formatDate(user.expiresAt, iso, 'medium')"]);
  });

  it('every date and time the site formats names the reader’s zone', () => {
    const offenders = files(src)
      .filter((file) => !EXEMPT.has(path.relative(src, file).split(path.sep).join('/')))
      .flatMap((file) => zonelessCalls(readFileSync(file, 'utf8')).map((call) => `${path.relative(src, file)}: ${call}`));
    expect(offenders).toEqual([]);
  });
});
