import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { TLocale } from '@llk/contracts/locales';
import { describe, expect, it } from 'vitest';
import {
  ALL_LOCALES,
  asciiColonFaults,
  CJK_LOCALES,
  currencyFaults,
  frenchTypographyFaults,
  koreanParticleFaults,
  LATIN_NAMES,
  visibleWords,
} from './support/language-rules';

// No English left in another language (ADR 0020), for what is not a message: the user guide (content/guide/<locale>/**/*.md)
// and the seeded news, notices and release notes (content/seed), each translation held to its
// own language's rules, the same ones as messages-language.test.ts:
// - the renminbi in formatFen's form for the language, never "RMB";
// - a full-width colon after Chinese and Japanese text;
// - no English left: in zh, ja and ko every Latin-script word is a name, a key or a code; in es
//   and fr no line is the English one unchanged unless it is names and cognates.
// Only the prose is read: code blocks and inline code (commands, file names, settings typed as
// they are), link targets and addresses are what the reader copies, not words to translate.

const contentDir = path.resolve(import.meta.dirname, '../../../content');
const guideDir = path.join(contentDir, 'guide');
const seedDir = path.join(contentDir, 'seed');

type Texts = Map<string, string>;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return markdownFiles(file);
    return name.endsWith('.md') ? [file] : [];
  });
}

/** The text a reader sees in Markdown: the front matter's title and description, then the prose. */
function prose(markdown: string): string {
  const shown = markdown.replace(
    /^---\n([\s\S]*?)\n---\n/,
    (_all, front: string) =>
      `${front
        .split('\n')
        .filter((line) => /^(title|description):/.test(line))
        .map((line) => line.replace(/^\w+:\s*/, '').replace(/^"|"$/g, ''))
        .join('\n')}\n`,
  );
  return shown
    .replace(/^```[\s\S]*?^```/gm, ' ')
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/\]\([^)\s]*\)/g, '] ')
    .replace(/<[^>\n]+>/g, ' ')
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ');
}

/** Every guide page of a locale, keyed by its path under the locale's folder. */
function guideOf(locale: TLocale): Texts {
  const root = path.join(guideDir, locale);
  return new Map(markdownFiles(root).map((file) => [`guide/${path.relative(root, file)}`, prose(readFileSync(file, 'utf8'))]));
}

type Translations = Partial<Record<TLocale, Record<string, string>>>;

/** The seeded news, notices and release notes of a locale, keyed by file and item. */
function seedOf(locale: TLocale): Texts {
  const out: Texts = new Map();
  for (const name of readdirSync(path.join(seedDir, 'news'))) {
    const item = JSON.parse(readFileSync(path.join(seedDir, 'news', name), 'utf8')) as { translations: Translations };
    for (const [field, text] of Object.entries(item.translations[locale] ?? {})) out.set(`news/${name}:${field}`, prose(text));
  }
  const notices = JSON.parse(readFileSync(path.join(seedDir, 'notices.json'), 'utf8')) as { slug: string; translations: Translations }[];
  for (const notice of notices) {
    for (const [field, text] of Object.entries(notice.translations[locale] ?? {}))
      out.set(`notices.json:${notice.slug}.${field}`, prose(text));
  }
  for (const name of readdirSync(path.join(seedDir, 'release-notes'))) {
    const groups = JSON.parse(readFileSync(path.join(seedDir, 'release-notes', name), 'utf8')) as Record<
      string,
      Partial<Record<TLocale, string[]>>
    >;
    for (const [group, byLocale] of Object.entries(groups)) {
      (byLocale[locale] ?? []).forEach((text, index) => out.set(`release-notes/${name}:${group}.${index}`, prose(text)));
    }
  }
  return out;
}

function textsOf(locale: TLocale): Texts {
  return new Map([...guideOf(locale), ...seedOf(locale)]);
}

// Names of more than one word, taken out before the words are read, so that "One" or "Screen"
// alone still counts as English.
const NAME_PHRASES = [
  'Windows on ARM',
  'Configuration Manager',
  'Quick Sync',
  'Raspberry Pi',
  'Magic Keyboard',
  'Xbox One',
  'Series X|S',
  'Print Screen',
  'Caps Lock',
];

/** Words the guide and the news keep in every language, besides the messages' LATIN_NAMES. */
const CONTENT_NAMES = new Set([
  // keys as printed on keyboards (Windows and Mac), named so the reader finds them
  'Ctrl',
  'Alt',
  'Shift',
  'Tab',
  'Enter',
  'Esc',
  'Del',
  'Win',
  'Command',
  'Control',
  'Option',
  'Space',
  // package formats and the tools that install them ('deb' of ".deb"; 'aarch' of "aarch64", digits are not read)
  'AppImage',
  'MSI',
  'DEB',
  'RPM',
  'deb',
  'aarch',
  'msiexec',
  'Intune',
  'SCCM',
  'Ansible',
  'systemd',
  'openSUSE',
  'RHEL',
  // desktops, drivers and system features by their own names
  'Wayland',
  'GNOME',
  'KDE',
  'Plasma',
  'PipeWire',
  'PulseAudio',
  'VideoToolbox',
  'NVENC',
  'FileVault',
  'Defender',
  'UAC',
  'HEVC',
  // hardware and game controllers ('Arc': Intel's graphics; 'Switch': Nintendo's console; 'MFi': Apple's controller label)
  'Snapdragon',
  'Arc',
  'Xbox',
  'PlayStation',
  'DualShock',
  'DualSense',
  'Nintendo',
  'Switch',
  'Steam',
  'XInput',
  'MFi',
  // the messaging app LINE (Taiwan, Japan), named where a verification message may land
  'LINE',
  // the client's languages, each in its own name (the language setting lists them)
  'English',
  'Español',
  'Français',
  // protocols, units and standards ('JIS' and 'US': keyboard layouts)
  'UDP',
  'TCP',
  'HTTP',
  'SOCKS',
  'GHz',
  'USB',
  'LAN',
  'JIS',
  'US',
  'TV',
  'AI',
  // the administrator's account on Linux, and the guide's example prefix for device names ("HQ-")
  'root',
  'HQ',
  // Microsoft's own words in its Korean and Traditional Chinese interfaces, as the reader sees
  // them there: Intune's "LOB(기간 업무) 앱" and Windows' "Proxy" setting
  'LOB',
  'Proxy',
]);

