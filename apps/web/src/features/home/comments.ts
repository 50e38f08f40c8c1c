// User comments on the home page: keys of HomePage.comments.items and their audience. The
// texts, names and roles are per language in messages (pages.json).

export const COMMENT_CATEGORIES = ['office', 'ops', 'gaming', 'management'] as const;
type TCommentCategory = (typeof COMMENT_CATEGORIES)[number];

export const COMMENTS: readonly { key: string; category: TCommentCategory }[] = [
  { key: 'c1', category: 'office' },
  { key: 'c2', category: 'ops' },
  { key: 'c3', category: 'gaming' },
  { key: 'c4', category: 'management' },
  { key: 'c5', category: 'office' },
  { key: 'c6', category: 'ops' },
  { key: 'c7', category: 'gaming' },
  { key: 'c8', category: 'management' },
  { key: 'c9', category: 'office' },
  { key: 'c10', category: 'ops' },
  { key: 'c11', category: 'gaming' },
  { key: 'c12', category: 'management' },
];

// Literal class names (Tailwind only generates classes it finds in the source): an item of
// category c hides under every filter except "all" and c.
const HIDE_UNDER: Record<TCommentCategory, string> = {
  office: 'group-data-[filter=office]:hidden',
  ops: 'group-data-[filter=ops]:hidden',
  gaming: 'group-data-[filter=gaming]:hidden',
  management: 'group-data-[filter=management]:hidden',
};

/** Classes that hide a comment of `category` whenever another category is chosen. */
export function hideClasses(category: TCommentCategory): string {
  return COMMENT_CATEGORIES.filter((other) => other !== category)
    .map((other) => HIDE_UNDER[other])
    .join(' ');
}
