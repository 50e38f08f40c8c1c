import type { TMonitorWallList } from '@llk/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/account-fleet.json';
import { fakeApi, type FakeApi } from '../../../../test/support/fake-api';
import type { TFleetDevice, TFleetTexts } from '../texts';

vi.mock('next/navigation', () => ({ useParams: () => ({ locale: 'en' }), useRouter: () => ({ push: vi.fn() }) }));

import { draftCapacity, moveDevice } from './wall-editor';
import WallsPanel from './walls-panel';

const texts: TFleetTexts = { texts: en.AccountWalls, network: 'Network error' };
const devices: TFleetDevice[] = [
  { id: 'd1', name: 'Office PC', online: true, sharedBy: null },
  { id: 'd2', name: 'Home Mac', online: false, sharedBy: null },
  { id: 'd3', name: 'Lab box', online: true, sharedBy: 'alice' },
];
const none: TMonitorWallList = { walls: [], owned: 0, used: 0 };
const wall = { id: 'w1', name: 'Front desk', deviceIds: ['d1'], createdAt: '2026-11-20T08:00:00.000Z', updatedAt: '2026-11-20T08:00:00.000Z' };

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const names = () => within(screen.getByTestId('wall-order')).getAllByTestId('wall-device-name').map((item) => item.textContent);

describe('wall rules', () => {
  it('gives a wall what is owned minus what the other walls hold', () => {
    const list = { walls: [wall, { ...wall, id: 'w2', deviceIds: ['d2', 'd3'] }], owned: 4, used: 3 };
    expect(draftCapacity(list, { id: 'w1' })).toBe(2);
    expect(draftCapacity(list, {})).toBe(1);
    expect(draftCapacity({ ...list, owned: 2 }, {})).toBe(0);
  });

  it('moves one device a place up or down, and not past the ends', () => {
    expect(moveDevice(['a', 'b', 'c'], 'c', 'up')).toEqual(['a', 'c', 'b']);
    expect(moveDevice(['a', 'b', 'c'], 'a', 'down')).toEqual(['b', 'a', 'c']);
    expect(moveDevice(['a', 'b', 'c'], 'a', 'up')).toEqual(['a', 'b', 'c']);
    expect(moveDevice(['a', 'b', 'c'], 'c', 'down')).toEqual(['a', 'b', 'c']);
  });
});

describe('WallsPanel', () => {
  it('says the user owns no walls, that they are sold in the desktop app only, and links to its download (issue 33, item 3)', () => {
    render(<WallsPanel initial={none} devices={devices} texts={texts} tag="en" />);
    expect(screen.getByTestId('walls-none').textContent).toContain('You have no screen walls yet');
    expect(screen.getByTestId('walls-none').textContent).toContain('Screen walls are sold only in the desktop app, not on this site');
    expect(screen.getByTestId('walls-buy').getAttribute('href')).toBe('/en/download');
    expect(screen.getByTestId('walls-buy').textContent).toBe('Download the desktop app');
    expect(screen.queryByTestId('wall-new')).toBeNull();
  });

  it('stops adding devices at the owned count and shows the API’s limit refusal', async () => {
    api.reply('POST /monitorWall/save', { data: null, errcode: 70121, errmsg: 'Your screen walls hold at most 2 devices.', status: 409 });
    render(<WallsPanel initial={{ walls: [wall], owned: 2, used: 1 }} devices={devices} texts={texts} tag="en" />);
    expect(screen.getByTestId('walls-usage').textContent).toBe('1 of 2 devices on walls');

    fireEvent.click(screen.getByTestId('wall-new'));
    // the editor is loaded when it is first opened
    fireEvent.change(await screen.findByLabelText('Wall name'), { target: { value: 'Lobby' } });
    expect(screen.getByTestId('wall-places').textContent).toBe('0 of up to 1 devices on this wall');
    fireEvent.click(screen.getByRole('button', { name: 'Add Home Mac to the wall' }));
    expect(screen.getByTestId('walls-usage').textContent).toBe('2 of 2 devices on walls');
    expect(screen.getByTestId('wall-full').textContent).toBe(en.AccountWalls.full.replace('{owned}', '2'));
    const addOffice = screen.getByRole('button', { name: 'Add Office PC to the wall' }) as HTMLButtonElement;
    expect(addOffice.disabled).toBe(true);
    fireEvent.click(addOffice);
    expect(names()).toEqual(['Home Mac']);

    // another tab took the last place meanwhile: the API says no, in the user's language
    fireEvent.submit(screen.getByTestId('wall-editor'));
    expect((await screen.findByTestId('wall-error')).textContent).toBe('Your screen walls hold at most 2 devices.');
    expect(api.callsTo('POST /monitorWall/save')[0]!.body).toEqual({ name: 'Lobby', deviceIds: ['d2'] });
    expect(api.toasts.error).not.toHaveBeenCalled();
  });

  it('orders devices with up and down buttons, keeps the focus on the moved device, and saves the order', async () => {
    api.reply('POST /monitorWall/save', ({ body }) => ({ data: { ...wall, ...(body as object), updatedAt: '2026-11-24T08:00:00.000Z' } }));
    render(<WallsPanel initial={{ walls: [{ ...wall, deviceIds: ['d1', 'd2', 'd3'] }], owned: 5, used: 3 }} devices={devices} texts={texts} tag="en" />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit “Front desk”' }));
    await screen.findByTestId('wall-editor');
    expect(names()).toEqual(['Office PC', 'Home Mac', 'Lab box']);
    expect((screen.getByRole('button', { name: 'Move Office PC up' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Move Lab box up' }));
    expect(names()).toEqual(['Office PC', 'Lab box', 'Home Mac']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Lab box up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move Lab box up' }));
    expect(names()).toEqual(['Lab box', 'Office PC', 'Home Mac']);
    // at the top its up button is disabled: the focus goes to its down button
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Lab box down' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move Office PC down' }));
    expect(names()).toEqual(['Lab box', 'Home Mac', 'Office PC']);

    fireEvent.submit(screen.getByTestId('wall-editor'));
    await vi.waitFor(() => expect(screen.queryByTestId('wall-editor')).toBeNull());
    expect(api.callsTo('POST /monitorWall/save')[0]!.body).toEqual({ id: 'w1', name: 'Front desk', deviceIds: ['d3', 'd2', 'd1'] });
    const saved = screen.getByTestId('wall');
    expect(within(saved).getByTestId('wall-devices').textContent).toBe('Lab boxHome MacOffice PC');
    expect(api.toasts.success).toHaveBeenCalledWith('Screen wall saved');
  });

  it('asks for a name before saving, and deletes a wall after a second click', async () => {
    api.reply('POST /monitorWall/delete', { data: null });
    render(<WallsPanel initial={{ walls: [wall], owned: 2, used: 1 }} devices={devices} texts={texts} tag="en" />);
    fireEvent.click(screen.getByTestId('wall-new'));
    fireEvent.submit(await screen.findByTestId('wall-editor'));
    expect(await screen.findByText('Give the wall a name.')).toBeTruthy();
    expect(api.callsTo('POST /monitorWall/save')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Delete “Front desk”' }));
    expect(api.callsTo('POST /monitorWall/delete')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('wall-delete-confirm'));
    expect(await screen.findByTestId('walls-empty')).toBeTruthy();
    expect(api.callsTo('POST /monitorWall/delete')[0]!.body).toEqual({ id: 'w1' });
    expect(screen.getByTestId('walls-usage').textContent).toBe('0 of 2 devices on walls');
  });
});
