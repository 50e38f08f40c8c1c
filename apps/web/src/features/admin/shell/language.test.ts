import { describe, expect, it } from 'vitest';
import { pickStaffLanguage } from './language';

describe('the back office language', () => {
  it('follows the staff setting first, then the llk_admin_lang cookie, then the browser', () => {
    expect(pickStaffLanguage({ setting: 'en', cookie: 'zh-CN', acceptLanguage: 'zh-CN' })).toBe('en');
    expect(pickStaffLanguage({ setting: null, cookie: 'en', acceptLanguage: 'zh-CN' })).toBe('en');
    expect(pickStaffLanguage({ cookie: 'fr', acceptLanguage: 'en-GB,zh;q=0.5' })).toBe('en');
    expect(pickStaffLanguage({ acceptLanguage: 'zh-TW,en;q=0.8' })).toBe('zh-CN');
    expect(pickStaffLanguage({ acceptLanguage: 'ja,fr' })).toBe('zh-CN');
    expect(pickStaffLanguage({})).toBe('zh-CN');
  });
});
