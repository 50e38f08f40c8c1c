'use client';

import type { TAdminChecksum, TAdminRelease, TAdminReleasePage } from '@llk/contracts';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { adminApi } from '@/features/admin/admin-api';

// /admin/releases: every release per platform with its packages (chip, URL, size, SHA-256),
// publish/unpublish, and the checksum tool: the API fetches a file's URL (size cap, timeout) and
// answers its size and SHA-256, so nobody types a hash by hand.

export function ReleasesScreen({ initial }: { initial: TAdminReleasePage }) {
  const t = useTranslations('AdminReleases');
  const [items, setItems] = useState(initial.items);
  const [url, setUrl] = useState('');
  const [checksum, setChecksum] = useState<TAdminChecksum | null>(null);
  const [busy, setBusy] = useState(false);

  async function setPublished(item: TAdminRelease, published: boolean) {
    const { item: changed } = await adminApi.post<{ item: TAdminRelease }>(`/releases/${item.id}/${published ? 'publish' : 'unpublish'}`);
    setItems((list) => list.map((row) => (row.id === changed.id ? changed : row)));
  }

  async function compute() {
    setBusy(true);
    setChecksum(null);
    try {
      setChecksum(await adminApi.post<TAdminChecksum>('/releases/checksum', { body: { url } }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">{t('title')}</h1>
      <form
        className="mt-6 flex flex-wrap items-end gap-3 rounded-card border border-line p-4"
        onSubmit={(event) => {
          event.preventDefault();
          void compute();
        }}
      >
        <label className="min-w-64 flex-1 text-sm text-ink-soft">
          {t('checksumUrl')}
          <input type="url" required className="mt-1 w-full rounded-control border border-line bg-canvas px-3 py-2 text-ink" value={url} onChange={(e) => setUrl(e.target.value)} />
        </label>
        <Button type="submit" size="sm" disabled={busy}>
          {t('checksum')}
        </Button>
        {checksum ? (
          <p className="w-full font-mono text-xs break-all text-ink" data-testid="checksum-result">
            {t('checksumResult', { size: checksum.sizeBytes.toLocaleString(), sha256: checksum.sha256 })}
          </p>
        ) : null}
      </form>
      <ul className="mt-6 divide-y divide-line rounded-card border border-line" data-testid="release-list">
        {items.map((item) => (
          <li key={item.id} className="px-4 py-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="font-medium text-ink">
                {item.platform} {item.version} · {new Date(item.releasedAt).toISOString().slice(0, 10)} · {item.published ? t('published') : t('draft')}
              </p>
              <Button size="sm" variant="secondary" onClick={() => void setPublished(item, !item.published)}>
                {item.published ? t('unpublish') : t('publish')}
              </Button>
            </div>
            <ul className="mt-1 text-sm text-ink-muted">
              {item.packages.map((pkg) => (
                <li key={`${pkg.chipType}-${pkg.format}`} className="break-all">
                  {pkg.chipType} · {pkg.format} · {pkg.url ?? t('store')} {pkg.sizeBytes ? `· ${pkg.sizeBytes.toLocaleString()} B` : ''} {pkg.sha256 ? `· ${pkg.sha256.slice(0, 12)}…` : `· ${t('noHash')}`}
                </li>
              ))}
            </ul>
            {item.missingLocales.length > 0 ? <p className="mt-1 text-xs text-amber-800">{t('missing', { languages: item.missingLocales.join(', ') })}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
