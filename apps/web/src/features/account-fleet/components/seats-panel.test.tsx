import type { TSeat } from '@llk/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/account-fleet.json';
import { fakeApi, type FakeApi } from '../../../../test/support/fake-api';
import type * as VisitorZone from '@/lib/visitor-zone';
import type { TFleetDevice, TFleetTexts } from '../texts';

vi.mock('next/navigation', () => ({ useParams: () => ({ locale: 'en' }), useRouter: () => ({ push: vi.fn() }) }));
// the reader's zone (ADR 0031): China's here, whatever the machine's
vi.mock('@/lib/visitor-zone', async (actual) => ({ ...(await actual<typeof VisitorZone>()), browserZone: () => 'Asia/Shanghai' }));

import SeatsPanel from './seats-panel';

const texts: TFleetTexts = { texts: en.AccountSeats, network: 'Network error' };
const devices: TFleetDevice[] = [
  { id: 'd1', name: 'Office PC', online: true, sharedBy: null },
  { id: 'd2', name: 'Lab box', online: true, sharedBy: 'alice' },
];
const free: TSeat = {
  id: 's1',
  kind: 'MEMBER',
  orderId: 'o1',
  startsAt: '2026-11-20T08:00:00.000Z',
  expiresAt: '2027-11-20T08:00:00.000Z',
  active: true,
  assignee: null,
  assignedAt: null,
  movableFrom: null,
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SeatsPanel', () => {
  it('states the 7-day rule and lists each seat with product, term end and holder', () => {
    const held: TSeat = {
      ...free,
      id: 's2',
      kind: 'CHANNEL',
      assignee: { type: 'ACCOUNT', userId: 'u2', name: 'bob' },
      assignedAt: '2026-11-21T08:00:00.000Z',
      movableFrom: '2026-11-28T08:00:00.000Z',
    };
    render(<SeatsPanel initial={[free, held]} devices={devices} texts={texts} tag="en" moveDays={7} />);
    expect(screen.getByTestId('seats-rule').textContent).toContain(
      'A seat can change holder once every 7 days, counted from its last assignment.',
    );
    expect(screen.getByTestId('seats-buy').getAttribute('href')).toBe('/en/order?plan=YEAR&seats=1');
    const [first, second] = screen.getAllByTestId('seat');
    expect(within(first!).getByTestId('seat-product').textContent).toBe('Pro membership seat');
    expect(within(first!).getByTestId('seat-term').textContent).toBe('Runs until November 20, 2027');
    expect(within(first!).getByTestId('seat-holder').textContent).toBe('Not assigned');
    expect(within(second!).getByTestId('seat-product').textContent).toBe('Global channel seat');
    expect(within(second!).getByTestId('seat-holder').textContent).toBe('Assigned to the account bob');
    // the exact moment it may move (assigned 16:00 China time + 7 days), not a day
    expect(within(second!).getByTestId('seat-move-limit').textContent).toBe(
      'This seat can be given to another holder from Nov 28, 2026, 4:00 PM (UTC+8) (one change every 7 days).',
    );
    expect(within(second!).queryByTestId('seat-assign')).toBeNull();
  });

  it('assigns a seat to a device, then shows the next allowed move; taking it back keeps that date', async () => {
    const assigned: TSeat = {
      ...free,
      assignee: { type: 'DEVICE', deviceId: 'd2' },
      assignedAt: '2026-11-24T08:00:00.000Z',
      movableFrom: '2026-12-01T08:00:00.000Z',
    };
    api.reply('POST /seat/assign', { data: assigned });
    api.reply('POST /seat/unassign', { data: { ...assigned, assignee: null } });
    render(<SeatsPanel initial={[free]} devices={devices} texts={texts} tag="en" moveDays={7} />);
    fireEvent.change(screen.getByLabelText('Choose a device'), { target: { value: 'd2' } });
    fireEvent.submit(screen.getByTestId('seat-assign'));

    expect((await screen.findByTestId('seat-move-limit')).textContent).toBe(
      'This seat can be given to another holder from Dec 1, 2026, 4:00 PM (UTC+8) (one change every 7 days).',
    );
    expect(api.callsTo('POST /seat/assign')[0]!.body).toEqual({ seatId: 's1', deviceId: 'd2' });
    expect(screen.getByTestId('seat-holder').textContent).toBe('Assigned to the device Lab box');
    expect(api.toasts.success).toHaveBeenCalledWith('Seat assigned');

    fireEvent.click(screen.getByTestId('seat-unassign'));
    await vi.waitFor(() => expect(screen.getByTestId('seat-holder').textContent).toBe('Not assigned'));
    expect(api.callsTo('POST /seat/unassign')[0]!.body).toEqual({ seatId: 's1' });
    expect(screen.getByTestId('seat-move-limit').textContent).toContain('Dec 1, 2026, 4:00 PM (UTC+8)');
    expect(screen.queryByTestId('seat-unassign')).toBeNull();
  });

  it('assigns to an account by name and shows the API’s refusal in place', async () => {
    api.reply('POST /seat/assign', [
      { data: null, errcode: 70113, errmsg: 'No account with this username, phone number or email.', status: 404 },
      { data: null, errcode: 70111, errmsg: 'A seat can change holder once every 7 days. It can move again from 2026-12-01.', status: 409 },
    ]);
    render(<SeatsPanel initial={[free]} devices={devices} texts={texts} tag="en" moveDays={7} />);
    fireEvent.click(screen.getByLabelText('An account'));
    fireEvent.submit(screen.getByTestId('seat-assign'));
    expect(await screen.findByText("Enter the account's username, phone number or email.")).toBeTruthy();
    expect(api.callsTo('POST /seat/assign')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Account'), { target: { value: '  nobody ' } });
    fireEvent.submit(screen.getByTestId('seat-assign'));
    expect((await screen.findByTestId('seat-error')).textContent).toBe('No account with this username, phone number or email.');
    expect(api.callsTo('POST /seat/assign')[0]!.body).toEqual({ seatId: 's1', account: 'nobody' });

    fireEvent.submit(screen.getByTestId('seat-assign'));
    await vi.waitFor(() =>
      expect(screen.getByTestId('seat-error').textContent).toBe(
        'A seat can change holder once every 7 days. It can move again from 2026-12-01.',
      ),
    );
    expect(api.toasts.error).not.toHaveBeenCalled();
  });

  it('says when there are no seats', () => {
    render(<SeatsPanel initial={[]} devices={[]} texts={texts} tag="en" moveDays={7} />);
    expect(screen.getByTestId('seats-empty').textContent).toBe('You have no seats yet.');
  });
});
