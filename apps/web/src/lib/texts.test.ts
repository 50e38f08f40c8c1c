import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { translator } from './texts';

const texts = {
  price: 'Price {amount}',
  term: { MONTH: '1 month', YEAR: '1 year' },
  walls: '{count, plural, one {# screen wall} other {# screen walls}}',
  agreement: 'By selecting Pay Now you agree to the <link>Membership Agreement</link>.',
};

describe('translator', () => {
  it('reads nested keys and fills placeholders', () => {
    const t = translator(texts, 'en');
    expect(t('price', { amount: '¥268' })).toBe('Price ¥268');
    expect(t('term.YEAR')).toBe('1 year');
    expect(t('term.WEEK')).toBe('term.WEEK');
  });

  it('picks the plural form of the language', () => {
    expect(translator(texts, 'en')('walls', { count: 1 })).toBe('1 screen wall');
    expect(translator(texts, 'en')('walls', { count: 2 })).toBe('2 screen walls');
    expect(translator({ walls: '{count, plural, other {#面屏幕墙}}' }, 'zh-CN')('walls', { count: 1 })).toBe('1面屏幕墙');
  });

  it('renders tags of rich text with the given functions', () => {
    const fragment = translator(texts, 'en').rich('agreement', { link: (chunks) => `[${chunks}]` }) as ReactElement<{
      children: unknown[];
    }>;
    expect(fragment.props.children).toEqual(['By selecting Pay Now you agree to the ', '[Membership Agreement]', '.']);
  });
});
