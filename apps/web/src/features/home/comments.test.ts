import { describe, expect, it } from 'vitest';
import { COMMENT_CATEGORIES, COMMENTS, hideClasses } from './comments';

describe('home comments', () => {
  it('has three comments in every category', () => {
    for (const category of COMMENT_CATEGORIES) expect(COMMENTS.filter((c) => c.category === category)).toHaveLength(3);
  });

  it('hides a comment under the other categories only', () => {
    expect(hideClasses('ops').split(' ').sort()).toEqual([
      'group-data-[filter=gaming]:hidden',
      'group-data-[filter=management]:hidden',
      'group-data-[filter=office]:hidden',
    ]);
  });
});
