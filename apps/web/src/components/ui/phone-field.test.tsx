import { PHONE_COUNTRIES } from '@llk/contracts/phone-countries';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhoneField, type TPhoneState, forgetVisitorCountry, usePhone } from './phone-field';
import {
  countryOptions,
  defaultRegion,
  looksMainland,
  phoneDigits,
  plausiblePhone,
  readPhone,
  searchCountries,
  withoutCallingCode,
} from './phone-number';

// The phone field: what typed and pasted numbers mean, the E.164 value, the default country,
// the selector's search, and the field as a visitor uses it (keyboard included).

const TABLE = PHONE_COUNTRIES.map((country) => ({
  region: country.region,
  callingCode: String(country.callingCode),
  example: country.example,
}));

describe('reading a typed or pasted number', () => {
  it('takes the country from a +code or 00 code, whatever the separators', () => {
    for (const text of [
      '+34 612 345 678',
      '+34-612-345-678',
      '(+34) 612345678',
      '0034 612 345 678',
      '+34 612 34 56 78',
      ' +34612345678 ',
    ]) {
      expect(readPhone(text, 'CN', TABLE), text).toEqual({ region: 'ES', e164: '+34612345678' });
    }
    expect(readPhone('+81 90-1234-5678', 'US', TABLE)).toEqual({ region: 'JP', e164: '+819012345678' });
    // full-width digits and plus from a CJK input method
    expect(readPhone('＋８１ ９０−１２３４−５６７８', 'CN', TABLE)).toEqual({ region: 'JP', e164: '+819012345678' });
  });

  it('reads a number without a code as one of the chosen country', () => {
    expect(readPhone('612 345 678', 'ES', TABLE)).toEqual({ region: 'ES', e164: '+34612345678' });
    expect(readPhone('139 1234 5678', 'CN', TABLE)).toEqual({ region: 'CN', e164: '+8613912345678' });
    // the trunk 0 stays: the API strips it by the country's rules (+81 090… → +81 90…)
    expect(readPhone('090-1234-5678', 'JP', TABLE)).toEqual({ region: 'JP', e164: '+8109012345678' });
    expect(readPhone('', 'ES', TABLE)).toEqual({ region: 'ES', e164: '' });
    expect(readPhone(' - ', 'ES', TABLE)).toEqual({ region: 'ES', e164: '' });
  });

  it('keeps the chosen country when it shares the typed code, else takes the code’s main country', () => {
    expect(readPhone('+1 416 555 0123', 'CA', TABLE).region).toBe('CA');
    expect(readPhone('+1 212 555 0123', 'CN', TABLE).region).toBe('US');
    expect(readPhone('+44 7400 123456', 'FR', TABLE).region).toBe('GB');
    expect(readPhone('+7 912 345 67 89', 'KZ', TABLE).region).toBe('KZ');
    // no such code: the country stays, the API answers that the number is invalid
    expect(readPhone('+999 123', 'ES', TABLE)).toEqual({ region: 'ES', e164: '+999123' });
  });

  it('drops a typed code when another country is picked', () => {
    expect(withoutCallingCode('+34 612 345 678', TABLE)).toBe('612345678');
    expect(withoutCallingCode('0081 90 1234 5678', TABLE)).toBe('9012345678');
    expect(withoutCallingCode('612 345 678', TABLE)).toBe('612 345 678');
  });

  it('tells a bare number of a mainland mobile’s shape', () => {
    expect(looksMainland('139 1234 5678')).toBe(true);
    expect(looksMainland('+8613912345678')).toBe(false);
    expect(looksMainland('12912345678')).toBe(false);
    expect(looksMainland('090-1234-5678')).toBe(false);
    expect(phoneDigits('(0086) 139').international).toBe(true);
  });
});

