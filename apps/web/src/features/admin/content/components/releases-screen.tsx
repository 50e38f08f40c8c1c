'use client';

import type { TAdminRelease, TAdminReleasePage, TLocale } from '@llk/contracts';
import { useFormatter, useTranslations } from 'next-intl';
import { usePublishable } from '@/features/admin/content/use-publishable';
import { PublishableList } from './publishable-list';
import { ReleaseEditor } from './release-editor';

// /admin/releases: every release per platform, newest first: version, date and author, its
// packages by chip, format and size, their URLs and SHA-256 in a "details" fold, and the
// languages its changelog lacks; "new" and each release open the editor
// (release-editor.tsx), where the API computes each file's size and SHA-256.

export function ReleasesScreen({ initial, languageNames }: { initial: TAdminReleasePage; languageNames: Record<TLocale, string> }) {
  const t = useTranslations('AdminReleases');
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
            {item.published ? t('published') : t('draft')}
            {item.packages.length > 0 ? ' · ' : ''}
            {format.list(
              item.packages.map((pkg) =>
                [
                  t(`chips.${pkg.chipType}`),
                  pkg.format === 'store' ? t('store') : pkg.format,
                  pkg.sizeBytes === null
                    ? null
                    : t('sizeMb', { size: format.number(pkg.sizeBytes / 1_048_576, { maximumFractionDigits: 1 }) }),
                ]
                  .filter(Boolean)
                  .join(' '),
              ),
              { type: 'unit' },
            )}
          </p>
          {item.packages.length > 0 ? (
            // the addresses and hashes, for who checks a file: folded, so the list stays a list
            <details className="mt-1" data-testid="release-details">
              <summary className="cursor-pointer text-brand-700">{t('details')}</summary>
              <dl className="mt-2 grid gap-2">
                {item.packages.map((pkg) => (
                  <div key={`${pkg.chipType}-${pkg.format}`} className="rounded-control bg-surface p-2">
                    <dt className="font-medium text-ink">{`${t(`chips.${pkg.chipType}`)} · ${pkg.format === 'store' ? t('store') : pkg.format}`}</dt>
                    <dd className="break-all font-mono text-xs">{pkg.url}</dd>
                    {pkg.sizeBytes === null ? null : <dd className="text-xs">{t('bytes', { size: format.number(pkg.sizeBytes) })}</dd>}
                    {pkg.format === 'store' ? null : (
                      <dd className="break-all font-mono text-xs">{pkg.sha256 ? `SHA-256 ${pkg.sha256}` : t('noHash')}</dd>
                    )}
                  </div>
                ))}
              </dl>
            </details>
          ) : null}
          {item.missingLocales.length > 0 ? (
            <p className="mt-1 text-xs text-amber-800">
              {t('missing', { languages: format.list(item.missingLocales.map((code) => languageNames[code])) })}
            </p>
          ) : null}
        </>
      )}
    />
  );
}
