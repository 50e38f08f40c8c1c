import type { TChipType, TDownloadPackage, TRelease } from '@llk/contracts';
import { LocalTime } from '@/components/local-time';
import { filePackages, formatSize, type TPlatformKey } from '../platforms';
import { buttonClass } from '@/components/ui/button';

interface TPlatformCardTexts {
  name: string;
  body: string;
  version: string;
  released: string;
  requires: string;
  chips: Record<TChipType, string>;
  download: string;
  size: string;
  checksum: string;
  unavailable: string;
  /** Store or device buttons (Android phone/tablet, iPhone/iPad, Google Play …), formatted by the page. */
  extraTitle?: string;
}

export interface TCardButton {
  label: string;
  href: string;
  primary?: boolean;
}

interface PlatformCardProps {
  platform: TPlatformKey;
  release: TRelease | null;
  texts: TPlatformCardTexts;
  languageTag: string;
  buttons: readonly TCardButton[];
}

function PackageRow({ item, texts, languageTag }: { item: TDownloadPackage; texts: TPlatformCardTexts; languageTag: string }) {
  return (
    <li className="rounded-control border border-line bg-surface p-3">
      {/* the button keeps its place at the right whatever the label's length: a long one wraps
          in its column instead of pushing the button under it (ADR 0020) */}
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-3" data-testid="package-row">
        <div className="min-w-0 break-words">
          <p className="font-medium text-ink">
            {texts.chips[item.chipType]} · {item.format === 'AppImage' ? item.format : item.format.toUpperCase()}
          </p>
          <p className="text-sm text-ink-muted">
            {texts.size}: {item.sizeBytes !== null ? formatSize(item.sizeBytes, languageTag) : '—'}
          </p>
        </div>
        <a href={item.url} download={item.fileName ?? undefined} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          {texts.download}
          <span className="sr-only"> {item.fileName}</span>
        </a>
      </div>
      {item.sha256 ? (
        <p className="mt-2 text-xs text-ink-muted">
          {texts.checksum}: <code className="font-mono break-all text-ink-soft">{item.sha256}</code>
        </p>
      ) : null}
    </li>
  );
}

/** One platform on the download page: version, date, requirements, device buttons, files. */
export function PlatformCard({ platform, release, texts, languageTag, buttons }: PlatformCardProps) {
  const files = filePackages(release);
  return (
    <article
      id={platform}
      aria-labelledby={`${platform}-name`}
      className="scroll-mt-24 rounded-card border border-line bg-canvas p-6 shadow-card"
    >
      <h3 id={`${platform}-name`} className="text-xl font-semibold text-ink">
        {texts.name}
      </h3>
      <p className="mt-2 leading-relaxed text-ink-muted">{texts.body}</p>
      {release ? (
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-ink-muted">{texts.version}</dt>
          <dd className="font-medium text-ink">{release.version}</dd>
          <dt className="text-ink-muted">{texts.released}</dt>
          <dd className="text-ink">
            <LocalTime iso={release.releasedAt} languageTag={languageTag} kind="date" />
          </dd>
          <dt className="text-ink-muted">{texts.requires}</dt>
          <dd className="text-ink">{release.minOs}</dd>
        </dl>
      ) : (
        <p className="mt-4 text-sm text-ink-muted">{texts.unavailable}</p>
      )}
      {buttons.length ? (
        <ul className="mt-5 flex flex-wrap gap-2">
          {buttons.map((button) => (
            <li key={button.label}>
              <a href={button.href} className={buttonClass({ variant: button.primary ? 'primary' : 'secondary', size: 'sm' })}>
                {button.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {files.length ? (
        <ul className="mt-5 space-y-2">
          {files.map((item) => (
            <PackageRow key={item.url} item={item} texts={texts} languageTag={languageTag} />
          ))}
        </ul>
      ) : null}
    </article>
  );
}