describe('the light length check', () => {
  it('refuses a national number far from the length of the country’s mobiles, before asking the API', () => {
    expect(plausiblePhone('12345', 'ES', TABLE)).toBe(false);
    expect(plausiblePhone('12345', 'CN', TABLE)).toBe(false);
    expect(plausiblePhone('612 345 678', 'ES', TABLE)).toBe(true);
    expect(plausiblePhone('6123456789012', 'ES', TABLE)).toBe(false);
    expect(plausiblePhone('090-1234-5678', 'JP', TABLE)).toBe(true);
    expect(plausiblePhone('90 1234 5678', 'JP', TABLE)).toBe(true);
    expect(plausiblePhone('06 12 34 56 78', 'FR', TABLE)).toBe(true);
    // a +code number is the light rule's (E.164 shape); a mainland mobile's shape is settled before sending
    expect(plausiblePhone('+34 12345', 'CN', TABLE)).toBe(true);
    expect(plausiblePhone('139 1234 5678', 'ES', TABLE)).toBe(true);
    expect(plausiblePhone('', 'ES', TABLE)).toBe(true);
  });
});

describe('the default country', () => {
  it('is the visitor’s country when known, else the page language’s', () => {
    expect(defaultRegion('zh-CN', null)).toBe('CN');
    expect(defaultRegion('zh-tw', null)).toBe('TW');
    expect(defaultRegion('en', null)).toBe('US');
    expect(defaultRegion('es', null)).toBe('ES');
    expect(defaultRegion('fr', undefined)).toBe('FR');
    expect(defaultRegion('ja', null)).toBe('JP');
    expect(defaultRegion('ko', null)).toBe('KR');
    // a mainland visitor on the English page sees +86
    expect(defaultRegion('en', 'CN', TABLE)).toBe('CN');
    expect(defaultRegion('fr', 'mx', TABLE)).toBe('MX');
    // a code the table does not have (or no code) falls back to the language
    expect(defaultRegion('ja', 'XX', TABLE)).toBe('JP');
    expect(defaultRegion('es', '', TABLE)).toBe('ES');
  });
});

describe('the selector’s search', () => {
  const regions = (query: string, locale: string) => searchCountries(query, countryOptions(TABLE, locale)).map((option) => option.region);

  it('finds a country by its name in the page’s language, without accents, or in English', () => {
    expect(regions('Esp', 'es')[0]).toBe('ES');
    expect(regions('japon', 'es')).toContain('JP'); // Japón
    expect(regions('日本', 'ja')[0]).toBe('JP');
    expect(regions('中国', 'zh-CN')[0]).toBe('CN');
    expect(regions('Spain', 'ja')[0]).toBe('ES');
    expect(regions('allemagne', 'fr')[0]).toBe('DE');
    expect(regions('es', 'en')).toContain('ES'); // the ISO code
  });

  it('finds a country by its calling code, with or without +', () => {
    expect(regions('+34', 'en')).toEqual(['ES']);
    expect(regions('81', 'en')[0]).toBe('JP');
    expect(regions('+1', 'en')).toEqual(expect.arrayContaining(['US', 'CA']));
    expect(regions('＋８６', 'zh-CN')[0]).toBe('CN');
  });

  it('lists every country, sorted as the language sorts, when nothing is typed', () => {
    const all = regions('', 'en');
    expect(all).toHaveLength(TABLE.length);
    expect(all.indexOf('AF')).toBeLessThan(all.indexOf('ZW'));
    expect(regions('zzzz', 'en')).toEqual([]);
  });
});

// ---- The field in a form ---------------------------------------------------------------------------

const texts = { country: 'Country or region', search: 'Search for a country or calling code', noMatch: 'No country or region matches.' };
let state: TPhoneState | null = null;

function Harness({ locale }: { locale: string }) {
  const phone = usePhone(locale);
  const [value, setValue] = useState('');
  state = phone;
  return (
    <PhoneField
      label="Phone number"
      name="mobile"
      value={value}
      phone={phone}
      texts={texts}
      onChange={(event) => setValue(event.target.value)}
    />
  );
}

function stubLocation(countryCode: string | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ errcode: 0, errmsg: 'ok', data: { countryCode, countryName: null } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}

const trigger = () => screen.getByTestId('phone-country');
const number = () => screen.getByLabelText('Phone number') as HTMLInputElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  forgetVisitorCountry();
  state = null;
});

