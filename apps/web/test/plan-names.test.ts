import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One name per plan and one word for what is bought, in every language (ADR 0035).
// - The paid plan has one name per locale: the catalogue's (content/seed/pricing.json, which the
//   pricing page, the order page and its success messages show) is the header's
//   (AccountStatus.planPro) and the account overview's (accountOverview.plans.PRO).
// - What is bought is a one-time payment, never a subscription: no message calls it one, except
//   the order page's sentence that says it is not (Order.noAutoCharge), which must.

const root = path.resolve(import.meta.dirname, '../../..');
const webDir = path.join(root, 'apps/web/messages');
const LOCALES = ['zh-CN', 'zh-tw', 'en', 'es', 'fr', 'ja', 'ko'] as const;

/** The words for a subscription (and a subscriber) in each language. */
const SUBSCRIPTION: Record<(typeof LOCALES)[number], RegExp> = {
  'zh-CN': /订阅|订户/u,
  'zh-tw': /訂閱|訂戶/u,
  en: /subscri/iu,
  es: /suscri/iu,
  fr: /abonn|souscri/iu,
  ja: /サブスク|定期購読|購読|定期課金/u,
  ko: /구독/u,
};

/** The one name of the paid plan in each locale. */
const PRO_NAME: Record<(typeof LOCALES)[number], string> = {
  'zh-CN': '专业版',
  'zh-tw': '專業版',
  en: 'Pro',
  es: 'Pro',
  fr: 'Pro',
  ja: 'Pro',
  ko: 'Pro',
};

type Tree = { [key: string]: string | Tree | Tree[] };

function flatten(tree: unknown, prefix: string, out: Map<string, string>): Map<string, string> {
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (Array.isArray(tree)) tree.forEach((value, index) => flatten(value, `${prefix}[${index}]`, out));
  else if (tree && typeof tree === 'object')
    for (const [key, value] of Object.entries(tree)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  return out;
}

function readJson(file: string): Tree {
  return JSON.parse(readFileSync(file, 'utf8')) as Tree;
}

/** Every site message of a locale, the contracts' texts and the catalogue's texts in it, keyed `file:key`. */
function textsOf(locale: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(path.join(webDir, locale)).filter((name) => name.endsWith('.json'))) {
    for (const [key, value] of flatten(readJson(path.join(webDir, locale, file)), '', new Map())) out.set(`${file}:${key}`, value);
  }
  for (const [key, value] of flatten(readJson(path.join(root, 'packages/contracts/messages', `${locale}.json`)), '', new Map()))
    out.set(`contracts:${key}`, value);
  // the catalogue: every text under a key named after the locale
  for (const [key, value] of flatten(readJson(path.join(root, 'content/seed/pricing.json')), '', new Map())) {
    if (key.split('.').includes(locale)) out.set(`pricing.json:${key}`, value);
  }
  return out;
}

const seed = readJson(path.join(root, 'content/seed/pricing.json')) as unknown as {
  plans: Array<{ code: string; translations: Record<string, { name: string }> }>;
};

describe.each(LOCALES)('%s: one plan name, one word for what is bought', (locale) => {
  const texts = textsOf(locale);

  it('names the paid plan the same in the catalogue, the header and the account', () => {
    const pro = seed.plans.find((plan) => plan.code === 'PRO');
    expect({
      catalogue: pro?.translations[locale]?.name,
      header: texts.get('account.json:AccountStatus.planPro'),
      account: texts.get('account-home.json:accountOverview.plans.PRO'),
    }).toEqual({ catalogue: PRO_NAME[locale], header: PRO_NAME[locale], account: PRO_NAME[locale] });
  });

  it('never calls the purchase a subscription, except to say it is not one', () => {
    const negation = texts.get('commerce.json:Order.noAutoCharge') ?? '';
    expect(negation).toMatch(SUBSCRIPTION[locale]);
    const stray = [...texts]
      .filter(([key, value]) => key !== 'commerce.json:Order.noAutoCharge' && SUBSCRIPTION[locale].test(value))
      .map(([key, value]) => `${key}: ${value}`);
    expect(stray).toEqual([]);
  });
});
