'use client';

import type { TAdminChecksum, TChipType, TPackageFormat } from '@llk/contracts';
import { useFormatter, useTranslations } from 'next-intl';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { adminApi } from '@/features/admin/shell/admin-api';
import { useAction } from '@/lib/use-action';

// One package of a release: chip, format, URL, and its size and SHA-256 — never typed: the API
// computes them from the file, fetched from the URL (POST /admin/releases/checksum, with its
// size cap and timeout) or uploaded from this computer (…/checksum/upload, a raw
// application/octet-stream body hashed as it streams and not stored).

export const CHIP_TYPES = ['X86', 'ARM', 'APPLE_SILICON'] as const satisfies readonly TChipType[];
export const PACKAGE_FORMATS = ['exe', 'msi', 'dmg', 'deb', 'rpm', 'AppImage', 'apk', 'store'] as const satisfies readonly TPackageFormat[];

export interface TPackageDraft {
  /** the row's React key */
  key: number;
  chipType: TChipType;
  format: TPackageFormat;
  url: string;
  sizeBytes: number | null;
  sha256: string | null;
  /** where the size and SHA-256 came from in this session: the URL then, or a file's name */
  source: { url: string } | { file: string } | null;
}

// The API fetches for up to RELEASE_FETCH_TIMEOUT_MS (5 minutes by default); an upload of an
// installer of a few hundred MB takes as long as the connection needs.
const FETCH_TIMEOUT_MS = 6 * 60_000;
const UPLOAD_TIMEOUT_MS = 30 * 60_000;

const isFetchable = (url: string) => /^https?:\/\/\S+$/i.test(url.trim());

export function PackageRow({
  value,
  onChange,
  onRemove,
}: {
  value: TPackageDraft;
  onChange: (patch: Partial<TPackageDraft>) => void;
  onRemove: () => void;
}) {
  const t = useTranslations('AdminReleases');
  const format = useFormatter();
  const { busy, run } = useAction();
  const file = useRef<HTMLInputElement>(null);
  const store = value.format === 'store';

  async function compute(source: TPackageDraft['source'], call: () => Promise<TAdminChecksum>) {
    // toasted (the file too large, a host that is not public, a fetch that failed)
    await run(async () => {
      const { sizeBytes, sha256 } = await call();
      onChange({ sizeBytes, sha256, source });
    });
  }

  function fromUrl() {
    const url = value.url.trim();
    void compute({ url }, () => adminApi.post<TAdminChecksum>('/releases/checksum', { body: { url }, timeoutMs: FETCH_TIMEOUT_MS }));
  }

  function fromFile(chosen: File | undefined) {
    if (!chosen) return;
    void compute({ file: chosen.name }, () =>
      adminApi.post<TAdminChecksum>('/releases/checksum/upload', {
        body: chosen,
        headers: { 'content-type': 'application/octet-stream' },
        timeoutMs: UPLOAD_TIMEOUT_MS,
      }),
    );
    // the same file chosen again is a change too
    if (file.current) file.current.value = '';
  }

  const stale = value.source && 'url' in value.source && value.source.url !== value.url.trim();
  return (
    <li className="grid gap-3 rounded-card border border-line p-4" data-testid="release-package">
      <div className="grid gap-3 sm:grid-cols-[10rem_9rem_1fr]">
        <Field label={t('chip')}>
          {(props) => (
            <select
              {...props}
              className={`${props.className} h-11`}
              value={value.chipType}
              onChange={(e) => onChange({ chipType: e.target.value as TChipType })}
            >
              {CHIP_TYPES.map((chip) => (
                <option key={chip} value={chip}>
                  {t(`chips.${chip}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('format')}>
          {(props) => (
            <select
              {...props}
              className={`${props.className} h-11`}
              value={value.format}
              onChange={(e) => onChange({ format: e.target.value as TPackageFormat })}
            >
              {PACKAGE_FORMATS.map((kind) => (
                <option key={kind} value={kind}>
                  {kind === 'store' ? t('store') : kind}
                </option>
              ))}
            </select>
          )}
        </Field>
        {store ? (
          <p className="self-end pb-3 text-sm text-ink-muted">{t('storeHint')}</p>
        ) : (
          <Field label={t('url')} hint={t('urlHint')}>
            {(props) => (
              <input
                {...props}
                required
                inputMode="url"
                className={`${props.className} h-11 font-mono text-sm`}
                value={value.url}
                onChange={(e) => onChange({ url: e.target.value })}
              />
            )}
          </Field>
        )}
      </div>
      {store ? null : (
        <>
          <dl className="grid gap-1 text-sm sm:grid-cols-[6rem_1fr]">
            <dt className="text-ink-muted">{t('size')}</dt>
            <dd className="text-ink tabular-nums" data-testid="package-size">
              {value.sizeBytes === null ? '—' : t('bytes', { size: format.number(value.sizeBytes) })}
            </dd>
            <dt className="text-ink-muted">SHA-256</dt>
            <dd className="font-mono text-xs break-all text-ink" data-testid="package-sha256">
              {value.sha256 ?? t('notComputed')}
            </dd>
          </dl>
          {value.source && 'file' in value.source ? (
            <p className="text-xs text-ink-muted">{t('fromFile', { name: value.source.file })}</p>
          ) : null}
          {stale ? <p className="text-xs text-amber-800">{t('urlChanged')}</p> : null}
        </>
      )}
      <div className="flex flex-wrap gap-2">
        {store ? null : (
          <>
            <Button size="sm" variant="secondary" disabled={busy || !isFetchable(value.url)} onClick={fromUrl}>
              {t('computeFromUrl')}
            </Button>
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => file.current?.click()}>
              {t('uploadFile')}
            </Button>
            <input
              ref={file}
              type="file"
              hidden
              aria-label={t('uploadFile')}
              data-testid="package-file"
              onChange={(e) => fromFile(e.target.files?.[0])}
            />
          </>
        )}
        <Button size="sm" variant="quiet" disabled={busy} onClick={onRemove}>
          {t('removePackage')}
        </Button>
        <p role="status" className="self-center text-sm text-ink-muted">
          {busy ? t('computing') : ''}
        </p>
      </div>
    </li>
  );
}
