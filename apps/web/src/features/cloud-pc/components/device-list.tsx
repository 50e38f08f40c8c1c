'use client';

import type { TCloudPcDevice, TCloudPcInvoice, TCustomerRefundState } from '@llk/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from '@/i18n/navigation';
import { session } from '@/lib/session';
import { toast } from '@/lib/toast';
import { loadDevices, cancelDevice, refundDevice, setAutoRenew, type TDevicesLoad } from '../cloud-pc-api';
import { deviceActions, refundTimeLeft, renewalDue } from '../rules';
import { cloudPcSku } from '../sku';
import { useVisitorZone } from '@/components/local-time';
import { fill, formatDateTime, formatFen } from '@/lib/format';
import type { TCloudPcTexts } from '../texts';
import { buttonClass } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { InvoiceRequest } from './invoice-request';

// The logged-in part of /cloudPc, loaded by DevicePanel: the caller's machines (newest first,
// released ones too) with plan, cores/threads, status and expiry; auto-renew switch, Renew (the
// order page pays the renewal), Cancel and the first-order Refund behind a confirmation dialog
// (the refund's shows, before confirming, each order it pays back with the server's amounts),
// and one invoice request per paid rental order.

type TState = { kind: 'loading' } | Exclude<TDevicesLoad, { kind: 'loggedOut' }>;
type TConfirm = { kind: 'cancel' | 'refund'; device: TCloudPcDevice } | null;

const statusTone: Record<TCloudPcDevice['status'], string> = {
  RUNNING: 'bg-emerald-50 text-emerald-800',
  RELEASED: 'bg-surface text-ink-muted',
  EXPIRED: 'bg-amber-50 text-amber-900',
};

