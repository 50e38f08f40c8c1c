import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

// No English left in another language's messages (ADR 0020). Two rules, each with an
// allow-list of what is written the same everywhere (product and platform names, units, codes):
// - Chinese, Japanese and Korean messages contain no Latin-script word outside LATIN_NAMES;
// - a Spanish or French message identical to its English one contains only words that language
//   writes the same way (SAME_AS_ENGLISH: names and true cognates such as "Total", "Version").
// And one form of the renminbi per language, formatFen's (never "RMB"), and full-width colons after
// Chinese and Japanese text. The rules are shared with the guide and news check
// (content-language.test.ts) in ./support/language-rules.ts.

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
    for (const [key, value] of flatten(JSON.parse(readFileSync(path.join(webDir, locale, file), 'utf8')) as Tree))
      out.set(`${file}:${key}`, value);
  }
  for (const [key, value] of flatten(JSON.parse(readFileSync(path.join(contractsDir, `${locale}.json`), 'utf8')) as Tree))
    out.set(`contracts:${key}`, value);
  return out;
}

const SAME_AS_ENGLISH: Record<'es' | 'fr', Set<string>> = {
  es: new Set(['Apple silicon', 'Plan', 'Total', 'Legal', 'Hardware', 'Cookies', 'Streamer', 'Ultra HD']),
  fr: new Set([
    'Apple silicon',
    'Standard',
    'Ultra HD',
    'Commission',
    'Promotion',
    'Version',
    'Version {version}',
    'Total',
    'Notifications',
    'Contact',
    'Message',
    'Configuration',
    'Code',
    'Page {page}',
    'Cookies',
    'Version {version} · {chip} · {size}',
  ]),
};

