import { act, cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import type * as Sonner from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';

// sonner must stay out of every page's first load: it is imported only when the first toast
// is requested, then that toast (and any queued with it) shows with the spec's settings.
const loaded = vi.hoisted(() => ({ sonner: false, props: null as Record<string, unknown> | null }));
vi.mock('sonner', async (importOriginal) => {
  loaded.sonner = true;
  const actual = await importOriginal<typeof Sonner>();
  return {
    ...actual,
    Toaster: (props: Record<string, unknown>) => {
      loaded.props = props;
      return createElement(actual.Toaster, props);
    },
  };
});

import { toast } from '../lib/toast';
import { ToastRegion } from './toast-region';

afterEach(cleanup);

describe('ToastRegion', () => {
  it('loads sonner on the first toast only, then shows queued toasts', async () => {
    render(<ToastRegion label="Notifications" />);
    // any import the mount started has settled by now
    await act(() => vi.dynamicImportSettled());
    expect(loaded.sonner).toBe(false);
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();

    act(() => {
      toast.error('Server internal error');
      toast.success('Saved');
    });
    expect(await screen.findByText('Server internal error')).toBeTruthy();
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(loaded.sonner).toBe(true);
    expect(loaded.props).toMatchObject({ duration: 3000, offset: 16, containerAriaLabel: 'Notifications', position: 'bottom-center' });

    // later toasts go straight to sonner
    act(() => toast.info('Code sent'));
    expect(await screen.findByText('Code sent')).toBeTruthy();
  });
});
