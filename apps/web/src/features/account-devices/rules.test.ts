import { describe, expect, it } from 'vitest';
import { NO_FILTERS, activeFilterCount, exportHref, limitState, listQuery, pageCount, sharedControlBlocked, textError } from './rules';

describe('listQuery', () => {
  it('asks for the first page of 20 with no filter', () => {
    expect(listQuery(NO_FILTERS, 1)).toEqual({ page: 1, pageSize: 20 });
  });

  it('turns each filter into the API parameter', () => {
    expect(listQuery({ scope: { kind: 'group', id: 'G1' }, online: 'offline', clientType: 'MAC', text: '  lab ' }, 3)).toEqual({
      page: 3,
      pageSize: 20,
      groupIds: ['G1'],
      online: false,
      clientType: 'MAC',
      text: 'lab',
    });
    expect(listQuery({ ...NO_FILTERS, scope: { kind: 'ungrouped' } }, 1).groupIds).toEqual(['UNGROUPED']);
    expect(listQuery({ ...NO_FILTERS, scope: { kind: 'shared' }, online: 'online' }, 1)).toMatchObject({ scope: 'SHARED', online: true });
  });
});

describe('exportHref', () => {
  it('links GET /device/export with the list filters and no paging', () => {
    expect(exportHref(NO_FILTERS)).toBe('/api/device/export');
    expect(exportHref({ scope: { kind: 'group', id: 'G1' }, online: 'online', clientType: 'WIN', text: 'a b' })).toBe(
      '/api/device/export?groupIds%5B%5D=%22G1%22&online=true&clientType=WIN&text=a+b',
    );
  });

  it('passes the page’s language and the browser’s time zone for the CSV', () => {
    expect(exportHref(NO_FILTERS, { locale: 'ja', timeZone: 'Asia/Tokyo' })).toBe('/api/device/export?locale=ja&tz=Asia%2FTokyo');
    expect(exportHref({ ...NO_FILTERS, online: 'offline' }, { locale: 'fr' })).toBe('/api/device/export?online=false&locale=fr');
  });
});

describe('activeFilterCount and sharedControlBlocked', () => {
  it('counts status, platform and search, not the group', () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...NO_FILTERS, scope: { kind: 'group', id: 'G1' } })).toBe(0);
    expect(activeFilterCount({ scope: { kind: 'shared' }, online: 'online', clientType: 'MAC', text: ' x ' })).toBe(3);
    expect(activeFilterCount({ ...NO_FILTERS, text: '   ' })).toBe(0);
  });

  it('says when the owner’s policy lets no one control a device shared for control', () => {
    expect(sharedControlBlocked('CONTROL', 'ALL')).toBe(false);
    expect(sharedControlBlocked('CONTROL', 'ONLY_CONTROLLED')).toBe(false);
    expect(sharedControlBlocked('MANAGE', 'LOGIN_OUT')).toBe(true);
    expect(sharedControlBlocked('CONTROL', 'GUEST')).toBe(true);
    expect(sharedControlBlocked('VIEW', 'LOGIN_OUT')).toBe(false);
  });
});

describe('limitState', () => {
  it('warns from 80 % of the plan limit and says when it is reached', () => {
    expect(limitState(7, 10)).toBe('none');
    expect(limitState(8, 10)).toBe('near');
    expect(limitState(9, 10)).toBe('near');
    expect(limitState(10, 10)).toBe('full');
    expect(limitState(79, 100)).toBe('none');
    expect(limitState(80, 100)).toBe('near');
    expect(limitState(500, null)).toBe('none');
  });
});

describe('textError', () => {
  it('follows the API text rule: trimmed, 1 to max, printable', () => {
    expect(textError('  ', 32)).toBe('required');
    expect(textError(' ab ', 2)).toBeNull();
    expect(textError('abc', 2)).toBe('tooLong');
    expect(textError('a\u0000b', 32)).toBe('invalidValue');
  });
});

describe('pageCount', () => {
  it('counts pages of 20, at least one', () => {
    expect([0, 1, 20, 21, 40].map(pageCount)).toEqual([1, 1, 1, 2, 2]);
  });
});
