import type { TDeviceListCloudPc } from '@llk/contracts';
import { LocalTime } from '@/components/local-time';
import { buttonClass } from '@/components/ui/button';
import { Link } from '@/i18n/navigation';
import { cloudPcSku } from '@/features/cloud-pc/sku';

/** The CloudPc messages this list shows (the cloud-PC page's words, so both say the same). */
export interface TCloudPcListTexts {
  inDeviceList?: { heading?: string; intro?: string; badge?: string; manage?: string };
  devices?: {
    planLabel?: string;
    expiresLabel?: string;
    autoRenew?: string;
    on?: string;
    off?: string;
    renew?: string;
    payRenewal?: string;
  };
  plans?: Record<string, string>;
}

/**
 * A rented cloud PC is one of the account's devices (ADR 0035): /account/devices
 * lists the running ones GET /device/list carries (`cloudPcs`), marked as cloud PCs with the plan
 * and the end of the paid time, with Renew (the order page pays the renewal) and a link to the
 * cloud-PC page's auto-renew switch and Cancel, which stay there. Nothing when there are none.
 */
export function CloudPcDevices({ machines, texts, tag }: { machines: TDeviceListCloudPc[]; texts: TCloudPcListTexts; tag: string }) {
  if (machines.length === 0) return null;
  const s = texts.inDeviceList ?? {};
  const d = texts.devices ?? {};
  return (
    <section
      className="rounded-card border border-line bg-canvas p-5 shadow-card sm:p-6"
      aria-labelledby="cloud-pc-devices-heading"
      data-testid="device-cloud-pcs"
    >
      <h2 id="cloud-pc-devices-heading" className="text-lg font-semibold text-balance break-keep text-ink">
        {s.heading}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{s.intro}</p>
      <ul className="mt-4 divide-y divide-line">
        {machines.map((machine) => (
          <li
            key={machine.id}
            className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 py-3"
            data-testid="device-cloud-pc"
            data-id={machine.id}
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold break-all text-ink" data-testid="device-cloud-pc-name">
                  {machine.name}
                </span>
                <span
                  className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800"
                  data-testid="device-cloud-pc-badge"
                >
                  {s.badge}
                </span>
              </p>
              <dl className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-muted">
                <div className="flex gap-1">
                  <dt>{d.planLabel}</dt>
                  <dd className="font-medium text-ink" data-testid="device-cloud-pc-plan">
                    {texts.plans?.[machine.planId] ?? machine.planId}
                  </dd>
                </div>
                <div className="flex gap-1">
                  <dt>{d.expiresLabel}</dt>
                  <dd className="font-medium text-ink" data-testid="device-cloud-pc-expires">
                    <LocalTime iso={machine.expiresAt} languageTag={tag} kind="dateMedium" />
                  </dd>
                </div>
                <div className="flex gap-1">
                  <dt>{d.autoRenew}</dt>
                  <dd className="font-medium text-ink" data-testid="device-cloud-pc-auto-renew">
                    {machine.autoRenew ? d.on : d.off}
                  </dd>
                </div>
              </dl>
            </div>
            <div className="flex flex-wrap gap-2">
              <Link
                href={{ pathname: '/order', query: { sku: cloudPcSku(machine.planId, machine.timeUnit), renew: machine.id } }}
                className={buttonClass({ size: 'sm' })}
                data-testid="device-cloud-pc-renew"
              >
                {machine.pendingRenewalOrderId ? d.payRenewal : d.renew}
              </Link>
              <Link
                href={{ pathname: '/cloudPc', hash: 'cloud-pc-devices' }}
                className={buttonClass({ variant: 'secondary', size: 'sm' })}
                data-testid="device-cloud-pc-manage"
              >
                {s.manage}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
