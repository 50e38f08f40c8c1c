import { locales, type TLocale } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { renderNewDeviceAlert, renderSecurityAlert } from './alert-texts';

// The new-device alert says when, in China time with its zone, as the web says every time
// (apps/web/src/lib/format.ts, formatDateTime; ADR 0031), in the recipient's language.

// 16:30 UTC is half past midnight the next day in Shanghai
const at = new Date('2026-11-22T16:30:00.000Z');
const alert = (locale: TLocale) =>
  renderNewDeviceAlert(locale, {
    time: at,
    timeZone: 'Asia/Shanghai',
    browser: 'Chrome',
    os: 'Windows',
    ip: '114.114.114.114',
    location: null,
  });

describe('the new-device alert’s time', () => {
  it('is China time labelled (UTC+8), in the script’s parentheses, in email and SMS alike', () => {
    expect(alert('en').body).toContain('from a new device at Nov 23, 2026, 12:30 AM (UTC+8): Chrome on Windows');
    expect(alert('en').sms).toContain('at Nov 23, 2026, 12:30 AM (UTC+8).');
    expect(alert('zh-CN').body).toContain('于 2026年11月23日 00:30（UTC+8）在新设备上登录');
    expect(alert('zh-CN').sms).toContain('于 2026年11月23日 00:30（UTC+8）在新设备（Chrome / Windows）');
    expect(alert('ja').sms).toMatch(/^【LLK Remote】2026\/11\/23 0:30（UTC\+8）に新しいデバイス/);
    expect(alert('fr').body).toContain('le 23 nov. 2026, 00:30 (UTC+8) : Chrome sur Windows');
  });

  it('never says UTC alone or the ISO form, in any language', () => {
    for (const locale of locales) {
      const { body, sms } = alert(locale);
      expect(body, locale).toMatch(/[(（]UTC\+8[)）]/);
      expect(sms, locale).toMatch(/[(（]UTC\+8[)）]/);
      expect(`${body} ${sms}`, locale).not.toMatch(/UTC(?!\+8)|2026-11-2/);
    }
  });
});

describe('the other security alerts (ADR 0028)', () => {
  it('say what happened and when, in every language, with the time as the new-device alert writes it', () => {
    const events = ['PASSWORD_CHANGED', 'TWO_STEP_DISABLED', 'ACCOUNT_CANCEL_REQUESTED'] as const;
    for (const event of events) {
      for (const locale of locales) {
        const texts = renderSecurityAlert(event, locale, { time: at, timeZone: 'Asia/Shanghai' });
        expect(texts.subject, `${event} ${locale}`).toMatch(/^LLK Remote ?[:：]/);
        expect(texts.body, `${event} ${locale}`).toMatch(/[(（]UTC\+8[)）]/);
        expect(texts.sms, `${event} ${locale}`).toMatch(/^(【LLK Remote】|\[LLK Remote\] )/);
        expect(`${texts.subject}${texts.body}${texts.sms}`, `${event} ${locale}`).not.toContain('{');
      }
    }
    expect(renderSecurityAlert('PASSWORD_CHANGED', 'en', { time: at, timeZone: 'Asia/Shanghai' }).body).toContain(
      'was changed at Nov 23, 2026, 12:30 AM (UTC+8), and every device was signed out',
    );
    expect(renderSecurityAlert('TWO_STEP_DISABLED', 'zh-CN', { time: at, timeZone: 'Asia/Shanghai' }).sms).toBe(
      '【LLK Remote】您的账号已于 2026年11月23日 00:30（UTC+8）关闭两步验证。如非本人操作，请立即修改密码并联系客服。',
    );
    expect(renderSecurityAlert('ACCOUNT_CANCEL_REQUESTED', 'es', { time: at, timeZone: 'Asia/Shanghai' }).subject).toBe(
      'LLK Remote: tu cuenta se va a dar de baja',
    );
  });
});
