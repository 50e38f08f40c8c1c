import { getContractMessages } from '@llk/contracts';
import type { TLocale } from '@llk/contracts/locales';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/pages.json';
import ja from '../../../../messages/ja/pages.json';
import { attachSonner } from '@/lib/toast';
import { session } from '@/lib/session';
import type { TContactTexts } from '../texts';
import { ContactForm } from './contact-form';

// The contact page's form: inline errors in the page's language, POST /support/contact through
// lib/api.ts over a fake fetch, the API's field errors on their fields, then the reference.

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
  useParams: () => ({ locale: 'en' }),
  usePathname: () => '/en/contact',
}));

const shown = { success: vi.fn(), error: vi.fn(), info: vi.fn() };
beforeAll(() => attachSonner({ toast: shown } as unknown as Parameters<typeof attachSonner>[0]));

function texts(locale: TLocale): TContactTexts {
  const contract = getContractMessages(locale) as unknown as Record<string, Record<string, string>>;
  const page = (locale === 'ja' ? ja : en).ContactPage as unknown as { form: TContactTexts['form'] };
  return { form: page.form, validation: contract.validation!, network: contract.errors!.network! };
}

function answer(data: unknown, errcode = 0, errmsg = 'ok', status = 200) {
  return new Response(JSON.stringify({ errcode, errmsg, data }), { status, headers: { 'content-type': 'application/json' } });
}

function serve(route: (call: { path: string; body: unknown }) => Response | undefined) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const call = { path: input, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      return route(call) ?? answer(null, 40400, 'not found', 404);
    }),
  );
  return calls;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
function errorOf(label: string): string | null {
  const id = field(label)
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((part) => part.endsWith('-error'));
  return id ? document.getElementById(id)!.textContent : null;
}

beforeEach(() => {
  document.documentElement.lang = 'en';
  session.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  shown.error.mockReset();
});

describe('ContactForm', () => {
  it('shows what is missing in the page’s language, focuses it, and sends nothing', () => {
    document.documentElement.lang = 'ja';
    const calls = serve(() => undefined);
    render(<ContactForm texts={texts('ja')} />);
    fireEvent.click(screen.getByTestId('contact-submit'));
    expect(errorOf('メールアドレス')).toBe(getContractMessages('ja').validation.emailRequired);
    expect(errorOf('お問い合わせ内容')).toBe(getContractMessages('ja').validation.required);
    expect(document.activeElement).toBe(field('メールアドレス'));
    type('お問い合わせ内容', '接続できません');
    expect(errorOf('お問い合わせ内容')).toBe('10 文字以上で入力してください。');
    expect(calls).toEqual([]);
  });

  it('sends the message and shows the reference and where the answer goes', async () => {
    const calls = serve(({ path }) =>
      path === '/api/support/contact'
        ? answer({ reference: 'S-01JDX4K7QH', receivedAt: '2026-11-25T02:00:00.000Z', replyTo: 'i***@example.com' })
        : undefined,
    );
    render(<ContactForm texts={texts('en')} />);
    fireEvent.click(screen.getByLabelText('Business purchase or invoicing'));
    type('Your email', ' it@example.com ');
    type('Message', 'We need 40 seats for our office.');
    expect(screen.getByText('At least 10 characters · 32/5000')).toBeTruthy();
    fireEvent.click(screen.getByTestId('contact-submit'));
    const ack = await vi.waitFor(() => screen.getByTestId('contact-ack'));
    expect(screen.getByTestId('contact-reference').textContent).toBe('S-01JDX4K7QH');
    expect(ack.textContent).toContain('We will answer at i***@example.com');
    expect(calls).toEqual([
      { path: '/api/support/contact', body: { topic: 'BUSINESS', email: 'it@example.com', message: 'We need 40 seats for our office.' } },
    ]);
  });

  it('asks a logged-out visitor to log in for a refund, and lets a signed-in one leave the email empty', () => {
    serve(() => undefined);
    const { unmount } = render(<ContactForm texts={texts('en')} />);
    fireEvent.click(screen.getByLabelText('A refund for an order'));
    expect(screen.getByTestId('contact-refund-login').textContent).toContain('Log in first');
    expect((screen.getByTestId('contact-submit') as HTMLButtonElement).disabled).toBe(true);
    unmount();
    session.markLoggedIn();
    render(<ContactForm texts={texts('en')} />);
    fireEvent.click(screen.getByLabelText('A refund for an order'));
    expect(screen.queryByTestId('contact-refund-login')).toBeNull();
    expect(screen.getByText('Leave it empty to get the answer at your account’s email.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('contact-submit'));
    expect(errorOf('Your email')).toBeNull();
    expect(errorOf('Order number')).toBe('This field is required.');
  });

  it('puts the API’s field errors on their fields and toasts the others', async () => {
    session.markLoggedIn();
    let refuse = true;
    serve(() =>
      refuse
        ? answer(
            { fields: [{ field: 'body.email', rule: 'validation.emailRequired', message: 'Please enter your email' }] },
            40001,
            'Invalid request',
            400,
          )
        : answer(null, 42900, 'Too many requests, please try again later', 429),
    );
    render(<ContactForm texts={texts('en')} />);
    type('Message', 'My phone cannot see my PC.');
    fireEvent.click(screen.getByTestId('contact-submit'));
    await vi.waitFor(() => expect(errorOf('Your email')).toBe('Please enter your email'));
    expect(shown.error).not.toHaveBeenCalled();
    refuse = false;
    type('Your email', 'me@example.com');
    fireEvent.click(screen.getByTestId('contact-submit'));
    await vi.waitFor(() => expect(shown.error).toHaveBeenCalledWith('Too many requests, please try again later'));
    expect(screen.queryByTestId('contact-ack')).toBeNull();
  });
});
