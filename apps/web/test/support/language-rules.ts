import { formatFen } from '@llk/contracts/money';
import { localeEntries, type TLocale } from '@llk/contracts/locales';

// The language rules of ADR 0020, shared by the message check (messages-language.test.ts)
// and the content check (content-language.test.ts): which Latin-script words another language may
// keep, how the renminbi is written in each language, and where Chinese and Japanese need a
// full-width colon.

/** The words a reader sees: ICU arguments, plural/select syntax and rich-text tags removed. */
export function visibleWords(message: string): string[] {
  let text = message.replace(/<\/?[A-Za-z][\w-]*>/g, ' ');
  // {{discount:SKU}}: the content syntax a message names for editors, never shown as words
  text = text.replace(/\{\{[^{}]*\}\}/g, ' ');
  // {name} and {count, plural, one {…} other {…}}: keep the branches' text, drop the syntax.
  text = text.replace(/\{\s*[A-Za-z0-9_]+\s*,\s*(?:plural|select|selectordinal)\s*,/g, '{');
  text = text.replace(/(?:=\d+|\b(?:zero|one|two|few|many|other))\s*\{/g, '{');
  text = text.replace(/\{\s*[A-Za-z0-9_]+\s*(?:,\s*[A-Za-z]+\s*(?:,\s*[^{}]*)?)?\}/g, ' ');
  // Words in any Latin letters ("Français" is one word, not "Fran" and "ais"), joined by
  // apostrophes, dots and hyphens (the non-breaking U+2011 of "Wi‑Fi" too). Single capitals
  // ("I, L and O are not used", "D drive") are letters, not words.
  const words = text.match(/\p{Script=Latin}+(?:['’]\p{Script=Latin}+)*(?:[-.\u2010\u2011]\p{Script=Latin}+)*/gu) ?? [];
  return words.map((word) => word.replace(/[\u2010\u2011]/g, '-')).filter((word) => !/^[A-Z]$/.test(word));
}

/** Latin-script words that Chinese, Japanese and Korean text writes as they are. */
export const LATIN_NAMES = new Set([
  // the product, its company and its file names
  'LLK',
  'Remote',
  'Technology',
  'Co',
  'Ltd',
  'llk-remote-backup-codes.txt',
  'llk-lang',
  // platforms, devices, stores, browsers, hardware
  'Android',
  'Linux',
  'Windows',
  'macOS',
  'iOS',
  'iPadOS',
  'iPhone',
  'iPad',
  'Mac',
  'Apple',
  'Intel',
  'AMD',
  'ARM',
  'NVIDIA',
  'RTX',
  'EPYC',
  'NVMe',
  'Google',
  'Play',
  'App',
  'Store',
  'Microsoft',
  'Authenticator',
  'Password',
  'Chrome',
  'Edge',
  'Safari',
  'Firefox',
  'JavaScript',
  'Bluetooth',
  'Ubuntu',
  'Debian',
  'Fedora',
  'glibc',
  'x',
  // payment services and the plan's name
  'Alipay',
  'WeChat',
  'Pay',
  'Pro',
  'Stripe',
  // units, standards and codes
  'Mbps',
  'YCbCr',
  'SHA',
  'API',
  'HTTPS',
  'URL',
  'CSV',
  'SMS',
  'UTC',
  'CNY',
  'CAD',
  'CIO',
  'POS',
  'Web',
  'Cookie',
  'QR',
  'Code',
  'ID',
  'PC',
  'IT',
  'OS',
  'Idempotency-Key',
  'TOTP',
  'PDF',
  'VAT',
  'Wi-Fi',
  'FPS',
  'fps',
  'GPU',
  'CPU',
  'RAM',
  'SSD',
  'GB',
  'TB',
  'MB',
  'KB',
  'Hz',
  'K',
  'P',
  'HD',
  'VPN',
  'IP',
  // what the security page names: argon2id reads as "argon" and "id" around its digit
  'TLS',
  'HSTS',
  'HttpOnly',
  'argon',
  'id',
  'MiB',
  'AES',
  'GCM',
  'PIN',
  // a key as its keycap prints it (the screen-wall grid: "press Enter to put it down")
  'Enter',
]);

export const CJK_LOCALES = ['ja', 'ko', 'zh-CN', 'zh-tw'] as const satisfies readonly TLocale[];
export const ALL_LOCALES = ['zh-CN', 'zh-tw', 'en', 'es', 'fr', 'ja', 'ko'] as const satisfies readonly TLocale[];

// ---------------------------------------------------------------------------------------------
// One form of the renminbi per language, read from formatFen (packages/contracts/src/money.ts)
// so the check and the site cannot disagree: ¥268 in zh-CN, CN¥268 in en and zh-TW, 268 CNY in
// es and fr, 268元 in ja, 268위안 in ko.

/** Every way of marking the renminbi that some language uses (CN¥ before ¥: the longer first). */
const MARKS = ['CN¥', '¥', '￥', '元', '위안', 'CNY'] as const;

/** A number as a price writes it: digits with group and decimal separators ("1,268.50", "22,33"). */
const NUMBER = String.raw`\d+(?:[.,\u00a0\u202f]\d+)*`;
const GAP = String.raw`[ \u00a0\u202f]?`;

/** formatFen's form in a locale: what stands before the number and what after it. */
export function currencyForm(locale: TLocale): { before: string; after: string } {
  const sample = formatFen(26800, localeEntries[locale].iso);
  const at = sample.indexOf('268');
  return { before: sample.slice(0, at).trim(), after: sample.slice(at + 3).trim() };
}

/**
 * The places where a text writes the renminbi in another form than its language's: "RMB"
 * anywhere (the code is CNY); a mark beside a number that is not the locale's own, on the
 * locale's side ("元 268" in Japanese, "CNY 268" in French, "¥268" in English); a mark beside an
 * ICU argument (amounts reach messages already formatted, so "¥{price}" would show it twice);
 * and the marks no other language writes at all: "CN¥" outside the languages whose form it is,
 * "위안" outside Korean.
 */
export function currencyFaults(locale: TLocale, text: string): string[] {
  const form = currencyForm(locale);
  const faults: string[] = [];
  for (const match of text.matchAll(/\bRMB\b/g)) faults.push(match[0]);
  const marks = MARKS.join('|');
  // a mark and the number after it; "¥" not preceded by "CN" so "CN¥268" is read once, as CN¥
  for (const match of text.matchAll(new RegExp(String.raw`(?<!CN)(${marks})${GAP}(${NUMBER})`, 'gu'))) {
    if (match[1] !== form.before) faults.push(match[0]);
  }
  // a number and the mark after it
  for (const match of text.matchAll(new RegExp(String.raw`(${NUMBER})${GAP}(${marks})`, 'gu'))) {
    if (match[2] !== form.after) faults.push(match[0]);
  }
  for (const match of text.matchAll(
    new RegExp(String.raw`(?<!CN)(?:${marks})${GAP}\{[A-Za-z0-9_]+\}|\{[A-Za-z0-9_]+\}${GAP}(?:${marks})`, 'gu'),
  )) {
    faults.push(match[0]);
  }
  if (form.before !== 'CN¥') for (const match of text.matchAll(/CN¥/g)) faults.push(match[0]);
  if (form.after !== '위안') for (const match of text.matchAll(/위안/g)) faults.push(match[0]);
  return [...new Set(faults)];
}

// ---------------------------------------------------------------------------------------------
// Chinese and Japanese write the full-width colon "：" after their own text ("套餐：Pro");
// an ASCII ":" there is a typo (Korean writes ": " with a space, like English, so it is not
// checked). Times ("9:00"), ratios ("4:4:4"), URLs and the {{discount:SKU}} token have a Latin
// letter or a digit before their colon, so they never match; the one thing removed first is an
// address whose scheme follows CJK text directly ("官网https://…" is not a colon after 网).

const CJK_BEFORE_COLON = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〆、。「」『』（）【】〕][*_]*:/gu;

/** The ASCII colons written directly after Chinese or Japanese text (Markdown emphasis between allowed). */
export function asciiColonFaults(text: string): string[] {
  const cleaned = text.replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ');
  return [...cleaned.matchAll(CJK_BEFORE_COLON)].map((match) => {
    const at = match.index ?? 0;
    return cleaned.slice(Math.max(0, at - 8), at + match[0].length + 8);
  });
}

// ---------------------------------------------------------------------------------------------
// French typography, the convention of the Imprimerie nationale's Lexique as
// screens render it: a no-break space (U+00A0) before ":" and inside « »; a narrow no-break
// space (U+202F) before ; ! ? and before % (as Intl.NumberFormat('fr') writes "30 %"); ordinals
// with superscript letters, 1ᵉʳ, 1ʳᵉ, 2ᵉ (never "1er", "2e", "2ème"). So a colon never starts a
// line (": notre meilleur prix") and "%" never leaves its number ("−30 / %"). Times ("9:00"),
// addresses ("https://", "?q="), URL escapes ("%20") and {{discount:SKU}} have no space or end
// after the sign, so they are not read.

export const FRENCH_SPACES = { colon: '\u00a0', highPunctuation: '\u202f', percent: '\u202f', guillemets: '\u00a0' } as const;

const FRENCH_RULES: { name: string; pattern: RegExp }[] = [
  // the sign followed by a space, a closing mark, emphasis or the end, preceded by anything but its space
  { name: 'colon', pattern: /(?<!\u00a0):(?=[\s*_»)"”']|$)/gu },
  { name: 'high punctuation', pattern: /(?<![\u202f!?])[;!?](?=[\s*_»)"”'!?]|$)/gu },
  { name: 'percent', pattern: /(?<=[\p{N}}\s\u00a0])(?<!\u202f)%(?![0-9A-Fa-f]{2})/gu },
  { name: 'guillemet', pattern: /«(?!\u00a0)|(?<!\u00a0)»/gu },
  { name: 'ordinal', pattern: /(?<![\p{L}\p{N}.,])\d+(?:er|re|ère|e|ème|eme|è)(?![\p{L}\p{N}])/gu },
];

/** The places where French text breaks its typography: each with the rule and a few characters around it. */
export function frenchTypographyFaults(text: string): string[] {
  const faults: string[] = [];
  for (const rule of FRENCH_RULES) {
    for (const match of text.matchAll(rule.pattern)) {
      const at = match.index ?? 0;
      faults.push(`${rule.name}: ${text.slice(Math.max(0, at - 12), at + match[0].length + 12).replace(/\n/g, '⏎')}`);
    }
  }
  return faults;
}

// ---------------------------------------------------------------------------------------------
// Korean particles: a particle follows the final consonant of the word before
// it (멤버십이, 프로가; 기기를, 계정을; 주소로, 번호로, 메일로, 계정으로). A message whose word comes from
// an argument never writes both forms ("{name}을(를)", "이(가)", "(으)로"): the sentence is worded so
// that a fixed word carries the particle ("{name} 기기를", "{email} 주소로", "한도({limit})를").

const KO_BOTH_PARTICLES = /\((?:이|으|을|를|은|는|과|와|가|아|야|이라|이나)\)|[이가을를은는과와](?:\([이가을를은는과와]\))/gu;

/** The particles a Korean text writes in both forms. */
export function koreanParticleFaults(text: string): string[] {
  return [...text.matchAll(KO_BOTH_PARTICLES)].map((match) => {
    const at = match.index ?? 0;
    return text.slice(Math.max(0, at - 10), at + match[0].length + 6);
  });
}
