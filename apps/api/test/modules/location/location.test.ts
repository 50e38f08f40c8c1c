import { type TEnvelope, type TLocation } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { findCountryCode, isPublicIpv4, isPublicIpv6, parseIpv6, regionName } from '../../../src/modules/location/location.service';
import { testDialects, useTestApp } from '../../helper';

describe('findCountryCode (bundled table)', () => {
  it.each([
    ['114.114.114.114', 'CN'],
    ['223.5.5.5', 'CN'],
    ['8.8.8.8', 'US'],
    ['133.242.0.3', 'JP'],
    ['168.126.63.1', 'KR'],
    ['80.67.169.12', 'FR'],
    ['101.101.101.101', 'TW'],
    ['::ffff:114.114.114.114', 'CN'],
    // IPv6: China Telecom and China Mobile broadband and mobile, Google, a compressed and a full form
    ['240e:3a1:4c5e:1b90::1', 'CN'],
    ['2409:8a00:0:0:0:0:0:1', 'CN'],
    ['2001:4860:4860::8888', 'US'],
    ['2001:067c:04e8:0000:0000:0000:0000:0001', 'NL'],
  ])('%s → %s', (ip, code) => {
    expect(findCountryCode(ip)).toBe(code);
  });

  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.9',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.1.1',
    '0.0.0.0',
    '224.0.0.1',
    '192.0.2.1',
    '198.51.100.1',
    '203.0.113.1',
    '::1',
    '2001:db8::1',
    'fe80::1',
    'fd12:3456::1',
    'ff02::1',
    '2002:7272:7272::1',
    '2001:0:4136:e378::1',
    '3fff::1',
    'not an ip',
  ])('%s is unknown', (ip) => {
    expect(findCountryCode(ip)).toBeNull();
  });

  it('recognises the edges of the private ranges', () => {
    expect(isPublicIpv4('172.15.255.255')).toBe(true);
    expect(isPublicIpv4('172.32.0.0')).toBe(true);
    expect(isPublicIpv4('100.63.255.255')).toBe(true);
    expect(isPublicIpv4('100.128.0.0')).toBe(true);
  });

  it('parses IPv6 in every form, with zones and IPv4 tails', () => {
    expect(parseIpv6('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIpv6('240e::1')).toEqual([0x240e, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('fe80::1%eth0')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('64:ff9b::114.114.114.114')).toEqual([0x64, 0xff9b, 0, 0, 0, 0, 0x7272, 0x7272]);
    expect(parseIpv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseIpv6('1.2.3.4')).toBeNull();
    expect(parseIpv6('1::2::3')).toBeNull();
    expect(parseIpv6('12345::')).toBeNull();
  });

  it('treats only global unicast IPv6 as public', () => {
    expect(isPublicIpv6(parseIpv6('240e::1')!)).toBe(true);
    expect(isPublicIpv6(parseIpv6('2001:4860::1')!)).toBe(true);
    expect(isPublicIpv6(parseIpv6('2001:db8::1')!)).toBe(false);
    expect(isPublicIpv6(parseIpv6('fc00::1')!)).toBe(false);
  });

  it('names regions in each language', () => {
    expect(regionName('CN', 'zh-CN')).toBe('中国');
    expect(regionName('JP', 'ja')).toBe('日本');
    expect(regionName('KR', 'ko')).toBe('대한민국');
    expect(regionName('DE', 'fr')).toBe('Allemagne');
    expect(regionName('US', 'es')).toBe('Estados Unidos');
  });
});

describe.each(testDialects())('GET /location/info ($dialect)', ({ dialect }) => {
  const direct = useTestApp(dialect);
  const proxied = useTestApp(dialect, { env: { TRUST_PROXY: '127.0.0.1' } });

  async function locate(app: typeof direct.app, options: { ip: string; lang: string; forwardedFor?: string }) {
    const res = await app.inject({
      url: '/location/info',
      remoteAddress: options.ip,
      headers: { 'accept-language': options.lang, ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}) },
    });
    return { res, data: res.json<TEnvelope<TLocation>>().data };
  }

  it('answers the caller’s country in the caller’s language, privately cacheable', async () => {
    const { res, data } = await locate(direct.app, { ip: '133.242.0.3', lang: 'zh-CN' });
    expect(res.statusCode).toBe(200);
    expect(data).toEqual({ countryCode: 'JP', countryName: '日本' });
    expect(res.headers['cache-control']).toMatch(/^private, /);
    expect((await locate(direct.app, { ip: '114.114.114.114', lang: 'en' })).data).toEqual({ countryCode: 'CN', countryName: 'China' });
    // an IPv6 caller (most Chinese mobile networks)
    expect((await locate(direct.app, { ip: '2409:8a00::1', lang: 'ja' })).data).toEqual({ countryCode: 'CN', countryName: '中国' });
  });

  it('answers unknown for loopback and private addresses', async () => {
    for (const ip of ['127.0.0.1', '192.168.0.10', '::1', 'fe80::1']) {
      expect((await locate(direct.app, { ip, lang: 'en' })).data).toEqual({ countryCode: null, countryName: null });
    }
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY believes the sender', async () => {
    const ignored = await locate(direct.app, { ip: '127.0.0.1', lang: 'en', forwardedFor: '114.114.114.114' });
    expect(ignored.data.countryCode).toBeNull();
    const believed = await locate(proxied.app, { ip: '127.0.0.1', lang: 'ko', forwardedFor: '168.126.63.1' });
    expect(believed.data).toEqual({ countryCode: 'KR', countryName: '대한민국' });
    const untrustedHop = await locate(proxied.app, { ip: '203.0.113.9', lang: 'en', forwardedFor: '168.126.63.1' });
    expect(untrustedHop.data.countryCode).toBeNull(); // 203.0.113.9 itself: a documentation address
  });
});
