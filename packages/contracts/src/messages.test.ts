import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode, errorCodeNames, errorInfo, errorNameOf } from './errors';
import { locales, type TLocale } from './locales';
import { getContractMessages, interpolate, translate } from './messages';
import { V } from './validation';

const messagesDir = fileURLToPath(new URL('../messages/', import.meta.url));

/** Every message file as parsed from disk, so a file the catalogue forgets to import is caught too. */
function readMessages(locale: string): unknown {
  return JSON.parse(readFileSync(`${messagesDir}${locale}.json`, 'utf8')) as unknown;
}

/** 'ns.key' → text for every leaf; a non-string leaf is reported as such so it fails below. */
function flatten(node: unknown, prefix = ''): Record<string, unknown> {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return { [prefix]: node };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) Object.assign(out, flatten(value, prefix ? `${prefix}.${key}` : key));
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();
}

const english = flatten(readMessages('en')) as Record<string, string>;
const others = locales.filter((locale) => locale !== 'en');

describe('message files', () => {
  it('exist for exactly the seven locales', () => {
    const files = readdirSync(messagesDir).filter((name) => name.endsWith('.json'));
    expect(files.sort()).toEqual(locales.map((locale) => `${locale}.json`).sort());
  });

  it('are what the catalogue serves', () => {
    for (const locale of locales) expect(getContractMessages(locale)).toEqual(readMessages(locale));
  });

  it.each(locales)('%s has exactly the keys of en.json, each a non-empty string', (locale) => {
    const flat = flatten(readMessages(locale));
    const keys = Object.keys(flat).sort();
    const expected = Object.keys(english).sort();
    expect(
      keys.filter((key) => !expected.includes(key)),
      'extra keys',
    ).toEqual([]);
    expect(
      expected.filter((key) => !keys.includes(key)),
      'missing keys',
    ).toEqual([]);
    for (const [key, value] of Object.entries(flat)) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it.each(others)('%s keeps the placeholders of every English text', (locale) => {
    const flat = flatten(readMessages(locale)) as Record<string, string>;
    for (const [key, text] of Object.entries(english)) {
      expect(placeholders(flat[key] ?? ''), key).toEqual(placeholders(text));
    }
  });

  it.each(others)('%s translates every English sentence longer than three words', (locale) => {
    const flat = flatten(readMessages(locale)) as Record<string, string>;
    const untranslated = Object.entries(english)
      .filter(([, text]) => text.trim().split(/\s+/).length > 3)
      .filter(([key, text]) => flat[key] === text)
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it('writes zh-CN in Simplified and zh-tw in Traditional characters', () => {
    // Characters that exist in only one script, common in account and error texts.
    const simplifiedOnly = /[号录码户这发网络错误请输设账说验证过时间务从为无资权访问认对]/u;
    const traditionalOnly = /[號錄碼戶這發網絡錯誤請輸設帳說驗證過時間務從為無資權訪問認對]/u;
    for (const [key, text] of Object.entries(flatten(readMessages('zh-tw')))) {
      expect(simplifiedOnly.test(text as string), `zh-tw ${key}: ${String(text)}`).toBe(false);
    }
    for (const [key, text] of Object.entries(flatten(readMessages('zh-CN')))) {
      expect(traditionalOnly.test(text as string), `zh-CN ${key}: ${String(text)}`).toBe(false);
    }
  });

  it('uses Taiwan wording in zh-tw, not converted mainland terms', () => {
    const zhTW = getContractMessages('zh-tw');
    expect(zhTW.errors.invalidCredentials).toContain('帳號');
    expect(zhTW.success.loginSucceeded).toContain('登入');
    expect(zhTW.errors.codeInvalid).toContain('驗證碼');
    expect(zhTW.validation.emailRequired).toContain('電子郵件');
    const all = Object.values(flatten(readMessages('zh-tw'))).join('\n');
    for (const mainland of ['登錄', '帳戶名', '信息', '郵箱', '網絡', '獲取']) expect(all).not.toContain(mainland);
  });
});

describe('English texts the spec requires', () => {
  it('keeps the fallback texts as given', () => {
    const { errors } = getContractMessages('en');
    expect(errors.notFound).toBe('The server resource does not exist');
    expect(errors.internal).toBe('Server internal error');
    expect(errors.forbidden).toBe('No permission to access the resource');
    expect(errors.unknown).toBe('Unknown error!');
  });

  it('keeps the user-facing account messages as given', () => {
    const { errors } = getContractMessages('en');
    expect(errors.phoneOrEmailNotRegistered).toBe('Phone/email not registered—try another or create a new account');
    expect(errors.usernameTaken).toBe('Username taken—please try another.');
    expect(errors.phoneRegistered).toBe('Phone already registered—please Log in.');
    expect(errors.accountNotRegistered).toBe('Username/phone/email not registered');
    expect(errors.emailNotRegistered).toBe('Email not registered');
  });

  it('names the target in the code-sent message', () => {
    expect(translate('en', 'success.codeSent', { target: '138****8000' })).toBe('Code sent to 138****8000');
  });
});

describe('error codes', () => {
  it('are unique numbers that map back to their names', () => {
    const codes = errorCodeNames.map((name) => ErrorCode[name]);
    expect(new Set(codes).size).toBe(codes.length);
    for (const name of errorCodeNames) {
      expect(Number.isInteger(ErrorCode[name]), name).toBe(true);
      expect(errorNameOf(ErrorCode[name])).toBe(name);
      expect(errorInfo(name).code).toBe(ErrorCode[name]);
    }
    expect(errorNameOf(123_456)).toBeUndefined();
  });

  it('carry an HTTP status and unique message keys', () => {
    const keys = errorCodeNames.map((name) => errorInfo(name).key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const name of errorCodeNames) {
      const { status } = errorInfo(name);
      expect(status >= 200 && status <= 599, `${name} ${status}`).toBe(true);
    }
    expect(errorInfo('SESSION_EXPIRED').status).toBe(401);
    expect(errorInfo('OK').status).toBe(200);
  });

  it.each(locales)('each has an errors.<key> text in %s', (locale) => {
    const flat = flatten(readMessages(locale)) as Record<string, string>;
    for (const name of errorCodeNames) {
      const key = `errors.${errorInfo(name).key}`;
      expect(flat[key], `${locale} ${key}`).toBeTruthy();
    }
  });
});

describe('a number interpolated into an error', () => {
  // The free plan allows 1 simultaneous session: a message that puts {limit} before a plural
  // noun read "1 sessions" (fr, en, es); these messages carry no plural forms, so none may.
  it.each(['en', 'es', 'fr'] as const)('names the session limit of 1 without a plural noun in %s', (locale) => {
    const text = interpolate(getContractMessages(locale).errors.connectSessionLimit, { limit: 1 });
    expect(text).toContain('1');
    expect(text).not.toMatch(/\b1 (simultaneous )?(sessions|sesiones)\b/);
  });
});

describe('validation keys', () => {
  it.each(locales)('each V key has text in %s', (locale) => {
    const flat = flatten(readMessages(locale)) as Record<string, string>;
    for (const key of Object.values(V)) expect(flat[key], `${locale} ${key}`).toBeTruthy();
  });
});

describe('translate', () => {
  const zhCN = getContractMessages('zh-CN');
  const removed = zhCN.errors.usernameTaken;

  afterEach(() => {
    zhCN.errors.usernameTaken = removed;
  });

  it('returns the text of the locale', () => {
    expect(translate('zh-CN', 'errors.usernameTaken')).toBe('用户名已被占用，请换一个试试');
    expect(translate('ja', V.passwordMismatch)).toBe('パスワードが一致しません');
    expect(translate('zh-tw', 'success.loginSucceeded')).toBe('登入成功');
  });

  it.each(locales)('interpolates {target} in %s', (locale: TLocale) => {
    const text = translate(locale, 'success.codeSent', { target: 'a@b.cn' });
    expect(text).toContain('a@b.cn');
    expect(text).not.toContain('{target}');
  });

  it('falls back to English when the locale lacks the key', () => {
    delete (zhCN.errors as Partial<typeof zhCN.errors>).usernameTaken;
    expect(translate('zh-CN', 'errors.usernameTaken')).toBe('Username taken—please try another.');
  });

  it('falls back to the key when no locale has it', () => {
    expect(translate('fr', 'errors.noSuchKey')).toBe('errors.noSuchKey');
    expect(translate('fr', 'errors')).toBe('errors');
    expect(translate('fr', 'errors.constructor')).toBe('errors.constructor');
    expect(translate('fr', '__proto__.x')).toBe('__proto__.x');
  });

  it('leaves placeholders without a value and ignores extra params', () => {
    expect(interpolate('Hi {name}, {other}', { name: 'Li', unused: 1 })).toBe('Hi Li, {other}');
    expect(interpolate('{n} left', { n: 0 })).toBe('0 left');
    expect(interpolate('Hi {name}')).toBe('Hi {name}');
  });
});
