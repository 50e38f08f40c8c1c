import type { TRelease } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { filePackages, formatSize, groupReleases, primaryPackage } from './platforms';

const file = (chipType: 'X86' | 'ARM' | 'APPLE_SILICON', name: string) => ({
  chipType,
  format: 'exe' as const,
  fileName: name,
  url: `https://dl.example/${name}`,
  sizeBytes: 96_681_322,
  sha256: 'a'.repeat(64),
});
const release = (platform: TRelease['platform'], packages: TRelease['packages']): TRelease => ({
  platform,
  version: '3.5.0',
  releasedAt: '2026-10-28T02:00:00.000Z',
  minOs: 'x',
  storeUrl: null,
  packages,
});

describe('download platforms', () => {
  it('puts each release on its card; iOS and iPadOS share one', () => {
    const grouped = groupReleases([release('WIN', []), release('IPAD', []), release('IOS', [])]);
    expect(grouped.windows?.platform).toBe('WIN');
    expect(grouped.ios?.platform).toBe('IOS');
    expect(grouped.android).toBeNull();
  });

  it('offers the first file of the wanted chip, else the first file; store listings are not files', () => {
    const win = release('WIN', [file('X86', 'x64.exe'), file('ARM', 'arm64.exe')]);
    expect(primaryPackage(win)?.fileName).toBe('x64.exe');
    expect(primaryPackage(win, 'ARM')?.fileName).toBe('arm64.exe');
    expect(primaryPackage(win, 'APPLE_SILICON')?.fileName).toBe('x64.exe');
    const store = release('IOS', [
      { chipType: 'ARM', format: 'store', fileName: null, url: 'https://apps.apple.com/x', sizeBytes: null, sha256: null },
    ]);
    expect(filePackages(store)).toEqual([]);
    expect(primaryPackage(null)).toBeNull();
  });

  it('formats sizes in the reader’s language', () => {
    expect(formatSize(96_681_322, 'en')).toBe('96.7 MB');
    expect(formatSize(96_681_322, 'fr')).toMatch(/^96,7\sMo$/);
  });
});
