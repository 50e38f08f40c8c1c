import type { TMonitorWallList } from '@llk/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/account-fleet.json';
import { fakeApi, type FakeApi } from '../../../../test/support/fake-api';
import type { TFleetDevice, TFleetTexts } from '../texts';

vi.mock('next/navigation', () => ({ useParams: () => ({ locale: 'en' }), useRouter: () => ({ push: vi.fn() }) }));

import { arrowTarget, draftCapacity, gridShape, moveDeviceTo } from './wall-editor';
import WallsPanel from './walls-panel';

const texts: TFleetTexts = { texts: en.AccountWalls, network: 'Network error' };
const devices: TFleetDevice[] = [
  { id: 'd1', name: 'Office PC', online: true, sharedBy: null },
  { id: 'd2', name: 'Home Mac', online: false, sharedBy: null },
  { id: 'd3', name: 'Lab box', online: true, sharedBy: 'alice' },
];
const none: TMonitorWallList = { walls: [], owned: 0, used: 0 };
const wall = {
  id: 'w1',
  name: 'Front desk',
  deviceIds: ['d1'],
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const names = () =>
  within(screen.getByTestId('wall-order'))
    .getAllByTestId('wall-device-name')
    .map((item) => item.textContent);

describe('wall rules', () => {
  it('gives a wall what is owned minus what the other walls hold', () => {
    const list = { walls: [wall, { ...wall, id: 'w2', deviceIds: ['d2', 'd3'] }], owned: 4, used: 3 };
    expect(draftCapacity(list, { id: 'w1' })).toBe(2);
    expect(draftCapacity(list, {})).toBe(1);
    expect(draftCapacity({ ...list, owned: 2 }, {})).toBe(0);
  });

  it('moves one device to another place, clamped to the wall', () => {
    expect(moveDeviceTo(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b']);
    expect(moveDeviceTo(['a', 'b', 'c'], 'a', 2)).toEqual(['b', 'c', 'a']);
    expect(moveDeviceTo(['a', 'b', 'c'], 'a', 9)).toEqual(['b', 'c', 'a']);
    expect(moveDeviceTo(['a', 'b', 'c'], 'x', 0)).toEqual(['a', 'b', 'c']);
  });

  it('moves on the grid with the arrow keys: a place sideways, a row up or down, not off the wall', () => {
    // 5 devices on 3 columns: 1 2 3 / 4 5
    expect(arrowTarget('ArrowRight', 1, 5, 3)).toBe(2);
    expect(arrowTarget('ArrowLeft', 0, 5, 3)).toBe(0);
    expect(arrowTarget('ArrowDown', 0, 5, 3)).toBe(3);
    expect(arrowTarget('ArrowDown', 2, 5, 3)).toBe(4);
    expect(arrowTarget('ArrowUp', 4, 5, 3)).toBe(1);
    expect(arrowTarget('End', 0, 5, 3)).toBe(4);
    expect(arrowTarget('Home', 4, 5, 3)).toBe(0);
    expect(arrowTarget('a', 1, 5, 3)).toBeNull();
  });

  it('draws the wall square-ish, at most 4 wide, with its free places up to 16 cells', () => {
    expect(gridShape(0, 2)).toEqual({ free: 2, columns: 2 });
    expect(gridShape(2, 2)).toEqual({ free: 0, columns: 2 });
    expect(gridShape(3, 9)).toEqual({ free: 6, columns: 3 });
    expect(gridShape(5, 100)).toEqual({ free: 11, columns: 4 });
    expect(gridShape(0, 0)).toEqual({ free: 0, columns: 1 });
  });
});

describe('WallsPanel', () => {
  it('says the user owns no walls, that they are sold in the desktop app only, and links to its download', () => {
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

  it('shows the wall as a grid of its places and orders it from the keyboard and by tapping, announcing each move', async () => {
    api.reply('POST /monitorWall/save', ({ body }) => ({ data: { ...wall, ...(body as object), updatedAt: '2026-11-24T08:00:00.000Z' } }));
    render(
      <WallsPanel
        initial={{ walls: [{ ...wall, deviceIds: ['d1', 'd2', 'd3'] }], owned: 5, used: 3 }}
        devices={devices}
        texts={texts}
        tag="en"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit “Front desk”' }));
    await screen.findByTestId('wall-editor');
    expect(names()).toEqual(['Office PC', 'Home Mac', 'Lab box']);
    // three devices and two free places of the five owned: a grid three wide
    const grid = screen.getByTestId('wall-order');
    expect(grid.getAttribute('data-columns')).toBe('3');
    expect(screen.getAllByTestId('wall-free')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /up$|down$/ })).toBeNull();

    // select Lab box (Enter on a button is a click), move it left twice, put it down
    const tile = (name: string) =>
      [...grid.querySelectorAll<HTMLButtonElement>('button[data-tile]')].find((button) => button.textContent?.includes(name))!;
    fireEvent.click(tile('Lab box'));
    expect(tile('Lab box').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('wall-announce').textContent).toBe(
      'Lab box selected, place 3 of 3. Move it with the arrow keys or tap its new place; Enter puts it down.',
    );
    // happy-dom lays nothing out: one column, so ArrowUp is one place back
    fireEvent.keyDown(tile('Lab box'), { key: 'ArrowLeft' });
    expect(names()).toEqual(['Office PC', 'Lab box', 'Home Mac']);
    expect(document.activeElement).toBe(tile('Lab box'));
    expect(screen.getByTestId('wall-announce').textContent).toBe('Lab box moved to place 2 of 3.');
    fireEvent.keyDown(tile('Lab box'), { key: 'ArrowUp' });
    expect(names()).toEqual(['Lab box', 'Office PC', 'Home Mac']);
    fireEvent.keyDown(tile('Lab box'), { key: 'ArrowLeft' });
    expect(names()).toEqual(['Lab box', 'Office PC', 'Home Mac']);
    fireEvent.click(tile('Lab box'));
    expect(tile('Lab box').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('wall-announce').textContent).toBe('Lab box put down at place 1 of 3.');
    // arrows do nothing to a device not selected
    fireEvent.keyDown(tile('Office PC'), { key: 'ArrowRight' });
    expect(names()).toEqual(['Lab box', 'Office PC', 'Home Mac']);
    // by tapping: select Office PC, tap Home Mac's place
    fireEvent.click(tile('Office PC'));
    fireEvent.click(tile('Home Mac'));
    expect(names()).toEqual(['Lab box', 'Home Mac', 'Office PC']);
    expect(screen.getByTestId('wall-announce').textContent).toBe('Office PC put down at place 3 of 3.');

    fireEvent.submit(screen.getByTestId('wall-editor'));
    await vi.waitFor(() => expect(screen.queryByTestId('wall-editor')).toBeNull());
    expect(api.callsTo('POST /monitorWall/save')[0]!.body).toEqual({ id: 'w1', name: 'Front desk', deviceIds: ['d3', 'd2', 'd1'] });
    const saved = screen.getByTestId('wall');
    expect(within(saved).getByTestId('wall-devices').textContent).toBe('Lab boxHome MacOffice PC');
    expect(api.toasts.success).toHaveBeenCalledWith('Screen wall saved');
  });

  it('moves a device by dragging it onto another place', async () => {
    render(
      <WallsPanel
        initial={{ walls: [{ ...wall, deviceIds: ['d1', 'd2', 'd3'] }], owned: 3, used: 3 }}
        devices={devices}
        texts={texts}
        tag="en"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit “Front desk”' }));
    await screen.findByTestId('wall-editor');
    const place = (id: string) => screen.getByTestId('wall-order').querySelector(`[data-wall-device="${id}"]`)!;
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(place('d1'), { dataTransfer });
    fireEvent.dragOver(place('d3'), { dataTransfer });
    fireEvent.drop(place('d3'), { dataTransfer });
    fireEvent.dragEnd(place('d1'), { dataTransfer });
    expect(names()).toEqual(['Home Mac', 'Lab box', 'Office PC']);
    expect(screen.getByTestId('wall-announce').textContent).toBe('Office PC put down at place 3 of 3.');
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
