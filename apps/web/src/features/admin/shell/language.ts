import { isStaffLocale, type TStaffLocale } from '@llk/contracts/admin-roles';
import { readAcceptLanguage } from '@llk/contracts/locales';

// The back office's language (ADR 0019): zh-CN or en. A signed-in staff member's own setting
// (staff.locale, GET /admin/me `language`) decides; before signing in, the llk_admin_lang cookie
// (Path=/admin, written by the language switch), else the browser's first zh or en.

export const ADMIN_LANGUAGE_COOKIE = 'llk_admin_lang';
export const ADMIN_LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 3600;

export function pickStaffLanguage(input: {
  setting?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): TStaffLocale {
  if (isStaffLocale(input.setting)) return input.setting;
  if (isStaffLocale(input.cookie)) return input.cookie;
  // the ranges as written, first to last (the header's own order; q is not weighed here)
  for (const { tag: written } of readAcceptLanguage(input.acceptLanguage)) {
    const tag = written.toLowerCase();
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'zh-CN';
}
