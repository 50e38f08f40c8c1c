import { describe, expect, it } from 'vitest';
import { currentState } from './nav-items';

describe('currentState', () => {
  it('marks the page itself', () => {
    expect(currentState('/pricing', '/pricing')).toBe('page');
    expect(currentState('/news-1', '/news-1')).toBe('page');
  });
  it('marks the section', () => {
    expect(currentState('/guide', '/guide/account/login')).toBe('true');
    expect(currentState('/news-1', '/news-2')).toBe('true');
    expect(currentState('/news-1', '/news/2')).toBe('true');
    expect(currentState('/news-1', '/info-7')).toBe('true');
    expect(currentState('/news-1', '/info/7')).toBe('true');
  });
  it('leaves the rest', () => {
    expect(currentState('/pricing', '/')).toBeUndefined();
    expect(currentState('/guide', '/guidebook')).toBeUndefined();
    expect(currentState('/news-1', '/notice')).toBeUndefined();
  });
});
