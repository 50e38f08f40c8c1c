import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { browserZone } from '@/lib/visitor-zone';
import { LocalTime } from './local-time';

// A moment on the reader's clock (docs/adr/0031): the server's HTML in the zone it knows (the
// cookie's, else China time, labelled), the browser's own zone once hydrated.

const iso = '2026-11-24T02:15:00.000Z';

describe('LocalTime', () => {
  it('is the server’s zone, labelled, in the server’s HTML', () => {
    expect(renderToString(<LocalTime iso={iso} languageTag="ja" />)).toBe(
      `<time dateTime="${iso}" data-zone="Asia/Shanghai">2026/11/24 10:15（UTC+8）</time>`,
    );
    expect(renderToString(<LocalTime iso={iso} languageTag="es" serverZone="Europe/Madrid" />).replace(/\s/g, ' ')).toContain(
      '>24 nov 2026, 3:15 (UTC+1)</time>',
    );
    expect(renderToString(<LocalTime iso={iso} languageTag="en" kind="time" serverZone="Asia/Tokyo" />)).toContain(
      '>11:15 AM (UTC+9)</time>',
    );
  });

  it('is the browser’s clock, with its offset, in the browser', () => {
    const { container } = render(<LocalTime iso={iso} languageTag="en" serverZone="Pacific/Kiritimati" />);
    expect(container.querySelector('time')?.getAttribute('data-zone')).toBe(browserZone());
    expect(container.querySelector('time')?.textContent).toBe(formatDateTime(iso, 'en', browserZone()));
    expect(container.querySelector('time')?.textContent).toMatch(/ \(UTC([+-]\d{1,2}(:\d\d)?)?\)$/);
  });

  it('fills a message with the moment, for sentences on static pages', () => {
    expect(
      renderToString(<LocalTime iso="2026-03-01T16:30:00.000Z" languageTag="en" kind="date" template="Published on {date}" />),
    ).toContain('>Published on March 2, 2026</time>');
    const { container } = render(
      <LocalTime iso="2026-03-01T16:30:00.000Z" languageTag="fr" kind="date" template="Terminée le {until}" name="until" />,
    );
    expect(container.textContent).toMatch(/^Terminée le [12] mars 2026$/);
  });
});
