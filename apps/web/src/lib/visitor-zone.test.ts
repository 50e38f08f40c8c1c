import { describe, expect, it } from 'vitest';
import { validZone, ZONE_COOKIE, ZONE_COOKIE_SCRIPT, zoneFromCookie } from './visitor-zone';

describe('the reader’s zone (docs/adr/0031)', () => {
  it('takes a real IANA zone from the cookie, decoded', () => {
    expect(zoneFromCookie('Europe%2FMadrid')).toBe('Europe/Madrid');
    expect(zoneFromCookie('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(validZone('Asia/Kolkata')).toBe('Asia/Kolkata');
  });

  it('is China time when the cookie is missing, malformed or names no zone', () => {
    expect(zoneFromCookie(undefined)).toBe('Asia/Shanghai');
    expect(zoneFromCookie('')).toBe('Asia/Shanghai');
    expect(zoneFromCookie('Mars/Olympus_Mons')).toBe('Asia/Shanghai');
    expect(zoneFromCookie('%E0%A4%A')).toBe('Asia/Shanghai');
    expect(zoneFromCookie('Europe/Madrid;x=<script>')).toBe('Asia/Shanghai');
    expect(zoneFromCookie('x'.repeat(65))).toBe('Asia/Shanghai');
  });

  it('is written by a script that sets the cookie to the browser’s zone once', () => {
    const jar: string[] = [];
    const document = {
      get cookie() {
        return jar.join('; ');
      },
      set cookie(value: string) {
        jar.push(value.split(';')[0]!);
      },
    };
    const run = () =>
      new Function('document', 'location', 'Intl', ZONE_COOKIE_SCRIPT)(
        document,
        { protocol: 'http:' },
        { DateTimeFormat: () => ({ resolvedOptions: () => ({ timeZone: 'Europe/Madrid' }) }) },
      );
    run();
    expect(jar).toEqual([`${ZONE_COOKIE}=Europe%2FMadrid`]);
    run();
    expect(jar).toHaveLength(1);
    expect(zoneFromCookie(jar[0]!.split('=')[1])).toBe('Europe/Madrid');
  });
});
