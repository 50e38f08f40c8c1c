'use client';

import type { TLocation } from '@llk/contracts';
import type { parsePhone } from '@llk/contracts/phone';
import { type ChangeEvent, type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { loadApi } from '@/lib/load-api';
import { Field } from './field';
import {
  KNOWN_CALLING_CODES,
  LOCALE_REGION,
  type TCountryOption,
  type TPhoneCountry,
  countryOptions,
  defaultRegion,
  displayNames,
  looksMainland,
  plausiblePhone,
  readPhone,
  searchCountries,
  withoutCallingCode,
} from './phone-number';

// The phone field of every form that takes a phone number (sign-up, log-in by code, reset,
// binding and changing a phone): a country selector (a button opening a searchable listbox,
// after the WAI-ARIA combobox pattern) beside the number. The value sent to the API is E.164
// (`usePhone().e164(text)`); the API validates it strictly and answers with the field's error.
// The country table (every region's calling code and example mobile number) is loaded after
// the page, so it stays out of the first load; names come from Intl.DisplayNames. README:
// "Phone numbers and email sign-in".

export interface TPhoneFieldTexts {
  /** the selector's name ("Country or region") */
  country: string;
  /** the search box's label and placeholder */
  search: string;
  /** nothing matches the search */
  noMatch: string;
}

// ---- The country table, the visitor's country and the strict parser, each loaded once ---------

let countriesLoading: Promise<TPhoneCountry[]> | null = null;
/** Every region with its calling code and example mobile number (packages/contracts/src/phone-countries.ts). */
export function loadPhoneCountries(): Promise<TPhoneCountry[]> {
  countriesLoading ??= import('@llk/contracts/phone-countries')
    .then((module) =>
      module.PHONE_COUNTRIES.map((country) => ({
        region: country.region,
        callingCode: String(country.callingCode),
        example: country.example,
      })),
    )
    .catch((error: unknown) => {
      countriesLoading = null;
      throw error;
    });
  return countriesLoading;
}

let locationLoading: Promise<string | null> | null = null;
/** The visitor's country by the location service (GET /location/info), null when unknown. */
function loadVisitorCountry(): Promise<string | null> {
  locationLoading ??= loadApi()
    .then((api) => api.get<TLocation>('/location/info', { silent: true, ignoreUnauthorized: true }))
    .then((location) => location.countryCode)
    .catch(() => null);
  return locationLoading;
}

/** Forgets the visitor's country (tests: each page load asks once). */
export function forgetVisitorCountry(): void {
  locationLoading = null;
}

type TPhoneModule = { parsePhone: typeof parsePhone };
let parserLoading: Promise<TPhoneModule> | null = null;
/** The strict parser (Google's metadata), loaded once: as soon as a number may need it, not at the click that sends. */
function loadParser(): Promise<TPhoneModule> {
  parserLoading ??= import('@llk/contracts/phone').catch((error: unknown) => {
    parserLoading = null;
    throw error;
  });
  return parserLoading;
}

/**
 * A bare 11-digit number of a mainland mobile's shape, typed with another country chosen (a
 * mainland user abroad, or on a page in another language): when it is no mobile of the chosen
 * country but one of mainland China, China is chosen. Google's metadata answers that; it is
 * loaded only then (it is large).
 */
async function mainlandInstead(text: string, region: string): Promise<boolean> {
  if (region === 'CN' || !looksMainland(text)) return false;
  try {
    const { parsePhone } = await loadParser();
    return 'error' in parsePhone(text, region) && !('error' in parsePhone(text, 'CN'));
  } catch {
    return false;
  }
}

// ---- State of one phone field ------------------------------------------------------------------

export interface TPhoneState {
  locale: string;
  region: string;
  countries: TPhoneCountry[] | null;
  /** a country chosen in the selector or by a typed +code (the location no longer moves it) */
  choose: (region: string) => void;
  /** the E.164 value of the typed text with the chosen country ('' for nothing typed) */
  e164: (text: string) => string;
  /** what the forms' light check is given: e164, or the text as typed when its length cannot be a number of the country (then refused) */
  checked: (text: string) => string;
  /** as e164, after the mainland look (mainlandInstead), which may choose China: call it before sending */
  settle: (text: string) => Promise<string>;
  /** the input changed: a typed +code chooses its country */
  typed: (text: string) => void;
}

/** The phone field's country and value; its default is the visitor's country, else the page language's. */
export function usePhone(locale: string): TPhoneState {
  const [region, setRegion] = useState(() => LOCALE_REGION[locale] ?? 'CN');
  const [countries, setCountries] = useState<TPhoneCountry[] | null>(null);
  const chosen = useRef(false);
  const regionRef = useRef(region);
  regionRef.current = region;

  useEffect(() => {
    let live = true;
    const table = loadPhoneCountries().catch(() => null);
    void table.then((list) => {
      if (live && list) setCountries(list);
    });
    void Promise.all([table, loadVisitorCountry()]).then(([list, visitor]) => {
      if (!live || chosen.current || !visitor) return;
      setRegion(defaultRegion(locale, visitor, list ?? undefined));
    });
    return () => {
      live = false;
    };
  }, [locale]);

  const choose = useCallback((next: string) => {
    chosen.current = true;
    setRegion(next);
  }, []);
  const table = useMemo(() => countries ?? knownCountries(), [countries]);
  const e164 = useCallback((text: string) => readPhone(text, regionRef.current, table).e164, [table]);
  const checked = useCallback(
    (text: string) => (plausiblePhone(text, regionRef.current, table) ? readPhone(text, regionRef.current, table).e164 : text.trim()),
    [table],
  );
  const typed = useCallback(
    (text: string) => {
      const reading = readPhone(text, regionRef.current, table);
      if (reading.region !== regionRef.current) choose(reading.region);
      // a mainland number typed with another country chosen is settled by the strict parser before sending
      else if (reading.region !== 'CN' && looksMainland(text)) void loadParser().catch(() => undefined);
    },
    [table, choose],
  );
  const settle = useCallback(
    async (text: string) => {
      const current = regionRef.current;
      if (await mainlandInstead(text, current)) {
        choose('CN');
        regionRef.current = 'CN';
        return readPhone(text, 'CN', table).e164;
      }
      return readPhone(text, current, table).e164;
    },
    [table, choose],
  );
  return { locale, region, countries, choose, e164, checked, settle, typed };
}

/** The calling codes known before the table has loaded. */
function knownCountries(): TPhoneCountry[] {
  return Object.entries(KNOWN_CALLING_CODES).map(([region, callingCode]) => ({ region, callingCode, example: '' }));
}

// ---- The field -----------------------------------------------------------------------------------

const triggerClass =
  'inline-flex h-11 shrink-0 items-center gap-1 rounded-control border border-line bg-canvas px-2 text-ink shadow-sm outline-none transition-colors hover:bg-surface focus-visible:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600/20';

/**
 * A labelled phone number with its country selector. `value`/`onChange`/`onBlur`/`error` as a
 * TextField's (the form's own state holds the text as typed); `phone` is `usePhone(locale)`.
 */
export function PhoneField({
  label,
  name,
  value,
  error,
  hint,
  phone,
  texts,
  onChange,
  onBlur,
}: {
  label: string;
  name: string;
  value: string;
  error?: string | undefined;
  hint?: string | undefined;
  phone: TPhoneState;
  texts: TPhoneFieldTexts;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const names = useMemo(() => displayNames(phone.locale), [phone.locale]);
  const country = phone.countries?.find((entry) => entry.region === phone.region);
  const callingCode = country?.callingCode ?? KNOWN_CALLING_CODES[phone.region] ?? '';
  const countryName = names(phone.region);

  function pick(region: string) {
    phone.choose(region);
    setOpen(false);
    // a typed +code would contradict the country just chosen: the number keeps its other digits
    const rest = withoutCallingCode(value, phone.countries ?? []);
    if (rest !== value) onChange({ target: { value: rest } } as ChangeEvent<HTMLInputElement>);
    inputRef.current?.focus();
  }

  function closeToTrigger() {
    setOpen(false);
    triggerRef.current?.focus();
  }

  return (
    <div ref={rootRef} className="relative">
      <Field id={`${id}-number`} label={label} error={error} hint={hint}>
        {(control) => (
          <div className="flex gap-2">
            <button
              ref={triggerRef}
              type="button"
              className={triggerClass}
              aria-haspopup="listbox"
              aria-expanded={open}
              aria-controls={open ? `${id}-popup` : undefined}
              data-testid="phone-country"
              data-region={phone.region}
              onClick={() => setOpen((current) => !current)}
            >
              {/* the name says the visible code and number too (axe: label-content-name-mismatch) */}
              <span className="sr-only">{`${texts.country}: ${countryName} `}</span>
              <span className="text-xs font-semibold tracking-wide text-ink-muted">{phone.region}</span>
              <span className="tabular-nums">+{callingCode}</span>
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 text-ink-muted" fill="currentColor">
                <path
                  d="M5.5 7.5 10 12l4.5-4.5"
                  stroke="currentColor"
                  strokeWidth="1.6"
                  fill="none"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </button>
            <input
              {...control}
              ref={inputRef}
              name={name}
              value={value}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={32}
              placeholder={country?.example || undefined}
              onChange={(event) => {
                onChange(event);
                phone.typed(event.target.value);
              }}
              onBlur={onBlur}
              className={`${control.className} h-11 w-full flex-1 tabular-nums`}
            />
          </div>
        )}
      </Field>
      {open ? (
        <CountryPopup
          id={`${id}-popup`}
          texts={texts}
          locale={phone.locale}
          countries={phone.countries}
          selected={phone.region}
          onPick={pick}
          onClose={closeToTrigger}
          onOutside={(target) => {
            if (!rootRef.current?.contains(target)) setOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}

/** The search box and the listbox of countries, under the field. */
function CountryPopup({
  id,
  texts,
  locale,
  countries,
  selected,
  onPick,
  onClose,
  onOutside,
}: {
  id: string;
  texts: TPhoneFieldTexts;
  locale: string;
  countries: TPhoneCountry[] | null;
  selected: string;
  onPick: (region: string) => void;
  onClose: () => void;
  onOutside: (target: Node) => void;
}) {
  const [query, setQuery] = useState('');
  const options = useMemo(() => (countries ? countryOptions(countries, locale) : []), [countries, locale]);
  const matches = useMemo(() => searchCountries(query, options), [query, options]);
  const [active, setActive] = useState<string | null>(selected);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const activeRegion = matches.some((option) => option.region === active) ? active : (matches[0]?.region ?? null);

  useEffect(() => {
    searchRef.current?.focus();
  }, []);
  useEffect(() => {
    const onPointer = (event: PointerEvent) => onOutside(event.target as Node);
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [onOutside]);
  useEffect(() => {
    if (!activeRegion) return;
    listRef.current?.querySelector(`[data-region="${activeRegion}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [activeRegion]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const index = matches.findIndex((option) => option.region === activeRegion);
    const move = (to: number) => {
      event.preventDefault();
      const option = matches[Math.max(0, Math.min(matches.length - 1, to))];
      if (option) setActive(option.region);
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowUp':
        return move(index - 1);
      case 'PageDown':
        return move(index + 8);
      case 'PageUp':
        return move(index - 8);
      case 'Home':
        return event.ctrlKey ? move(0) : undefined;
      case 'End':
        return event.ctrlKey ? move(matches.length - 1) : undefined;
      case 'Enter':
        event.preventDefault();
        if (activeRegion) onPick(activeRegion);
        return;
      case 'Escape':
        event.preventDefault();
        onClose();
        return;
      case 'Tab':
        onClose();
        return;
    }
  }

  const optionId = (region: string) => `${id}-${region}`;
  return (
    <div id={id} className="absolute inset-x-0 z-30 mt-1 overflow-hidden rounded-control border border-line bg-canvas shadow-card">
      <div className="border-b border-line p-2">
        <input
          ref={searchRef}
          type="search"
          role="combobox"
          aria-expanded="true"
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={activeRegion ? optionId(activeRegion) : undefined}
          aria-label={texts.search}
          placeholder={texts.search}
          value={query}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          className="h-10 w-full min-w-0 rounded-control border border-line bg-surface px-3 text-ink outline-none placeholder:text-ink-muted/70 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20"
        />
      </div>
      <ul
        ref={listRef}
        id={`${id}-list`}
        role="listbox"
        aria-label={texts.country}
        className="max-h-64 overflow-y-auto overscroll-contain py-1"
      >
        {countries && matches.length === 0 ? <li className="px-3 py-2 text-sm text-ink-muted">{texts.noMatch}</li> : null}
        {!countries ? <li aria-busy="true" className="h-24" /> : null}
        {matches.map((option: TCountryOption) => (
          // the keyboard picks from the search box (combobox pattern: the options take no focus)
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={option.region}
            id={optionId(option.region)}
            role="option"
            aria-selected={option.region === selected}
            data-region={option.region}
            // keeps the focus in the search box (a click picks, then focus goes to the number)
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => onPick(option.region)}
            onPointerMove={() => setActive(option.region)}
            className={`flex cursor-pointer items-baseline gap-2 px-3 py-2 text-sm ${option.region === activeRegion ? 'bg-brand-50 text-brand-800' : 'text-ink'}`}
          >
            <span className="min-w-0 flex-1 break-words">{option.name}</span>
            <span className="shrink-0 text-xs text-ink-muted">{option.region}</span>
            <span className="w-14 shrink-0 text-right tabular-nums text-ink-muted">+{option.callingCode}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
