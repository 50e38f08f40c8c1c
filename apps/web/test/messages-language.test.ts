import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 20, item 9: no English left in another language's messages. Two rules, each with an
// allow-list of what is written the same everywhere (product and platform names, units, codes):
// - Chinese, Japanese and Korean messages contain no Latin-script word outside LATIN_NAMES;
// - a Spanish or French message identical to its English one contains only words that language
//   writes the same way (SAME_AS_ENGLISH: names and true cognates such as "Total", "Version").
// And one currency code per language: the renminbi is "CNY" where a code is written, never "RMB".

const webDir = path.resolve(import.meta.dirname, '../messages');
const contractsDir = path.resolve(import.meta.dirname, '../../../packages/contracts/messages');

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(name, value);
    else if (value && typeof value === 'object' && !Array.isArray(value)) flatten(value, name, out);
  }
  return out;
}

/** Every message of a locale, web files and the contracts' file, keyed `file:key`. */
function messagesOf(locale: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(path.join(webDir, locale)).filter((name) => name.endsWith('.json'))) {
    for (const [key, value] of flatten(JSON.parse(readFileSync(path.join(webDir, locale, file), 'utf8')) as Tree)) out.set(`${file}:${key}`, value);
  }
  for (const [key, value] of flatten(JSON.parse(readFileSync(path.join(contractsDir, `${locale}.json`), 'utf8')) as Tree)) out.set(`contracts:${key}`, value);
  return out;
}

/** The words a reader sees: ICU arguments, plural/select syntax and rich-text tags removed. */
function visibleWords(message: string): string[] {
  let text = message.replace(/<\/?[A-Za-z][\w-]*>/g, ' ');
  // {{discount:SKU}}: the content syntax a message names for editors, never shown as words
  text = text.replace(/\{\{[^{}]*\}\}/g, ' ');
  // {name} and {count, plural, one {…} other {…}}: keep the branches' text, drop the syntax.
  text = text.replace(/\{\s*[A-Za-z0-9_]+\s*,\s*(?:plural|select|selectordinal)\s*,/g, '{');
  text = text.replace(/(?:=\d+|\b(?:zero|one|two|few|many|other))\s*\{/g, '{');
  text = text.replace(/\{\s*[A-Za-z0-9_]+\s*(?:,\s*[A-Za-z]+\s*(?:,\s*[^{}]*)?)?\}/g, ' ');
  // Single capitals ("I, L and O are not used", "D drive") are letters, not words.
  return (text.match(/[A-Za-z]+(?:['’][A-Za-z]+)*(?:[-.][A-Za-z]+)*/g) ?? []).filter((word) => !/^[A-Z]$/.test(word));
}

const LATIN_NAMES = new Set([
  // the product, its company and its file names
  'LLK', 'Remote', 'Technology', 'Co', 'Ltd', 'llk-remote-backup-codes.txt', 'llk-lang',
  // platforms, devices, stores, browsers, hardware
  'Android', 'Linux', 'Windows', 'macOS', 'iOS', 'iPadOS', 'iPhone', 'iPad', 'Mac', 'Apple', 'Intel', 'AMD', 'ARM',
  'NVIDIA', 'RTX', 'EPYC', 'NVMe', 'Google', 'Play', 'App', 'Store', 'Microsoft', 'Authenticator', 'Password',
  'Chrome', 'Edge', 'Safari', 'Firefox', 'JavaScript', 'Bluetooth', 'Ubuntu', 'Debian', 'Fedora', 'glibc', 'x',
  // payment services and the plan's name
  'Alipay', 'WeChat', 'Pay', 'Pro',
  // units, standards and codes
  'Mbps', 'YCbCr', 'SHA', 'API', 'HTTPS', 'URL', 'CSV', 'SMS', 'UTC', 'CNY', 'CAD', 'CIO', 'POS', 'Web', 'Cookie', 'QR', 'Code', 'ID', 'PC', 'IT', 'OS', 'Idempotency-Key',
  'TOTP', 'PDF', 'Wi-Fi', 'FPS', 'fps', 'GPU', 'CPU', 'RAM', 'SSD', 'GB', 'TB', 'MB', 'KB', 'Hz', 'K', 'P', 'HD', 'VPN', 'IP',
]);

const SAME_AS_ENGLISH: Record<'es' | 'fr', Set<string>> = {
  es: new Set(['Apple silicon', 'Plan', 'Total', 'Legal', 'Hardware', 'Cookies', 'Streamer', 'Ultra HD']),
  fr: new Set(['Apple silicon', 'Standard', 'Ultra HD', 'Commission', 'Promotion', 'Version', 'Version {version}', 'Total', 'Notifications', 'Contact', 'Message', 'Configuration', 'Code', 'Page {page}', 'Cookies', 'Version {version} · {chip} · {size}']),
};

describe('no English left in other languages (issue 20, item 9)', () => {
  it('ICU syntax is not taken for words', () => {
    expect(visibleWords('{count, plural, one {# device} other {# devices}} on {name}')).toEqual(['device', 'devices', 'on']);
    expect(visibleWords('<b>{price}</b> 元')).toEqual([]);
  });

  it.each(['ja', 'ko', 'zh-CN', 'zh-tw'])('%s: every Latin-script word is a name, unit or code', (locale) => {
    const stray = [...messagesOf(locale)].flatMap(([key, value]) =>
      visibleWords(value).filter((word) => !LATIN_NAMES.has(word)).map((word) => `${key}: ${word}`),
    );
    expect(stray).toEqual([]);
  });

  it.each(['es', 'fr'] as const)('%s: a message equal to English is a name or a cognate', (locale) => {
    const english = messagesOf('en');
    const same = [...messagesOf(locale)]
      .filter(([key, value]) => english.get(key) === value && visibleWords(value).some((word) => word.length > 2 && !LATIN_NAMES.has(word)))
      .filter(([, value]) => !SAME_AS_ENGLISH[locale].has(value))
      .map(([key, value]) => `${key}: ${value}`);
    expect(same).toEqual([]);
  });

  it.each(['en', 'es', 'fr', 'ja', 'ko', 'zh-CN', 'zh-tw'])('%s: the renminbi code is CNY, never RMB', (locale) => {
    const rmb = [...messagesOf(locale)].filter(([, value]) => /\bRMB\b/.test(value)).map(([key]) => key);
    expect(rmb).toEqual([]);
  });

  it('the seeded releases’ minimum systems are names and numbers only: every language shows them unchanged', () => {
    const seed = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../content/seed/releases.json'), 'utf8')) as { platforms: Record<string, { minOs: string }> };
    const minOs = Object.values(seed.platforms).map((platform) => platform.minOs);
    expect(minOs.length).toBeGreaterThanOrEqual(6);
    const words = minOs.flatMap((text) => visibleWords(text).filter((word) => !LATIN_NAMES.has(word) && !/^(Big|Sur|\d.*)$/.test(word)).map((word) => `${text}: ${word}`));
    expect(words).toEqual([]);
  });
});

describe('one name for one thing (issue 20, item 11)', () => {
  it('ko: the code sent by text or email is 인증번호 everywhere, as the text and the email say it; 인증 코드 is the authenticator app’s', () => {
    const authenticatorApp = /^(account-security\.json:SecondStep\.|contracts:errors\.(totp|staff))/;
    const mixed = [...messagesOf('ko')].filter(([key, value]) => value.includes('인증 코드') && !authenticatorApp.test(key)).map(([key]) => key);
    expect(mixed).toEqual([]);
    expect(messagesOf('ko').get('account.json:LoginForm.codeTab')).toBe('인증번호');
  });
});
