import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatVisitorDateTime } from '@/lib/format';
import { PayDeadline } from './pay-deadline';

// The order page's "pay by" is the payment panel's deadline: on the visitor's clock with its
// offset once in the browser, China time labelled in the server's HTML (issue 20, item 5).

const iso = '2026-11-24T02:15:00.000Z';

describe('PayDeadline', () => {
  it('is China time, labelled, in the server’s HTML', () => {
    expect(renderToString(<PayDeadline iso={iso} languageTag="ja" />)).toBe(`<time dateTime="${iso}">2026/11/24 10:15（UTC+8）</time>`);
    expect(formatDateTime(iso, 'ja')).toBe('2026/11/24 10:15（UTC+8）');
  });

  it('is the visitor’s clock, with its offset, in the browser', () => {
    const { container } = render(<PayDeadline iso={iso} languageTag="en" />);
    expect(container.querySelector('time')?.textContent).toBe(formatVisitorDateTime(iso, 'en'));
    expect(container.querySelector('time')?.textContent).toMatch(/ \(UTC([+-]\d{1,2}(:\d\d)?)?\)$/);
  });
});
