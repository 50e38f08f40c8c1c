import { describe, expect, it } from 'vitest';
import {
  accountZone,
  formatCsvMoment,
  formatMoment,
  requestZone,
  zoneFromCookieHeader,
  zoneOffsetLabel,
} from '../../src/infrastructure/time-text';

// The API's one way to write a time people read (docs/adr/0031): the reader's zone, its offset.

describe('time-text', () => {
  it('writes a moment in the language and zone, with the offset at that moment', () => {
    const at = new Date('2026-12-02T06:05:00.000Z');
    expect(formatMoment(at, 'en', 'Asia/Shanghai')).toBe('Dec 2, 2026, 2:05 PM (UTC+8)');
    expect(formatMoment(at, 'zh-CN', 'Asia/Shanghai')).toBe('2026年12月2日 14:05（UTC+8）');
    expect(formatMoment(at, 'es', 'Europe/Madrid').replace(/\s/g, ' ')).toBe('2 dic 2026, 7:05 (UTC+1)');
    expect(formatMoment(new Date('2026-07-15T12:00:00.000Z'), 'fr', 'Europe/Paris').replace(/\s/g, ' ')).toBe(
      '15 juil. 2026, 14:00 (UTC+2)',
    );
    // Korean says 오전/오후, not AM/PM (ADR 0034)
    expect(formatMoment(at, 'ko', 'Asia/Seoul')).toBe('2026. 12. 2. 오후 3:05 (UTC+9)');
    expect(formatMoment(new Date('2026-12-01T17:21:00.000Z'), 'ko', 'Asia/Seoul')).toBe('2026. 12. 2. 오전 2:21 (UTC+9)');
  });

  it('writes CSV moments in ISO order with the offset in each value (DST changes it within one file)', () => {
    expect(formatCsvMoment('2026-12-02T06:05:00.000Z', 'Asia/Shanghai')).toBe('2026-12-02 14:05 (UTC+8)');
    expect(formatCsvMoment('2026-12-01T23:30:00.000Z', 'Asia/Shanghai')).toBe('2026-12-02 07:30 (UTC+8)');
    expect(formatCsvMoment('2026-01-15T23:30:00.000Z', 'Europe/Paris')).toBe('2026-01-16 00:30 (UTC+1)');
    expect(formatCsvMoment('2026-07-15T23:30:00.000Z', 'Europe/Paris')).toBe('2026-07-16 01:30 (UTC+2)');
    expect(formatCsvMoment('2026-07-15T12:00:00.000Z', 'America/St_Johns')).toBe('2026-07-15 09:30 (UTC-2:30)');
    expect(formatCsvMoment('2026-07-15T12:00:00.000Z', 'UTC')).toBe('2026-07-15 12:00 (UTC)');
    expect(formatCsvMoment(null, 'UTC')).toBeNull();
    expect(zoneOffsetLabel(new Date('2026-03-29T01:00:00.000Z'), 'Europe/Paris')).toBe('UTC+2');
  });

  it('takes the zone from the browser’s cookie, else the account, else China time', () => {
    expect(zoneFromCookieHeader('llk_session_hint=1; llk-tz=Europe%2FMadrid; llk-lang=es')).toBe('Europe/Madrid');
    expect(zoneFromCookieHeader('llk-tz=Mars%2FOlympus')).toBeUndefined();
    expect(zoneFromCookieHeader('llk-tz=%E0%A4%A')).toBeUndefined();
    expect(requestZone('llk-tz=America%2FNew_York', { time_zone: 'Europe/Paris' })).toBe('America/New_York');
    expect(requestZone(undefined, { time_zone: 'Europe/Paris' })).toBe('Europe/Paris');
    expect(requestZone(undefined, null)).toBe('Asia/Shanghai');
    expect(accountZone({ time_zone: 'not a zone' })).toBe('Asia/Shanghai');
  });
});
