import type { TDeviceListCloudPc } from '@llk/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/cloud-pc.json';
import ko from '../../../../messages/ko/cloud-pc.json';

vi.mock('next/navigation', () => ({
  useParams: () => ({ locale: 'en' }),
  useRouter: () => ({ push: vi.fn() }),
  usePathname: () => '/en/account/devices',
}));

import { CloudPcDevices } from './cloud-pc-devices';

// A rented cloud PC shows in /account/devices (ADR 0035), marked as a cloud PC with its
// plan and end date, with Renew and the way to auto-renew and cancelling.

const machine: TDeviceListCloudPc = {
  id: 'M01',
  name: 'CPC-7K2M9Q',
  planId: 'ULTIMATE',
  timeUnit: 'MONTH',
  autoRenew: true,
  expiresAt: '2027-01-02T04:00:00.000Z',
  pendingRenewalOrderId: null,
};

afterEach(cleanup);

describe('CloudPcDevices', () => {
  it('marks each machine as a cloud PC with plan, end date and auto-renew, and links Renew and the cloud-PC actions', () => {
    render(
      <CloudPcDevices
        machines={[
          machine,
          { ...machine, id: 'M02', name: 'CPC-AAAAAA', planId: 'STANDARD', autoRenew: false, pendingRenewalOrderId: 'O1' },
        ]}
        texts={en.CloudPc}
        tag="en"
      />,
    );
    const [first, second] = screen.getAllByTestId('device-cloud-pc');
    expect(within(first!).getByTestId('device-cloud-pc-badge').textContent).toBe('Cloud PC');
    expect(within(first!).getByTestId('device-cloud-pc-plan').textContent).toBe('Ultimate');
    expect(within(first!).getByTestId('device-cloud-pc-expires').textContent).toContain('2027');
    expect(within(first!).getByTestId('device-cloud-pc-auto-renew').textContent).toBe('On');
    expect(within(first!).getByTestId('device-cloud-pc-renew').getAttribute('href')).toBe(
      '/en/order?sku=CLOUD_PC_ULTIMATE_MONTH&renew=M01',
    );
    expect(within(first!).getByTestId('device-cloud-pc-renew').textContent).toBe('Renew');
    expect(within(first!).getByTestId('device-cloud-pc-manage').getAttribute('href')).toBe('/en/cloudPc#cloud-pc-devices');
    expect(within(second!).getByTestId('device-cloud-pc-auto-renew').textContent).toBe('Off');
    expect(within(second!).getByTestId('device-cloud-pc-renew').textContent).toBe('Pay for the renewal');
  });

  it('speaks the page’s language', () => {
    render(<CloudPcDevices machines={[machine]} texts={ko.CloudPc} tag="ko-KR" />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('클라우드 PC');
    expect(screen.getByTestId('device-cloud-pc-plan').textContent).toBe(ko.CloudPc.plans.ULTIMATE);
  });

  it('shows nothing without cloud PCs', () => {
    const { container } = render(<CloudPcDevices machines={[]} texts={en.CloudPc} tag="en" />);
    expect(container.innerHTML).toBe('');
  });
});
