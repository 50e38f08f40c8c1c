import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';
import { TextField } from './field';
import { Tabs } from './tabs';
import { stubDialogs } from '../../../test/support/dialog';

// The UI kit's behaviour that pages rely on: the tabs pattern (roles, roving focus, arrows,
// Home/End), the native modal dialog opened and closed from state, and labelled fields.

afterEach(cleanup);

const tabs = [
  { value: 'month', title: 'Monthly', panel: <p>Month prices</p> },
  { value: 'year', title: (selected: boolean) => (selected ? 'Yearly (selected)' : 'Yearly'), panel: <p>Year prices</p> },
  { value: 'life', title: 'Lifetime', panel: <p>Lifetime prices</p> },
];

describe('Tabs', () => {
  it('selects the initial tab, links it to its panel and mounts only that panel', () => {
    render(<Tabs label="Billing period" tabs={tabs} initial="year" idPrefix="billing" />);
    const selected = screen.getByRole('tab', { selected: true });
    expect(selected.textContent).toBe('Yearly (selected)');
    expect(selected.getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('tab', { name: 'Monthly' }).getAttribute('tabindex')).toBe('-1');
    const panel = screen.getByRole('tabpanel');
    expect(panel.id).toBe(selected.getAttribute('aria-controls'));
    expect(panel.getAttribute('aria-labelledby')).toBe('billing-tab-year');
    expect(panel.textContent).toBe('Year prices');
    expect(screen.queryByText('Month prices')).toBeNull();
    expect(screen.getByRole('tablist', { name: 'Billing period' })).toBeTruthy();
  });

  it('moves with the arrow keys (wrapping), Home and End, and follows a click', () => {
    render(<Tabs label="Billing period" tabs={tabs} />);
    const [month, year, life] = screen.getAllByRole('tab');
    fireEvent.keyDown(month!, { key: 'ArrowLeft' });
    expect(screen.getByRole('tabpanel').textContent).toBe('Lifetime prices');
    expect(document.activeElement).toBe(life);
    fireEvent.keyDown(life!, { key: 'ArrowRight' });
    expect(screen.getByRole('tabpanel').textContent).toBe('Month prices');
    fireEvent.keyDown(month!, { key: 'End' });
    expect(document.activeElement).toBe(life);
    fireEvent.keyDown(life!, { key: 'Home' });
    expect(document.activeElement).toBe(month);
    fireEvent.keyDown(month!, { key: 'Enter' });
    expect(screen.getByRole('tabpanel').textContent).toBe('Month prices');
    fireEvent.click(year!);
    expect(year!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Year prices');
  });

  it('keeps every panel mounted and hides the others when asked', () => {
    render(<Tabs label="Billing period" tabs={tabs} keepMounted idPrefix="p" />);
    expect(screen.getByTestId('p-panel-month').hidden).toBe(false);
    expect(screen.getByTestId('p-panel-year').hidden).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: 'Lifetime' }));
    expect(screen.getByTestId('p-panel-life').hidden).toBe(false);
    expect(screen.getByTestId('p-panel-month').hidden).toBe(true);
  });
});

describe('Dialog', () => {
  beforeEach(() => {
    stubDialogs();
  });

  function Confirm({ onClose }: { onClose: () => void }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Cancel the rental
        </button>
        <Dialog
          open={open}
          onClose={() => {
            setOpen(false);
            onClose();
          }}
          titleId="confirm-title"
          descriptionId="confirm-body"
          testId="confirm"
        >
          <h2 id="confirm-title">Cancel this cloud PC?</h2>
          <p id="confirm-body">It stops at the end of the term.</p>
          <button type="button" onClick={() => setOpen(false)}>
            Keep it
          </button>
        </Dialog>
      </>
    );
  }

  it('opens as a modal from state, is named by its title, and reports a close', () => {
    const onClose = vi.fn();
    render(<Confirm onClose={onClose} />);
    const dialog = screen.getByTestId('confirm') as HTMLDialogElement;
    expect(dialog.open).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the rental' }));
    expect(dialog.open).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Cancel this cloud PC?' })).toBe(dialog);
    expect(dialog.getAttribute('aria-describedby')).toBe('confirm-body');
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(dialog.open).toBe(false);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('TextField', () => {
  it('announces the hint and the error with the control', () => {
    render(
      <TextField
        name="phone"
        label="Phone"
        hint="Mainland or +country code"
        error="Please enter a valid phone number"
        value="1"
        onChange={() => undefined}
      />,
    );
    const input = screen.getByLabelText('Phone');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)!.textContent);
    expect(described).toEqual(['Mainland or +country code', 'Please enter a valid phone number']);
  });
});
