import { describe, expect, it } from 'vitest';
import {
  ZDownloadLatestQuery,
  ZJsapiTicketQuery,
  ZNewsInfoQuery,
  ZNewsListQuery,
  ZSearchQuery,
  ZSearchRecordQuery,
  ZUpdateLogQuery,
} from './content';

describe('content query schemas', () => {
  it('page and pageSize come from strings, with defaults and limits', () => {
    expect(ZNewsListQuery.parse({})).toEqual({ page: 1, pageSize: 10 });
    expect(ZNewsListQuery.parse({ page: '3', pageSize: '20', kind: 'PROMOTION' })).toEqual({ page: 3, pageSize: 20, kind: 'PROMOTION' });
    expect(ZNewsListQuery.safeParse({ pageSize: '51' }).success).toBe(false);
    expect(ZNewsListQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(ZNewsListQuery.safeParse({ kind: 'ADS' }).success).toBe(false);
    expect(ZUpdateLogQuery.parse({ clientType: 'WIN' })).toEqual({ clientType: 'WIN', page: 1, pageSize: 10 });
  });

  it('news ids are positive integers', () => {
    expect(ZNewsInfoQuery.parse({ id: '12' })).toEqual({ id: 12 });
    for (const id of ['0', '-1', '1.5', 'x']) expect(ZNewsInfoQuery.safeParse({ id }).success, id).toBe(false);
  });

  it('download queries take the spec’s client and chip types', () => {
    expect(ZDownloadLatestQuery.parse({ clientType: 'MAC', chipType: 'APPLE_SILICON' })).toEqual({
      clientType: 'MAC',
      chipType: 'APPLE_SILICON',
    });
    expect(ZDownloadLatestQuery.safeParse({ clientType: 'mac' }).success).toBe(false);
    expect(ZDownloadLatestQuery.safeParse({}).success).toBe(false);
  });

  it('search text is trimmed, required and at most 64 characters', () => {
    expect(ZSearchQuery.parse({ q: '  屏幕墙 ' })).toEqual({ q: '屏幕墙', page: 1, pageSize: 10 });
    expect(ZSearchQuery.safeParse({ q: '   ' }).success).toBe(false);
    expect(ZSearchQuery.safeParse({ q: 'x'.repeat(65) }).success).toBe(false);
    expect(ZSearchRecordQuery.parse({ keyword: 'リモート' })).toEqual({ keyword: 'リモート' });
  });

  it('the share signature needs a url', () => {
    expect(ZJsapiTicketQuery.safeParse({}).success).toBe(false);
    expect(ZJsapiTicketQuery.parse({ url: 'https://a.test/' })).toEqual({ url: 'https://a.test/' });
  });
});
