import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/org.json';
import fr from '../../../../messages/fr/org.json';
import { fakeApi, type FakeApi } from '../../../../test/support/fake-api';
import type { TOrgTexts } from '../texts';

vi.mock('next/navigation', () => ({
  useParams: () => ({ locale: 'en' }),
  usePathname: () => '/en/org',
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
}));

import { OrgPanel } from './org-panel';

const texts: TOrgTexts = { page: en.Org, network: 'Network error' };
const acme = {
  id: 'o1',
  name: 'Acme',
  logoUrl: null,
  role: { id: 'MEMBER', code: 'MEMBER', name: 'Member' },
  joinedAt: '2026-11-02T03:00:00.000Z',
};
const mine = {
  id: 'o2',
  name: 'Globex',
  logoUrl: null,
  role: { id: 'OWNER', code: 'OWNER', name: 'Owner' },
  joinedAt: '2026-12-04T01:00:00.000Z',
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('OrgPanel', () => {
  it('lists my organisations with my role and the day I joined', () => {
    render(<OrgPanel initial={{ list: [acme] }} texts={texts} tag="en" serverZone="UTC" />);
    const item = screen.getByTestId('org-item');
    expect(within(item).getByTestId('org-name').textContent).toBe('Acme');
    expect(within(item).getByTestId('org-role').textContent).toBe('Role: Member');
    expect(item.querySelector('time')!.textContent).toBe('Joined on November 2, 2026');
    expect(screen.queryByTestId('org-empty')).toBeNull();
  });

  it('says how to get one when there is none, in French with its spacing', () => {
    render(<OrgPanel initial={{ list: [] }} texts={{ page: fr.Org, network: 'Erreur réseau' }} tag="fr" serverZone="UTC" />);
    expect(screen.getByTestId('org-empty').textContent).toBe(fr.Org.list.empty);
    expect(screen.getByRole('heading', { name: 'Créer une organisation' })).toBeTruthy();
  });

  it('creates one (name trimmed, contact email or null), then shows the list the API reads', async () => {
    api.reply('POST /org/create', { data: { id: 'o2' } });
    api.reply('GET /org/list', { data: { list: [acme, mine] } });
    render(<OrgPanel initial={{ list: [acme] }} texts={texts} tag="en" serverZone="UTC" />);
    type('Organisation name', '  Globex  ');
    fireEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByText('Globex')).toBeTruthy();
    expect(api.callsTo('POST /org/create').map((call) => call.body)).toEqual([{ name: 'Globex', contactEmail: null }]);
    expect(screen.getAllByTestId('org-item')).toHaveLength(2);
    expect(screen.getAllByTestId('org-role').map((node) => node.textContent)).toEqual(['Role: Member', 'Role: Owner']);
    expect(api.toasts.success).toHaveBeenCalledWith('Globex has been created. You are its owner.');
    expect((screen.getByLabelText('Organisation name') as HTMLInputElement).value).toBe('');

    type('Organisation name', 'Initech');
    type('Contact email (optional)', ' it@initech.example ');
    api.reply('GET /org/list', { data: { list: [acme, mine] } });
    fireEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    await vi.waitFor(() => expect(api.callsTo('POST /org/create')).toHaveLength(2));
    expect(api.callsTo('POST /org/create')[1]!.body).toEqual({ name: 'Initech', contactEmail: 'it@initech.example' });
  });

  it('an empty name is said at the field and nothing is sent', () => {
    render(<OrgPanel initial={{ list: [] }} texts={texts} tag="en" serverZone="UTC" />);
    type('Organisation name', '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(screen.getByText('Enter the organisation’s name.')).toBeTruthy();
    expect(screen.getByLabelText('Organisation name').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);
  });

  it('the API’s refusal shows under the form, not as a toast, and the list stays', async () => {
    api.reply('POST /org/create', { data: null, errcode: 40000, errmsg: 'contactEmail: Enter a valid email address.', status: 400 });
    render(<OrgPanel initial={{ list: [acme] }} texts={texts} tag="en" serverZone="UTC" />);
    type('Organisation name', 'Globex');
    type('Contact email (optional)', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect((await screen.findByTestId('org-create-error')).textContent).toBe('contactEmail: Enter a valid email address.');
    expect(api.toasts.error).not.toHaveBeenCalled();
    expect(api.callsTo('GET /org/list')).toHaveLength(0);
    expect(screen.getAllByTestId('org-item')).toHaveLength(1);
    expect((screen.getByLabelText('Organisation name') as HTMLInputElement).value).toBe('Globex');
  });
});
