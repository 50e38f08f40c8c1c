import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanQuery, nextHref } from '@/features/admin/shell/rules';
import { UsersList, regionOptions, usersSearchQuery } from './users-list';

// The users search's phone country select (ADR 0027): sent as `region` with the term.

const t = (key: string) => key;
const empty = { items: [], next: null, capped: false };

afterEach(cleanup);

function searchForm(): HTMLFormElement {
  return screen.getByRole('search') as HTMLFormElement;
}

describe('users search: phone country', () => {
  it('defaults to CN and sends the chosen country as region with the term', () => {
    render(<UsersList t={t} language="en" q="" page={empty} nextHref={null} onFirst />);
    const select = screen.getByLabelText('regionLabel') as HTMLSelectElement;
    expect(select.name).toBe('region');
    expect(select.value).toBe('CN');
    expect(new FormData(searchForm()).get('region')).toBe('CN');

    fireEvent.change(screen.getByLabelText('searchLabel'), { target: { value: '612 345 678' } });
    fireEvent.change(select, { target: { value: 'ES' } });
    const sent = new FormData(searchForm());
    expect(sent.get('q')).toBe('612 345 678');
    expect(sent.get('region')).toBe('ES');
    expect(searchForm().method.toLowerCase()).toBe('get');
    expect(searchForm().getAttribute('action')).toBe('/admin/users');
  });

  it('keeps the searched country selected and in the first page link', () => {
    render(<UsersList t={t} language="en" q="612 345 678" region="ES" page={empty} nextHref={null} onFirst={false} />);
    expect((screen.getByLabelText('regionLabel') as HTMLSelectElement).value).toBe('ES');
    expect(screen.getByText('first').getAttribute('href')).toBe('/admin/users?q=612+345+678&region=ES');
    expect(usersSearchQuery('', 'ES')).toBe('');
  });

  it("names every country in the staff member's language with its ISO code and calling code", () => {
    const english = regionOptions('en');
    const chinese = regionOptions('zh-CN');
    expect(english.length).toBeGreaterThan(240);
    expect(english.find((option) => option.value === 'ES')?.text).toBe('Spain · ES +34');
    expect(chinese.find((option) => option.value === 'ES')?.text).toBe('西班牙 · ES +34');
    expect(chinese.find((option) => option.value === 'CN')?.text).toBe('中国 · CN +86');
    expect(english.find((option) => option.value === 'US')?.text).toBe('United States · US +1');
  });

  it('the page passes region to the API and carries it into the next page', () => {
    const filters = cleanQuery({ q: ' 612 345 678 ', region: 'ES', before: 'x' }, ['q', 'region']);
    expect(filters).toEqual({ q: '612 345 678', region: 'ES' });
    expect(nextHref('/admin/users', filters, 'cut')).toBe('/admin/users?q=612+345+678&region=ES&before=cut');
  });
});
