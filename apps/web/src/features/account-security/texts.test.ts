import { describe, expect, it } from 'vitest';
import { afterSignOut, backupCodesFile, deviceLabel, groupSecret, isSecondStepInput, placeLabel, type TSessionView } from './texts';

const session = (id: string, current = false): TSessionView => ({
  id,
  browser: 'Chrome',
  os: 'Windows',
  deviceType: 'desktop',
  clientType: 'account',
  ip: null,
  location: { countryCode: null, countryName: null },
  createdAt: '2026-01-01T00:00:00.000Z',
  lastSeenAt: '2026-01-01T00:00:00.000Z',
  current,
});

describe('security page helpers', () => {
  it('labels a device by browser and system, or what is known', () => {
    const texts = { on: '{browser} on {os}', unknownDevice: 'Unknown device' };
    expect(deviceLabel({ browser: 'Chrome', os: 'Windows' }, texts)).toBe('Chrome on Windows');
    expect(deviceLabel({ browser: null, os: 'iOS' }, texts)).toBe('iOS');
    expect(deviceLabel({ browser: null, os: null }, texts)).toBe('Unknown device');
    expect(deviceLabel({ browser: 'Safari', os: 'iOS' }, { on: '{os} 上的 {browser}' })).toBe('iOS 上的 Safari');
  });

  it('places a session by IP and country', () => {
    expect(placeLabel('114.114.114.114', 'China', 'Unknown')).toBe('114.114.114.114 · China');
    expect(placeLabel('10.0.0.1', null, 'Unknown location')).toBe('10.0.0.1 · Unknown location');
    expect(placeLabel(null, null, 'Unknown location')).toBe('Unknown location');
  });

  it('writes the backup codes file one code per line after the header', () => {
    expect(backupCodesFile(['abcde-fghjk', 'mnpqr-stuvw'], 'Codes for alice.')).toBe(
      'Codes for alice.\r\n\r\nabcde-fghjk\r\nmnpqr-stuvw\r\n',
    );
  });

  it('shows a TOTP key in groups of four, as authenticators do', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')).toBe('ABCD EFGH IJKL MNOP QRST UVWX YZ23 4567');
    expect(groupSecret('ABCDEF')).toBe('ABCD EF');
  });

  it('accepts six digits or a backup code, nothing else', () => {
    expect(isSecondStepInput(' 123456 ')).toBe(true);
    expect(isSecondStepInput('abcde-fghjk')).toBe(true);
    expect(isSecondStepInput('ABCDEFGHJK')).toBe(true);
    expect(isSecondStepInput('12345')).toBe(false);
    expect(isSecondStepInput('abcde-fgh')).toBe(false);
    expect(isSecondStepInput('abcde_fghjk')).toBe(false);
  });

  it('drops the signed-out session, or all but this device', () => {
    const list = [session('a', true), session('b'), session('c')];
    expect(afterSignOut(list, 'b').map((s) => s.id)).toEqual(['a', 'c']);
    expect(afterSignOut(list, 'others').map((s) => s.id)).toEqual(['a']);
  });
});
