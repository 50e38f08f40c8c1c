'use client';

import type { TAdminRelease, TLocale, TPackageFormat, TChipType, TReleasePlatform } from '@llk/contracts';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { browserZone } from '@/lib/visitor-zone';
import { completeTranslations, isoOfZonedInput, zonedInputOf, type TTranslations } from '@/features/admin/content/translations';
import type { TEditorBinding } from '@/features/admin/content/use-publishable';
import { EditorFrame } from './editor-frame';
import { PackageRow, type TPackageDraft } from './release-package-row';
import { TranslationEditor } from './translation-editor';
import { ZonedDateTimeField } from './zoned-date-time-field';

// A release as staff write it (ZAdminReleaseInput): platform, version, release time, minimum
// OS, store page, its packages (each hashed by the API) and the changelog per language.

export const PLATFORMS = ['WIN', 'MAC', 'LINUX', 'ANDROID', 'IOS', 'IPAD'] as const satisfies readonly TReleasePlatform[];
const MAX_PACKAGES = 20;
const NOTE_FIELDS = ['notes'] as const;

/** A new package row's chip and format, those most releases of the platform have. */
const FIRST_PACKAGE: Record<TReleasePlatform, { chipType: TChipType; format: TPackageFormat }> = {
  WIN: { chipType: 'X86', format: 'exe' },
  MAC: { chipType: 'APPLE_SILICON', format: 'dmg' },
  LINUX: { chipType: 'X86', format: 'deb' },
  ANDROID: { chipType: 'ARM', format: 'apk' },
  IOS: { chipType: 'ARM', format: 'store' },
  IPAD: { chipType: 'ARM', format: 'store' },
};

type TDraft = {
  platform: TReleasePlatform;
  version: string;
  releasedAt: string;
  minOs: string;
  storeUrl: string;
  packages: TPackageDraft[];
  notes: TTranslations<(typeof NOTE_FIELDS)[number]>;
};

let lastKey = 0;
const newKey = () => ++lastKey;

function draftOf(item: TAdminRelease | null): TDraft {
  if (!item)
    return {
      platform: 'WIN',
      version: '',
      releasedAt: zonedInputOf(new Date().toISOString(), browserZone()),
      minOs: '',
      storeUrl: '',
      packages: [],
      notes: {},
    };
  return {
    platform: item.platform,
    version: item.version,
    releasedAt: zonedInputOf(item.releasedAt, browserZone()),
    minOs: item.minOs,
    storeUrl: item.storeUrl ?? '',
    packages: item.packages.map((pkg) => ({ ...pkg, key: newKey(), url: pkg.url ?? '', source: null })),
    notes: Object.fromEntries(Object.entries(item.notes).map(([locale, notes]) => [locale, { notes }])),
  };
}

/** The draft as the API's input: a store listing has no file; only complete changelogs. */
function inputOf(draft: TDraft) {
  return {
    platform: draft.platform,
    version: draft.version.trim(),
    releasedAt: isoOfZonedInput(draft.releasedAt, browserZone()),
    minOs: draft.minOs.trim(),
    storeUrl: draft.storeUrl.trim() || null,
    packages: draft.packages.map(({ chipType, format, url, sizeBytes, sha256 }) =>
      format === 'store'
        ? { chipType, format, url: null, sizeBytes: null, sha256: null }
        : { chipType, format, url: url.trim(), sizeBytes, sha256 },
    ),
    notes: Object.fromEntries(
      Object.entries(completeTranslations(draft.notes, NOTE_FIELDS)).map(([locale, texts]) => [locale, texts?.notes]),
    ),
  };
}

export function ReleaseEditor({
  item,
  onSave,
  onPublish,
  onClose,
  languageNames,
}: TEditorBinding<TAdminRelease> & { languageNames: Record<TLocale, string> }) {
  const t = useTranslations('AdminReleases');
  const [draft, setDraft] = useState<TDraft>(() => draftOf(item));

  // functional updates: a checksum answers after the staff member may have edited other rows
  function editPackage(key: number, patch: Partial<TPackageDraft>) {
    setDraft((d) => ({ ...d, packages: d.packages.map((pkg) => (pkg.key === key ? { ...pkg, ...patch } : pkg)) }));
  }
  function addPackage() {
    setDraft((d) => ({
      ...d,
      packages: [...d.packages, { key: newKey(), ...FIRST_PACKAGE[d.platform], url: '', sizeBytes: null, sha256: null, source: null }],
    }));
  }
  function removePackage(key: number) {
    setDraft((d) => ({ ...d, packages: d.packages.filter((pkg) => pkg.key !== key) }));
  }

  return (
    <EditorFrame
      name="release"
      title={item ? t('editTitle', { platform: t(`platforms.${item.platform}`), version: item.version }) : t('newTitle')}
      published={item?.published ?? false}
      onSave={() => onSave(inputOf(draft))}
      onPublish={onPublish}
      onClose={onClose}
    >
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field label={t('platform')}>
          {(props) => (
            <select
              {...props}
              className={`${props.className} h-11`}
              value={draft.platform}
              onChange={(e) => setDraft({ ...draft, platform: e.target.value as TReleasePlatform })}
            >
              {PLATFORMS.map((platform) => (
                <option key={platform} value={platform}>
                  {t(`platforms.${platform}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('version')} hint={t('versionHint')}>
          {(props) => (
            <input
              {...props}
              required
              pattern="\d{1,3}\.\d{1,3}\.\d{1,3}"
              inputMode="decimal"
              className={`${props.className} h-11`}
              value={draft.version}
              onChange={(e) => setDraft({ ...draft, version: e.target.value })}
            />
          )}
        </Field>
        <ZonedDateTimeField
          label={t('releasedAt')}
          value={draft.releasedAt}
          required
          onChange={(releasedAt) => setDraft({ ...draft, releasedAt })}
        />
        <Field label={t('minOs')} hint={t('minOsHint')}>
          {(props) => (
            <input
              {...props}
              required
              maxLength={100}
              className={`${props.className} h-11`}
              value={draft.minOs}
              onChange={(e) => setDraft({ ...draft, minOs: e.target.value })}
            />
          )}
        </Field>
        <Field label={t('storeUrl')} hint={t('storeUrlHint')} className="lg:col-span-2">
          {(props) => (
            <input
              {...props}
              type="url"
              className={`${props.className} h-11`}
              value={draft.storeUrl}
              onChange={(e) => setDraft({ ...draft, storeUrl: e.target.value })}
            />
          )}
        </Field>
      </div>

      <h2 className="mt-8 text-lg font-semibold text-ink">{t('packages')}</h2>
      {draft.packages.length === 0 ? <p className="mt-2 text-sm text-ink-muted">{t('noPackages')}</p> : null}
      <ul className="mt-3 grid gap-3 empty:hidden">
        {draft.packages.map((pkg) => (
          <PackageRow key={pkg.key} value={pkg} onChange={(patch) => editPackage(pkg.key, patch)} onRemove={() => removePackage(pkg.key)} />
        ))}
      </ul>
      <Button className="mt-3" size="sm" variant="secondary" disabled={draft.packages.length >= MAX_PACKAGES} onClick={addPackage}>
        {t('addPackage')}
      </Button>

      <h2 className="mt-8 text-lg font-semibold text-ink">{t('notes')}</h2>
      <TranslationEditor
        fields={[{ key: 'notes', label: t('notesLabel'), markdown: true }]}
        value={draft.notes}
        onChange={(notes) => setDraft({ ...draft, notes })}
        languageNames={languageNames}
      />
    </EditorFrame>
  );
}
