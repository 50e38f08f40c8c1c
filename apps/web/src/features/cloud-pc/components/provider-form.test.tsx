import { getContractMessages } from '@llk/contracts';
import type { TLocale } from '@llk/contracts/locales';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/cloud-pc.json';
import zh from '../../../../messages/zh-CN/cloud-pc.json';
import { Link } from '@/i18n/navigation';
import { attachSonner } from '@/lib/toast';
import { session } from '@/lib/session';
import type { TCloudPcTexts } from '../texts';
import { DevicePanel } from './device-panel';
import { ProviderForm } from './provider-form';

// The provider sign-up of /cloudPc (inline errors in the page's language, POST /cloudPc/provider
// through lib/api.ts over a fake fetch, then the reference) and the "My cloud PCs" panel, which
// loads the list only with a session.

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
  useParams: () => ({ locale: 'en' }),
  usePathname: () => '/en/cloudPc',
}));

const shown = { success: vi.fn(), error: vi.fn(), info: vi.fn() };
beforeAll(() => attachSonner({ toast: shown } as unknown as Parameters<typeof attachSonner>[0]));

function texts(locale: TLocale): TCloudPcTexts {
  const contract = getContractMessages(locale) as unknown as Record<string, Record<string, string>>;
  return {
    ...(locale === 'en' ? en : zh).CloudPc,
    validation: contract.validation!,
    network: contract.errors!.network!,
  } as unknown as TCloudPcTexts;
}

function answer(data: unknown, errcode = 0, errmsg = 'ok', status = 200) {
  return new Response(JSON.stringify({ errcode, errmsg, data }), { status, headers: { 'content-type': 'application/json' } });
}

interface TCall {
  method: string;
  path: string;
  body: unknown;
}

function serve(route: (call: TCall) => Response | undefined): TCall[] {
  const calls: TCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const call = { method: String(init.method), path: input, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      return route(call) ?? answer(null, 404, 'not found', 404);
    }),
  );
  return calls;
}

function field(label: string): HTMLInputElement | HTMLTextAreaElement {
  return screen.getByLabelText(label);
}

function type(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

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

describe('ProviderForm', () => {
  it('shows the errors of every field on submit, focuses the first, and sends nothing', async () => {
    const calls = serve(() => undefined);
    render(<ProviderForm texts={texts('en')} />);
    fireEvent.click(screen.getByTestId('provider-submit'));
    // the rules load with the first focus or submit
    await vi.waitFor(() => expect(errorOf('Company')).toBe('This field is required.'));
    expect(errorOf('Phone')).toBe('Please enter your phone or email');
    expect(errorOf('Email')).toBeNull();
    expect(errorOf('Number of machines')).toBe('This field is required.');
    expect(errorOf('Message (optional)')).toBeNull();
    expect(document.activeElement).toBe(field('Company'));
    type('Number of machines', '0');
    await vi.waitFor(() => expect(errorOf('Number of machines')).toBe('This value is not valid.'));
    expect(calls).toEqual([]);
  });

  it('shows an error after leaving a field, in Chinese on the Chinese page', async () => {
    document.documentElement.lang = 'zh-CN';
    serve(() => undefined);
    render(<ProviderForm texts={texts('zh-CN')} />);
    expect(errorOf('公司名称')).toBeNull();
    fireEvent.focus(field('公司名称'));
    fireEvent.blur(field('公司名称'));
    await vi.waitFor(() => expect(errorOf('公司名称')).toBe('此项为必填项'));
  });

  it('sends the trimmed sign-up once and shows the reference, then starts over on request', async () => {
    const calls = serve(({ path }) =>
      path === '/api/cloudPc/provider' ? answer({ reference: 'PRV-7K2M9Q', receivedAt: '2026-11-24T02:00:00.000Z' }) : undefined,
    );
    render(<ProviderForm texts={texts('en')} />);
    type('Company', ' Acme Compute ');
    type('Contact name', 'Li Lei');
    type('Email', 'ops@acme.example');
    type('Data centre region', 'Shanghai');
    type('Number of machines', '12');
    type('Hardware', 'AMD EPYC 9654, 256 GB');
    fireEvent.click(screen.getByTestId('provider-submit'));
    const ack = await vi.waitFor(() => screen.getByTestId('provider-ack'));
    expect(screen.getByTestId('provider-reference').textContent).toBe('PRV-7K2M9Q');
    expect(ack.textContent).toContain('Thank you, we have received your sign-up');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/cloudPc/provider',
        body: {
          company: 'Acme Compute',
          contactName: 'Li Lei',
          region: 'Shanghai',
          hardware: 'AMD EPYC 9654, 256 GB',
          machineCount: 12,
          email: 'ops@acme.example',
        },
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Send another sign-up' }));
    expect((field('Company') as HTMLInputElement).value).toBe('');
  });

  it('keeps the form and toasts the API message when the sign-up is refused', async () => {
    serve(() => answer(null, 42900, 'Too many sign-ups, try again later', 429));
    render(<ProviderForm texts={texts('en')} />);
    type('Company', 'Acme');
    type('Contact name', 'Li Lei');
    type('Phone', '+86 21 5555 0100');
    type('Data centre region', 'Shanghai');
    type('Number of machines', '3');
    type('Hardware', 'RTX 4090');
    fireEvent.click(screen.getByTestId('provider-submit'));
    await vi.waitFor(() => expect(shown.error).toHaveBeenCalledWith('Too many sign-ups, try again later'));
    expect(screen.queryByTestId('provider-ack')).toBeNull();
    expect((field('Company') as HTMLInputElement).value).toBe('Acme');
    expect(screen.getByTestId('provider-submit').textContent).toBe('Sign up as a provider');
  });
});

describe('DevicePanel', () => {
  it('shows the visitor view without a session and asks nothing', () => {
    const calls = serve(() => undefined);
    render(<DevicePanel texts={texts('en')} tag="en" visitor={<Link href="/login">Log in to see your cloud PCs</Link>} />);
    expect(screen.getByRole('link', { name: 'Log in to see your cloud PCs' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('loads the devices and invoices with a session and says when there are none', async () => {
    const calls = serve(({ path }) => {
      if (path === '/api/cloudPc/devices') return answer({ devices: [] });
      if (path === '/api/cloudPc/invoice') return answer({ invoices: [] });
      return undefined;
    });
    session.markLoggedIn();
    render(<DevicePanel texts={texts('en')} tag="en" visitor={<p>visitor</p>} />);
    expect(screen.queryByText('visitor')).toBeNull();
    const empty = await vi.waitFor(() => screen.getByTestId('cloud-pc-empty'));
    expect(empty.textContent).toContain('You haven’t rented a cloud PC yet.');
    expect(calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual(['GET /api/cloudPc/devices', 'GET /api/cloudPc/invoice']);
  });

  it('goes back to the visitor view when the session has died', async () => {
    serve(() => answer(null, 401, 'expired', 401));
    session.markLoggedIn();
    render(<DevicePanel texts={texts('en')} tag="en" visitor={<p>visitor</p>} />);
    await vi.waitFor(() => expect(screen.getByText('visitor')).toBeTruthy());
  });
});