describe('PhoneField', () => {
  it('shows +86 chosen on a mainland page, with the example number as placeholder', async () => {
    stubLocation(null);
    render(<Harness locale="zh-CN" />);
    expect(trigger().getAttribute('data-region')).toBe('CN');
    expect(trigger().textContent).toContain('+86');
    await vi.waitFor(() => expect(number().placeholder).not.toBe(''));
    expect(number().placeholder).toBe(TABLE.find((country) => country.region === 'CN')!.example);
    expect(number().getAttribute('type')).toBe('tel');
  });

  it('moves to the visitor’s country once the location service answers', async () => {
    stubLocation('ES');
    render(<Harness locale="en" />);
    await vi.waitFor(() => expect(trigger().getAttribute('data-region')).toBe('ES'));
    // its name is what it shows (ES +34) after the country's name, never a label that hides the
    // visible code (axe: label-content-name-mismatch)
    expect(trigger().getAttribute('aria-label')).toBeNull();
    expect(trigger().textContent).toBe('Country or region: Spain ES+34');
  });

  it('follows a typed +code, and sends E.164', async () => {
    stubLocation(null);
    render(<Harness locale="fr" />);
    await vi.waitFor(() => expect(number().placeholder).not.toBe(''));
    fireEvent.change(number(), { target: { value: '+34 612 345 678' } });
    expect(trigger().getAttribute('data-region')).toBe('ES');
    expect(state!.e164('+34 612 345 678')).toBe('+34612345678');
    // a national number of the chosen country
    fireEvent.change(number(), { target: { value: '612 345 678' } });
    expect(state!.e164('612 345 678')).toBe('+34612345678');
  });

  it('picks a country from the searchable list with the keyboard', async () => {
    stubLocation(null);
    render(<Harness locale="en" />);
    await vi.waitFor(() => expect(number().placeholder).not.toBe(''));
    fireEvent.change(number(), { target: { value: '+34 612 345 678' } });
    fireEvent.click(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    const search = screen.getByRole('combobox', { name: texts.search });
    expect(document.activeElement).toBe(search);
    const listbox = screen.getByRole('listbox', { name: texts.country });
    expect(search.getAttribute('aria-controls')).toBe(listbox.id);
    fireEvent.change(search, { target: { value: 'fran' } });
    const options = screen.getAllByRole('option');
    expect(options[0]!.textContent).toContain('France');
    expect(search.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger().getAttribute('data-region')).toBe('FR');
    // the typed +34 went with the other country: the number keeps its own digits, and the focus
    expect(number().value).toBe('612345678');
    expect(document.activeElement).toBe(number());

    // Escape closes the list and gives the focus back to the selector
    fireEvent.click(trigger());
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'ArrowDown' });
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger());
    expect(trigger().getAttribute('data-region')).toBe('FR');
  });

  it('says when nothing matches, and picks by a click', async () => {
    stubLocation(null);
    render(<Harness locale="ja" />);
    fireEvent.click(trigger());
    await vi.waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(200));
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'qqqq' } });
    expect(screen.getByText(texts.noMatch)).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '+82' } });
    fireEvent.click(screen.getByRole('option', { name: /韓国/ }));
    expect(trigger().getAttribute('data-region')).toBe('KR');
  });

  it('chooses mainland China for a bare mainland mobile that is no number of the chosen country', async () => {
    stubLocation(null);
    render(<Harness locale="ja" />);
    expect(trigger().getAttribute('data-region')).toBe('JP');
    fireEvent.change(number(), { target: { value: '139 1234 5678' } });
    let sent = '';
    await act(async () => {
      sent = await state!.settle('139 1234 5678');
    });
    expect(sent).toBe('+8613912345678');
    expect(trigger().getAttribute('data-region')).toBe('CN');
  });

  it('keeps the chosen country for its own numbers of that shape', async () => {
    stubLocation(null);
    render(<Harness locale="en" />);
    // (305) 555-1234 dialled with the North American trunk 1: a US number, also a mainland shape
    let sent = '';
    await act(async () => {
      sent = await state!.settle('13055551234');
    });
    expect(sent).toBe('+113055551234');
    expect(trigger().getAttribute('data-region')).toBe('US');
  });
});
