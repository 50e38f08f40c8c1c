import { describe, expect, it } from 'vitest';
import {
  NO_SESSION_FILTERS,
  activeFilterCount,
  countryName,
  exportHref,
  filtersFromSearch,
  filtersToSearch,
  formatBytes,
  formatDuration,
  listQuery,
} from './rules';

describe('connections filters in the address', () => {
  it('reads every filter from the query and writes it back in the same form', () => {
    const search = 'deviceId=dev_1&direction=INCOMING&person=alice&kind=FILE_TRANSFER&since=2026-11-01&until=2026-11-30&refused=true';
    const filters = filtersFromSearch(new URLSearchParams(search));
    expect(filters).toEqual({
      deviceId: 'dev_1',
      direction: 'INCOMING',
      person: 'alice',
      kind: 'FILE_TRANSFER',
      since: '2026-11-01',
      until: '2026-11-30',
      refused: true,
    });
    expect(filtersToSearch(filters)).toBe(search);
    expect(activeFilterCount(filters)).toBe(7);
  });

  it('drops what the API would refuse instead of sending it', () => {
    const filters = filtersFromSearch({
      deviceId: 'a b',
      direction: 'BETWEEN_OWN',
      person: 'x'.repeat(65),
      kind: 'SCREENSHOT',
      since: '1 Nov',
      until: ['2026-11-30', '2026-12-01'],
      refused: '1',
    });
    expect(filters).toEqual({ ...NO_SESSION_FILTERS, until: '2026-11-30' });
    expect(filtersToSearch(NO_SESSION_FILTERS)).toBe('');
    expect(activeFilterCount(NO_SESSION_FILTERS)).toBe(0);
  });

  it('asks the list for a page of 50 with the reader’s zone only when a day is chosen, and the next page by cursor', () => {
    expect(listQuery(NO_SESSION_FILTERS, { timeZone: 'Asia/Seoul' })).toEqual({ pageSize: 50 });
    expect(
      listQuery(
        { ...NO_SESSION_FILTERS, deviceId: 'd1', since: '2026-11-01', refused: true },
        {
          timeZone: 'Asia/Seoul',
          before: '2026-11-02T00:00:00.000Z~s1',
        },
      ),
    ).toEqual({
      pageSize: 50,
      deviceId: 'd1',
      since: '2026-11-01',
      refused: true,
      tz: 'Asia/Seoul',
      before: '2026-11-02T00:00:00.000Z~s1',
    });
  });

  it('links the CSV with the filters, the page’s language and the reader’s zone', () => {
    expect(exportHref(NO_SESSION_FILTERS)).toBe('/api/session/export');
    expect(exportHref({ ...NO_SESSION_FILTERS, direction: 'OUTGOING', person: ' bob ' }, { locale: 'ko', timeZone: 'Asia/Seoul' })).toBe(
      '/api/session/export?direction=OUTGOING&person=bob&locale=ko&tz=Asia%2FSeoul',
    );
  });
});

describe('how a record’s numbers read', () => {
  it('writes durations as m:ss or h:mm:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(45)).toBe('0:45');
    expect(formatDuration(30)).toBe('0:30');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(180 * 3600)).toBe('180:00:00');
  });

  it('writes bytes with the largest unit under 1024 of it, in the page’s language', () => {
    expect(formatBytes(512, 'en')).toBe('512 byte');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(10 * 1024 * 1024, 'en')).toBe('10 MB');
    expect(formatBytes(1536, 'fr')).toBe('1,5\u202fko');
  });

  it('names countries in the page’s language and keeps an unknown code', () => {
    expect(countryName('cn', 'en')).toBe('China');
    expect(countryName('KR', 'ko')).toBe('대한민국');
    expect(countryName('DE', 'zh-CN')).toBe('德国');
    expect(countryName('??', 'en')).toBe('??');
  });
});