export default function DeviceList({ texts, tag }: { texts: TCloudPcTexts; tag: string }) {
  const zone = useVisitorZone();
  const d = texts.devices;
  const [state, setState] = useState<TState>({ kind: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<TConfirm>(null);
  const [now, setNow] = useState(() => Date.now());

  const load = useCallback(async () => {
    const result = await loadDevices();
    if (result.kind === 'loggedOut')
      session.clear(); // back to the visitor's view
    else setState(result);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // Re-render when the nearest refund window closes, so the Refund button goes away on time.
  useEffect(() => {
    if (state.kind !== 'ready') return;
    const left = state.devices.map((device) => refundTimeLeft(device, Date.now())).filter((ms) => ms > 0);
    if (left.length === 0) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(...left) + 50);
    return () => clearTimeout(timer);
  }, [state, now]);

  const replace = (device: TCloudPcDevice) =>
    setState((s) => (s.kind === 'ready' ? { ...s, devices: s.devices.map((item) => (item.id === device.id ? device : item)) } : s));

  async function toggleAutoRenew(device: TCloudPcDevice) {
    if (busy) return;
    setBusy(device.id);
    try {
      replace(await setAutoRenew(device.id, !device.autoRenew));
      toast.success(device.autoRenew ? (d.autoRenewOff ?? '') : (d.autoRenewOn ?? ''));
    } catch {
      // the API client has shown errmsg
    } finally {
      setBusy(null);
    }
  }

  async function confirmAction() {
    if (!confirm || busy) return;
    const { kind, device } = confirm;
    setBusy(device.id);
    try {
      const updated = kind === 'cancel' ? await cancelDevice(device.id) : (await refundDevice(device.id)).device;
      replace(updated);
      toast.success(fill(kind === 'cancel' ? d.cancelled : d.refunded, { name: device.name }));
      setConfirm(null);
    } catch {
      // the API client has shown errmsg; the dialog stays open for another try or Keep it
      await load();
    } finally {
      setBusy(null);
    }
  }

  if (state.kind === 'loading') {
    return (
      <p role="status" className="text-ink-muted">
        {d.loading}
      </p>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div role="alert" className="space-y-3">
        <p className="text-ink-muted">{d.loadFailed}</p>
        <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={() => void load()}>
          {d.retry}
        </button>
      </div>
    );
  }
  if (state.devices.length === 0) {
    return (
      <div className="space-y-3" data-testid="cloud-pc-empty">
        <p className="text-ink-muted">{d.empty}</p>
        <a href="#cloud-pc-plans" className={buttonClass()}>
          {d.emptyCta}
        </a>
      </div>
    );
  }

  const invoiceOf = (orderId: string): TCloudPcInvoice | undefined => state.invoices.find((invoice) => invoice.orderId === orderId);

  return (
    <>
      <ul className="space-y-4" data-testid="cloud-pc-devices">
        {state.devices.map((device) => {
          const actions = deviceActions(device, now);
          const working = busy === device.id;
          return (
            <li
              key={device.id}
              className="rounded-card border border-line bg-canvas p-5 shadow-card sm:p-6"
              data-testid="cloud-pc-device"
              data-device-id={device.id}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-3">
                <h3 className="font-mono text-lg font-semibold text-ink" data-testid="device-name">
                  {device.name}
                </h3>
                <span
                  className={`rounded-full px-3 py-1 text-sm font-medium ${statusTone[device.status]}`}
                  data-testid="device-status"
                  data-status={device.status}
                >
                  {texts.status[device.status]}
                </span>
              </div>
              <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
                <div>
                  <dt className="text-ink-muted">{d.planLabel}</dt>
                  <dd className="font-medium text-ink" data-testid="device-plan">
                    {texts.plans[device.planId]}
                  </dd>
                </div>
                <div>
                  <dt className="text-ink-muted">{d.specLabel}</dt>
                  <dd className="font-medium text-ink" data-testid="device-spec">
                    {fill(d.spec, { cores: device.cores, threads: device.threads, memory: device.memoryGb })}
                  </dd>
                </div>
                <div>
                  <dt className="text-ink-muted">{device.releasedAt ? d.releasedLabel : d.expiresLabel}</dt>
                  <dd className="font-medium text-ink" data-testid="device-expiry">
                    {formatDateTime(device.releasedAt ?? device.expiresAt, tag, zone)}
                  </dd>
                </div>
              </dl>
              {actions.autoRenew ? (
                <div className="mt-4 flex items-center gap-3">
                  <button
                    type="button"
                    role="switch"
                    aria-checked={device.autoRenew}
                    aria-label={d.autoRenew}
                    disabled={working}
                    onClick={() => void toggleAutoRenew(device)}
                    className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-line-strong transition-colors aria-checked:bg-brand-600 disabled:opacity-60"
                    data-testid="device-auto-renew"
                  >
                    <span
                      aria-hidden="true"
                      className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${device.autoRenew ? 'translate-x-6' : 'translate-x-1'}`}
                    />
                  </button>
                  <span className="text-sm text-ink">{d.autoRenew}</span>
                  <span className="text-sm text-ink-muted">{device.autoRenew ? d.on : d.off}</span>
                </div>
              ) : null}
              {renewalDue(device, now) ? (
                <p className="mt-3 text-sm font-medium text-amber-900" data-testid="device-renewal-due">
                  {fill(d.renewalDue ?? '', { time: formatDateTime(device.expiresAt, tag, zone) })}
                </p>
              ) : null}
              {device.pendingRenewalOrderId && actions.renew ? (
                <p className="mt-3 text-sm text-amber-900" data-testid="device-pending-renewal">
                  {d.pendingRenewal}
                </p>
              ) : null}
              {actions.refund && device.refundableUntil ? (
                <p className="mt-3 text-sm text-ink-muted">
                  {fill(d.refundUntil, { time: formatDateTime(device.refundableUntil, tag, zone) })}
                </p>
              ) : null}
              {actions.renew || actions.cancel || actions.refund ? (
                <div className="mt-4 flex flex-wrap gap-3">
                  {actions.renew ? (
                    <Link
                      href={{ pathname: '/order', query: { sku: cloudPcSku(device.planId, device.timeUnit), renew: device.id } }}
                      className={buttonClass()}
                      data-testid="device-renew"
                    >
                      {device.pendingRenewalOrderId ? d.payRenewal : d.renew}
                    </Link>
                  ) : null}
                  {actions.refund ? (
                    <button
                      type="button"
                      className={buttonClass({ variant: 'secondary' })}
                      disabled={working}
                      onClick={() => setConfirm({ kind: 'refund', device })}
                      data-testid="device-refund"
                    >
                      {d.refund}
                    </button>
                  ) : null}
                  {actions.cancel ? (
                    <button
                      type="button"
                      className={buttonClass({ variant: 'secondary' })}
                      disabled={working}
                      onClick={() => setConfirm({ kind: 'cancel', device })}
                      data-testid="device-cancel"
                    >
                      {d.cancel}
                    </button>
                  ) : null}
                </div>
              ) : null}
              {device.refunds.length ? <RefundStates texts={texts} tag={tag} device={device} /> : null}
              {device.refundedAt ? (
                <p className="mt-4 text-sm text-ink-muted" data-testid="device-refunded">
                  {fill(d.refundedNote, { time: formatDateTime(device.refundedAt, tag, zone) })}
                </p>
              ) : device.refunds.length ? (
                // never "refunded" before the payment provider (or support) confirmed the money back
                <p className="mt-2 text-sm text-ink-muted" data-testid="device-refund-open">
                  {device.refunds.some((refund) => refund.state === 'REFUSED') ? d.refundRefusedNote : d.refundOpenNote}
                </p>
              ) : (
                <InvoiceRequest
                  texts={texts}
                  tag={tag}
                  orderId={device.orderId}
                  invoice={invoiceOf(device.orderId)}
                  onRequested={(invoice) => setState((s) => (s.kind === 'ready' ? { ...s, invoices: [invoice, ...s.invoices] } : s))}
                />
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        texts={texts}
        tag={tag}
        confirm={confirm}
        busy={busy !== null}
        // Cancelling inside the first-order refund window gives the refund up: say so, with its end.
        refundHint={
          confirm?.kind === 'cancel' && confirm.device.refundableUntil && refundTimeLeft(confirm.device, Date.now()) > 0
            ? fill(d.cancelLosesRefund ?? '', { time: formatDateTime(confirm.device.refundableUntil, tag, zone) })
            : null
        }
        onConfirm={() => void confirmAction()}
        onClose={() => setConfirm(null)}
      />
    </>
  );
}

/** The modal confirmation of Cancel and Refund (a native <dialog>: focus trap, Escape, backdrop). */
function ConfirmDialog({
  texts,
  tag,
  confirm,
  busy,
  refundHint,
  onConfirm,
  onClose,
}: {
  texts: TCloudPcTexts;
  tag: string;
  confirm: TConfirm;
  busy: boolean;
  refundHint: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const d = texts.devices;
  const kind = confirm?.kind ?? 'cancel';
  const name = confirm?.device.name ?? '';
  const keepRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={confirm !== null}
      onClose={onClose}
      titleId="cloud-pc-confirm-title"
      descriptionId="cloud-pc-confirm-body"
      testId="cloud-pc-confirm"
      initialFocus={keepRef}
    >
      <h2 id="cloud-pc-confirm-title" className="text-lg font-semibold">
        {fill(kind === 'cancel' ? d.cancelTitle : d.refundTitle, { name })}
      </h2>
      <p id="cloud-pc-confirm-body" className="mt-3 leading-relaxed text-ink-muted">
        {kind === 'cancel' ? d.cancelBody : d.refundBody}
      </p>
      {kind === 'refund' && confirm ? <RefundItems texts={texts} tag={tag} device={confirm.device} /> : null}
      {refundHint ? (
        <p
          className="mt-3 rounded-control bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
          data-testid="cloud-pc-confirm-refund-hint"
        >
          {refundHint}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={onClose} ref={keepRef}>
          {d.keep}
        </button>
        <button
          type="button"
          className={buttonClass({ variant: 'danger' })}
          disabled={busy}
          aria-busy={busy}
          onClick={onConfirm}
          data-testid="cloud-pc-confirm-yes"
        >
          {busy ? d.working : kind === 'cancel' ? d.cancelConfirm : d.refundConfirm}
        </button>
      </div>
    </Dialog>
  );
}

const refundStateText: Record<TCustomerRefundState, string> = {
  REQUESTED: 'refundStateRequested',
  PENDING: 'refundStatePending',
  REFUNDED: 'refundStateRefunded',
  REFUSED: 'refundStateRefused',
};

const refundStateTone: Record<TCustomerRefundState, string> = {
  REQUESTED: 'text-ink-muted',
  PENDING: 'text-amber-900',
  REFUNDED: 'text-emerald-800',
  REFUSED: 'text-red-700',
};

/** Each refund of the machine's orders with where it stands, as the server says (ADR 0015). */
function RefundStates({ texts, tag, device }: { texts: TCloudPcTexts; tag: string; device: TCloudPcDevice }) {
  const d = texts.devices;
  return (
    <div className="mt-4" data-testid="device-refunds">
      <h3 className="text-sm font-semibold text-balance break-keep text-ink">
        {texts.headings?.['devices.refundsHeading'] ?? d.refundsHeading}
      </h3>
      <ul className="mt-2 divide-y divide-line rounded-control border border-line text-sm">
        {device.refunds.map((refund) => (
          <li
            key={`${refund.orderId}-${refund.requestedAt}`}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2"
            data-testid="device-refund-state"
            data-state={refund.state}
          >
            <span className="min-w-0 break-all text-ink-muted">
              {fill(refund.kind === 'RENTAL' ? d.refundItemRental : d.refundItemRenewal, { order: refund.orderId })}
            </span>
            {/* where it stands, then the amount at the row's end, so the amounts line up */}
            <span className="ml-auto flex min-w-0 items-baseline gap-3 text-right">
              <span className={`min-w-0 font-medium ${refundStateTone[refund.state]}`}>{d[refundStateText[refund.state]]}</span>
              <span className="min-w-[4.5rem] font-medium whitespace-nowrap text-ink tabular-nums">{formatFen(refund.amountFen, tag)}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Exactly what the refund pays back, order by order, as the server computed it. */
function RefundItems({ texts, tag, device }: { texts: TCloudPcTexts; tag: string; device: TCloudPcDevice }) {
  const d = texts.devices;
  const total = device.refundItems.reduce((sum, item) => sum + item.amountFen, 0);
  return (
    <div className="mt-4" data-testid="cloud-pc-refund-items">
      <h3 className="text-sm font-semibold text-balance break-keep text-ink">
        {texts.headings?.['devices.refundListHeading'] ?? d.refundListHeading}
      </h3>
      <ul className="mt-2 divide-y divide-line rounded-control border border-line text-sm">
        {device.refundItems.map((item) => (
          <li
            key={item.orderId}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2"
            data-testid="cloud-pc-refund-item"
          >
            <span className="min-w-0 break-all text-ink-muted">
              {fill(item.kind === 'RENTAL' ? d.refundItemRental : d.refundItemRenewal, { order: item.orderId })}
            </span>
            <span className="font-medium text-ink tabular-nums">{formatFen(item.amountFen, tag)}</span>
          </li>
        ))}
        <li className="flex items-baseline justify-between gap-4 px-3 py-2 font-semibold text-ink" data-testid="cloud-pc-refund-total">
          <span>{d.refundTotal}</span>
          <span className="tabular-nums">{formatFen(total, tag)}</span>
        </li>
      </ul>
      {device.pendingRenewalOrderId ? (
        <p className="mt-2 text-sm text-ink-muted" data-testid="cloud-pc-refund-cancels-pending">
          {d.refundCancelsPending}
        </p>
      ) : null}
    </div>
  );
}
