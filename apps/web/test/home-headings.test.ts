import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_LOCALES } from './support/language-rules';

// The ja home page had two near-identical headings ("1 つのアカウントで全
// プラットフォーム" over the platform list, "ひとつのアカウントで全プラットフォーム" on a feature
// card), and so had every other language. Every heading of the home page (h1, h2 and the feature
// cards' h3) says something of its own: no two share most of their character pairs.

const webDir = path.resolve(import.meta.dirname, '../messages');

interface THome {
  heading: string;
  figuresHeading: string;
  featuresHeading: string;
  platformsHeading: string;
  wall: { heading: string };
  play: { heading: string };
  comments: { heading: string };
  features: Record<string, { title: string }>;
}

function headings(locale: string): Map<string, string> {
  const home = (JSON.parse(readFileSync(path.join(webDir, locale, 'pages.json'), 'utf8')) as { HomePage: THome }).HomePage;
  const out = new Map<string, string>([
    ['heading', home.heading],
    ['wall.heading', home.wall.heading],
    ['play.heading', home.play.heading],
    ['figuresHeading', home.figuresHeading],
    ['featuresHeading', home.featuresHeading],
    ['platformsHeading', home.platformsHeading],
    ['comments.heading', home.comments.heading],
  ]);
  for (const [key, value] of Object.entries(home.features)) out.set(`features.${key}.title`, value.title);
  return out;
}

/** Character pairs of a heading, without case, spaces or punctuation (so "1 つ" and "ひとつ" compare). */
function pairs(text: string): string[] {
  const letters = [...text.toLowerCase().replace(/[\s\p{P}\p{S}]/gu, '')];
  return letters.slice(1).map((letter, index) => `${letters[index]}${letter}`);
}

/** Dice coefficient of two headings' character pairs: 1 for the same words, 0 for nothing shared. */
function similarity(a: string, b: string): number {
  const left = pairs(a);
  const right = pairs(b);
  if (left.length === 0 || right.length === 0) return 0;
  const pool = [...right];
  let shared = 0;
  for (const pair of left) {
    const at = pool.indexOf(pair);
    if (at >= 0) {
      shared += 1;
      pool.splice(at, 1);
    }
  }
  return (2 * shared) / (left.length + right.length);
}

describe('home page headings', () => {
  it('measures the two headings found on the ja home page as near-identical', () => {
    expect(similarity('1 つのアカウントで全プラットフォーム', 'ひとつのアカウントで全プラットフォーム')).toBeGreaterThan(0.6);
    expect(similarity('One account on every platform', 'One account on every platform')).toBe(1);
  });

  for (const locale of ALL_LOCALES) {
    it(`${locale}: no two headings are near-identical`, () => {
      const list = [...headings(locale)];
      const twins: string[] = [];
      for (const [index, [key, text]] of list.entries()) {
        for (const [otherKey, other] of list.slice(index + 1)) {
          if (similarity(text, other) > 0.6) twins.push(`${key} "${text}" ≈ ${otherKey} "${other}"`);
        }
      }
      expect(twins).toEqual([]);
    });
  }
});
