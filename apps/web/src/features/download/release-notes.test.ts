import { describe, expect, it } from 'vitest';
import { parseNotes } from './release-notes';

describe('parseNotes', () => {
  it('turns bullet lines into one list', () => {
    expect(parseNotes('- One\n- Two\n')).toEqual([{ type: 'list', items: ['One', 'Two'] }]);
  });

  it('keeps paragraphs apart from lists and joins wrapped lines', () => {
    expect(parseNotes('Intro line\ncontinued\n\n* A\n\nOutro')).toEqual([
      { type: 'paragraph', text: 'Intro line continued' },
      { type: 'list', items: ['A'] },
      { type: 'paragraph', text: 'Outro' },
    ]);
  });

  it('returns nothing for empty notes', () => {
    expect(parseNotes('\n\n')).toEqual([]);
  });
});