describe('no English left in other languages', () => {
  it('ICU syntax is not taken for words', () => {
    expect(visibleWords('{count, plural, one {# device} other {# devices}} on {name}')).toEqual(['device', 'devices', 'on']);
    expect(visibleWords('<b>{price}</b> 元')).toEqual([]);
    expect(visibleWords('简体中文、English、Español、Français、Wi\u2011Fi')).toEqual(['English', 'Español', 'Français', 'Wi-Fi']);
  });

  it('the currency rule takes each language’s form from formatFen', () => {
    expect(currencyFaults('en', 'CN¥268 a year, CN¥22.33 a month')).toEqual([]);
    expect(currencyFaults('en', 'Prices are in RMB: ¥268, or 268 CNY')).toEqual(['RMB', '¥268', '268 CNY']);
    expect(currencyFaults('zh-CN', '¥268，月均 ¥22.33')).toEqual([]);
    expect(currencyFaults('zh-CN', '268元，CN¥268')).toEqual(['CN¥268', '268元', 'CN¥']);
    expect(currencyFaults('zh-tw', 'CN¥268，位元率 8–128 Mbps')).toEqual([]);
    expect(currencyFaults('zh-tw', '¥268')).toEqual(['¥268']);
    expect(currencyFaults('ja', '268元、-188元、人民元（CNY）')).toEqual([]);
    expect(currencyFaults('ja', '元 268、¥268、CN¥268')).toEqual(['元 268', '¥268', 'CN¥268', 'CN¥']);
    expect(currencyFaults('ko', '268위안, 위안화(CNY)')).toEqual([]);
    expect(currencyFaults('ko', '268元')).toEqual(['268元']);
    expect(currencyFaults('fr', '268\u00a0CNY, 22,33 CNY, yuans chinois (CNY)')).toEqual([]);
    expect(currencyFaults('es', 'CNY 268, 268 위안')).toEqual(['CNY 268', '268 위안', '위안']);
    expect(currencyFaults('zh-CN', '¥{price}')).toEqual(['¥{price}']);
  });

  it('the colon rule finds ASCII colons after Chinese or Japanese text only', () => {
    expect(asciiColonFaults('套餐：Pro，每天 9:00–21:00，4:4:4，{{discount:MEMBER_YEAR}}，官网https://llk.example/a')).toEqual([]);
    expect(asciiColonFaults('套餐: Pro')).toEqual(['套餐: Pro']);
    expect(asciiColonFaults('- **公式サイト**: QR')).toEqual(['- **公式サイト**: QR']);
  });

  it.each(CJK_LOCALES)('%s: every Latin-script word is a name, unit or code', (locale) => {
    const stray = [...messagesOf(locale)].flatMap(([key, value]) =>
      visibleWords(value)
        .filter((word) => !LATIN_NAMES.has(word))
        .map((word) => `${key}: ${word}`),
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

  it.each(ALL_LOCALES)('%s: the renminbi in the language’s one form (formatFen’s), never RMB', (locale) => {
    const mixed = [...messagesOf(locale)].flatMap(([key, value]) => currencyFaults(locale, value).map((fault) => `${key}: ${fault}`));
    expect(mixed).toEqual([]);
  });

  it.each(['zh-CN', 'zh-tw', 'ja'] as const)('%s: a colon after Chinese or Japanese text is full-width', (locale) => {
    const ascii = [...messagesOf(locale)].flatMap(([key, value]) => asciiColonFaults(value).map((fault) => `${key}: ${fault}`));
    expect(ascii).toEqual([]);
  });

  it('the French typography rule: no-break spaces before : ; ! ? and %, inside « », ordinals 1ᵉʳ', () => {
    expect(
      frenchTypographyFaults(
        'Valable jusqu’au 1ᵉʳ\u00a0mars\u00a0: notre meilleur prix\u202f! −30\u202f%, «\u00a0Pro\u00a0», 9:00, https://llk.example/?q=a%20b, {{discount:MEMBER_YEAR}}\u202f?',
      ),
    ).toEqual([]);
    expect(frenchTypographyFaults('Offre : notre meilleur prix')).toEqual(['colon: Offre : notre meill']);
    expect(frenchTypographyFaults('−30 %').length).toBe(1);
    expect(frenchTypographyFaults('−30%').length).toBe(1);
    expect(frenchTypographyFaults('Prêt ? Oui!').length).toBe(2);
    expect(frenchTypographyFaults('Note\u202f: x').length).toBe(1);
    expect(frenchTypographyFaults('« Pro »').length).toBe(2);
    expect(frenchTypographyFaults('le 1er mars, la 2e fois, le 3ème jour, la 1re').length).toBe(4);
  });

  it('fr: French typography in every message', () => {
    const faults = [...messagesOf('fr')].flatMap(([key, value]) => frenchTypographyFaults(value).map((fault) => `${key}: ${fault}`));
    expect(faults).toEqual([]);
  });

  it('the Korean particle rule finds "(이)", "이(가)", "을(를)", "(으)로" and not the particle of a fixed word', () => {
    expect(koreanParticleFaults('{plan}이(가) 활성화되었습니다')).toEqual(['{plan}이(가) 활성화되었']);
    expect(koreanParticleFaults('{name}을(를) 해지할까요? {email}(으)로 답변 은(는) 과(와) (이)나')).toHaveLength(5);
    expect(koreanParticleFaults('멤버십이 활성화되었습니다. {email} 주소로 답변, 한도({limit})를 넘습니다, 기기(PC)를')).toEqual([]);
  });

  it('ko: no message writes a particle both ways, 이(가) or (으)로', () => {
    const faults = [...messagesOf('ko')].flatMap(([key, value]) => koreanParticleFaults(value).map((fault) => `${key}: ${fault}`));
    expect(faults).toEqual([]);
  });

  it('the seeded releases’ minimum systems are names and numbers only: every language shows them unchanged', () => {
    const seed = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../content/seed/releases.json'), 'utf8')) as {
      platforms: Record<string, { minOs: string }>;
    };
    const minOs = Object.values(seed.platforms).map((platform) => platform.minOs);
    expect(minOs.length).toBeGreaterThanOrEqual(6);
    const words = minOs.flatMap((text) =>
      visibleWords(text)
        .filter((word) => !LATIN_NAMES.has(word) && !/^(Big|Sur|\d.*)$/.test(word))
        .map((word) => `${text}: ${word}`),
    );
    expect(words).toEqual([]);
  });
});

describe('one name for one thing', () => {
  it('ko: the code sent by text or email is 인증번호 everywhere, as the text and the email say it; 인증 코드 is the authenticator app’s', () => {
    const authenticatorApp = /^(account-security\.json:SecondStep\.|contracts:errors\.(totp|staff))/;
    const mixed = [...messagesOf('ko')]
      .filter(([key, value]) => value.includes('인증 코드') && !authenticatorApp.test(key))
      .map(([key]) => key);
    expect(mixed).toEqual([]);
    expect(messagesOf('ko').get('account.json:LoginForm.codeTab')).toBe('인증번호');
  });
});