/**
 * Lines es and fr write as English does: a page title or settings label that is the same word
 * there ("Audio" and "Proxy" in both, as their systems name them; "Notifications", "Message",
 * "Action" and "Promotions" in French) and "App", the store app in Spanish's table of packages.
 */
const CONTENT_SAME_AS_ENGLISH = new Set(['Proxy', 'Audio', 'App', 'Notifications', 'Message', 'Action', 'Promotions']);

/** The lines of a prose text, without Markdown's list, heading and emphasis marks or table pipes. */
function lines(text: string): string[] {
  return text
    .split(/\n|\|/)
    .map((line) =>
      line
        .replace(/^[\s#>*\-\d.]+/, '')
        .replace(/[*_]/g, '')
        .replace(/^"|"$/g, '')
        .trim(),
    )
    .filter((line) => line.length > 0);
}

function englishWords(text: string): string[] {
  let named = text;
  for (const phrase of NAME_PHRASES) named = named.replaceAll(phrase, ' ');
  return visibleWords(named).filter((word) => !LATIN_NAMES.has(word) && !CONTENT_NAMES.has(word));
}

describe('the guide and the seeded news speak each language', () => {
  it('every locale has the same guide pages and reads some text', () => {
    const pages = (locale: TLocale) => [...guideOf(locale).keys()].sort();
    for (const locale of ALL_LOCALES) expect(pages(locale)).toEqual(pages('en'));
    expect(pages('en').length).toBeGreaterThan(50);
    expect(seedOf('ja').size).toBeGreaterThan(40);
  });

  it('reads prose only: code, link targets and addresses are left out', () => {
    const text = prose(
      '---\ntitle: "套餐"\norder: 3\n---\n见 [官网](https://llk.example/RMB)。\n\n```sh\necho RMB\n```\n\n运行 `llk-remote --RMB`。',
    );
    expect(text).not.toContain('RMB');
    expect(text).toContain('套餐');
    expect(englishWords('在 Windows on ARM 上按 **Print Screen**')).toEqual([]);
    expect(englishWords('按 Screen 键')).toEqual(['Screen']);
  });

  it.each(ALL_LOCALES)('%s: the renminbi in the language’s one form (formatFen’s), never RMB', (locale) => {
    const mixed = [...textsOf(locale)].flatMap(([key, text]) => currencyFaults(locale, text).map((fault) => `${key}: ${fault}`));
    expect(mixed).toEqual([]);
  });

  it.each(['zh-CN', 'zh-tw', 'ja'] as const)('%s: a colon after Chinese or Japanese text is full-width', (locale) => {
    const ascii = [...textsOf(locale)].flatMap(([key, text]) => asciiColonFaults(text).map((fault) => `${key}: ${fault}`));
    expect(ascii).toEqual([]);
  });

  it('fr: no-break spaces before : ; ! ? and %, inside « », ordinals 1ᵉʳ in the guide, news, notices and release notes', () => {
    const faults = [...textsOf('fr')].flatMap(([key, text]) => frenchTypographyFaults(text).map((fault) => `${key}: ${fault}`));
    expect(faults).toEqual([]);
  });

  it('fr: the same typography in the pricing comparison’s texts (content/seed/pricing.json)', () => {
    const texts: string[] = [];
    // every string under a "fr" key, at any depth
    const collect = (value: unknown, french: boolean): void => {
      if (typeof value === 'string') {
        if (french) texts.push(value);
      } else if (Array.isArray(value)) value.forEach((inner) => collect(inner, french));
      else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) collect(inner, french || key === 'fr');
    };
    collect(JSON.parse(readFileSync(path.join(seedDir, 'pricing.json'), 'utf8')), false);
    expect(texts.length).toBeGreaterThan(50);
    expect(texts.flatMap((text) => frenchTypographyFaults(text).map((fault) => `pricing.json: ${fault}`))).toEqual([]);
  });

  it('ko: no text writes a particle both ways, 이(가) or (으)로', () => {
    const faults = [...textsOf('ko')].flatMap(([key, text]) => koreanParticleFaults(text).map((fault) => `${key}: ${fault}`));
    expect(faults).toEqual([]);
  });

  it.each(CJK_LOCALES)('%s: every Latin-script word is a name, key, unit or code', (locale) => {
    const stray = [...textsOf(locale)].flatMap(([key, text]) => englishWords(text).map((word) => `${key}: ${word}`));
    expect(stray).toEqual([]);
  });

  it.each(['es', 'fr'] as const)('%s: no line is the English one unchanged, unless names and cognates', (locale) => {
    const english = textsOf('en');
    const same = [...textsOf(locale)].flatMap(([key, text]) => {
      const englishLines = new Set(lines(english.get(key) ?? ''));
      return lines(text)
        .filter((line) => englishLines.has(line) && !CONTENT_SAME_AS_ENGLISH.has(line))
        .filter((line) => englishWords(line).some((word) => word.length > 2))
        .map((line) => `${key}: ${line}`);
    });
    expect(same).toEqual([]);
  });
});
