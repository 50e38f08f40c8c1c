import { redeemCheckChar } from '@llk/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/account-fleet.json';
import { translator } from '@/lib/texts';
import { fakeApi, type FakeApi } from '../../../../test/support/fake-api';
import type { TFleetTexts } from '../texts';

vi.mock('next/navigation', () => ({ useParams: () => ({ locale: 'en' }), useRouter: () => ({ push: vi.fn() }) }));

import RedeemForm, { resultText } from './redeem-form';

const texts: TFleetTexts = { texts: en.AccountRedeem, network: 'Network error' };
const PAYLOAD = 'K7MQ2XRT9WHP4CN';
const CODE = PAYLOAD + redeemCheckChar(PAYLOAD);
const field = () => screen.getByLabelText('Redemption code') as HTMLInputElement;

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('resultText', () => {
  const t = translator(en.AccountRedeem, 'en');
  it('says what each kind of code added', () => {
    expect(
      resultText(
        { kind: 'MEMBER_DAYS', amount: 30, qualityTier: null, expiresAt: '2027-01-10T04:00:00.000Z', monitorCount: null },
        t,
        'en',
      ),
    ).toBe('30 days of Pro membership added. Your membership runs until January 10, 2027.');
    expect(
      resultText(
        { kind: 'CHANNEL_DAYS', amount: 1, qualityTier: null, expiresAt: '2027-01-10T04:00:00.000Z', monitorCount: null },
        t,
        'en',
      ),
    ).toBe('1 day of the global channel added. It runs until January 10, 2027.');
    expect(
      resultText(
        { kind: 'QUALITY_DAYS', amount: 7, qualityTier: 'ULTRA', expiresAt: '2027-01-10T04:00:00.000Z', monitorCount: null },
        t,
        'en',
      ),
    ).toBe('7 days of Ultra HD picture quality added. It runs until January 10, 2027.');
    expect(resultText({ kind: 'MONITOR', amount: 4, qualityTier: null, expiresAt: null, monitorCount: 14 }, t, 'en')).toBe(
      '4 screen walls added. You now own 14.',
    );
  });
});

describe('RedeemForm', () => {
  it('formats the code as it is typed: upper case, groups of four, unused characters left out', () => {
    render(<RedeemForm texts={texts} tag="en" />);
    fireEvent.change(field(), { target: { value: 'k7mq 2x' } });
    expect(field().value).toBe('K7MQ-2X');
    fireEvent.change(field(), { target: { value: 'K7MQ-2XO0' } });
    expect(field().value).toBe('K7MQ-2X');
    expect(screen.getByText(en.AccountRedeem.dropped)).toBeTruthy();
  });

  it('names a typo before sending anything', () => {
    render(<RedeemForm texts={texts} tag="en" />);
    const typo = `${CODE.slice(0, 15)}${CODE.endsWith('2') ? '3' : '2'}`;
    fireEvent.change(field(), { target: { value: typo } });
    expect(screen.getByText('This code has a typo: check each character.')).toBeTruthy();
    fireEvent.submit(screen.getByTestId('redeem-form'));
    expect(api.callsTo('POST /redeem')).toHaveLength(0);
  });

  it('redeems the canonical code and says what was added', async () => {
    api.reply('POST /redeem', {
      data: { kind: 'MEMBER_DAYS', amount: 30, qualityTier: null, expiresAt: '2027-01-10T04:00:00.000Z', monitorCount: null },
    });
    render(<RedeemForm texts={texts} tag="en" />);
    fireEvent.change(field(), { target: { value: CODE.toLowerCase() } });
    expect(field().value).toBe(`${CODE.slice(0, 4)}-${CODE.slice(4, 8)}-${CODE.slice(8, 12)}-${CODE.slice(12)}`);
    fireEvent.submit(screen.getByTestId('redeem-form'));
    expect((await screen.findByTestId('redeem-result-text')).textContent).toBe(
      '30 days of Pro membership added. Your membership runs until January 10, 2027.',
    );
    expect(api.callsTo('POST /redeem')[0]!.body).toEqual({ code: CODE });
    expect(field().value).toBe('');
  });

  it('shows the API’s refusals (used, too many tries) in place, not as toasts', async () => {
    api.reply('POST /redeem', [
      { data: null, errcode: 70103, errmsg: 'This code has already been redeemed.', status: 409 },
      { data: null, errcode: 70105, errmsg: 'Too many wrong codes. Please try again later.', status: 429 },
    ]);
    render(<RedeemForm texts={texts} tag="en" />);
    fireEvent.change(field(), { target: { value: CODE } });
    fireEvent.submit(screen.getByTestId('redeem-form'));
    expect((await screen.findByTestId('redeem-error')).textContent).toBe('This code has already been redeemed.');
    fireEvent.submit(screen.getByTestId('redeem-form'));
    await vi.waitFor(() => expect(screen.getByTestId('redeem-error').textContent).toBe('Too many wrong codes. Please try again later.'));
    expect(screen.queryByTestId('redeem-result')).toBeNull();
    expect(api.toasts.error).not.toHaveBeenCalled();
  });

  it('asks for the whole code', () => {
    render(<RedeemForm texts={texts} tag="en" />);
    fireEvent.change(field(), { target: { value: 'K7MQ' } });
    fireEvent.submit(screen.getByTestId('redeem-form'));
    expect(screen.getByText('A code has 16 characters.')).toBeTruthy();
    expect(api.callsTo('POST /redeem')).toHaveLength(0);
  });
});
