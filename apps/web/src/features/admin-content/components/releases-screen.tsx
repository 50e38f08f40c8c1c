'use client';

import type { TAdminRelease, TAdminReleasePage, TLocale } from '@llk/contracts';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useStaffZone } from '@/features/admin/use-staff-zone';
import { formatDateTime } from '@/lib/format';
import { usePublishable } from '../use-publishable';
import { PublishableList } from './publishable-list';
import { ReleaseEditor } from './release-editor';

// /admin/releases: every release per platform, newest first, with its packages (chip, URL,
// size, SHA-256) and the languages its changelog lacks; "new" and each release open the editor
// (release-editor.tsx), where the API computes each file's size and SHA-256.

export function ReleasesScreen({ initial, languageNames }: { initial: TAdminReleasePage; languageNames: Record<TLocale, string> }) {
  const zone = useStaffZone();
  const t = useTranslations('AdminReleases');
  const locale = useLocale();
  const format = useFormatter();
  const releases = usePublishable<TAdminRelease>('/releases', initial);
  if (releases.editor) return <ReleaseEditor {...releases.editor} languageNames={languageNames} />;
  return (
    <PublishableList
      name="release"
      namespace="AdminReleases"
      list={releases}
      heading={(item) => `${t(`platforms.${item.platform}`)} ${item.version}`}
      nameOf={(item) => `${t(`platforms.${item.platform}`)} ${item.version}`}
      dateOf={(item) => item.releasedAt}
      detail={(item) => (
        <>
          <p>
            {formatDateTime(item.releasedAt, locale, zone)} · {item.published ? t('published') : t('draft')}
          </p>
          <ul className="mt-1">
            {item.packages.map((pkg) => (
              <li key={`${pkg.chipType}-${pkg.format}`} className="break-all">
                {[
                  t(`chips.${pkg.chipType}`),
                  pkg.format === 'store' ? t('store') : pkg.format,
                  pkg.url,
                  pkg.sizeBytes === null ? null : t('bytes', { size: format.number(pkg.sizeBytes) }),
                  pkg.format === 'store' ? null : pkg.sha256 ? `SHA-256 ${pkg.sha256.slice(0, 12)}…` : t('noHash'),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </li>
            ))}
          </ul>
          {item.missingLocales.length > 0 ? <p className="mt-1 text-xs text-amber-800">{t('missing', { languages: format.list(item.missingLocales.map((code) => languageNames[code])) })}</p> : null}
        </>
      )}
    />
  );
}
