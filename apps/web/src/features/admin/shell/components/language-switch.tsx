'use client';

import { STAFF_LOCALES, type TStaffLocale } from '@llk/contracts/admin-roles';
import { useState } from 'react';
import { adminApi } from '@/features/admin/shell/admin-api';
import { ADMIN_LANGUAGE_COOKIE, ADMIN_LANGUAGE_COOKIE_MAX_AGE } from '@/features/admin/shell/language';

// zh-CN ↔ en for staff screens: remembered in the llk_admin_lang cookie (Path=/admin) and, when
// signed in, as the staff member's own setting (PUT /admin/me/language), then the page reloads.

export function LanguageSwitch({
  current,
  label,
  names,
  signedIn,
}: {
  current: TStaffLocale;
  label: string;
  names: Record<TStaffLocale, string>;
  signedIn: boolean;
}) {
  const [busy, setBusy] = useState(false);
  async function choose(language: TStaffLocale) {
    if (language === current || busy) return;
    setBusy(true);
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${ADMIN_LANGUAGE_COOKIE}=${language}; Path=/admin; Max-Age=${ADMIN_LANGUAGE_COOKIE_MAX_AGE}; SameSite=Strict${secure}`;
    try {
      if (signedIn) await adminApi.put('/me/language', { body: { language } });
    } finally {
      window.location.reload();
    }
  }
  return (
    <label className="flex items-center gap-2 text-sm text-ink-soft">
      {/* on a phone the select names itself: the label stays for screen readers */}
      <span className="max-sm:sr-only">{label}</span>
      <select
        className="h-9 rounded-control border border-line bg-canvas px-2 text-sm text-ink"
        value={current}
        disabled={busy}
        onChange={(event) => void choose(event.target.value as TStaffLocale)}
      >
        {STAFF_LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {names[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
