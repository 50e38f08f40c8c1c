'use client';

import type { TSeat } from '@llk/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, TextField } from '@/components/ui/field';
import { TextLink } from '@/components/ui/button-link';
import { useVisitorZone } from '@/components/local-time';
import { formatDate, formatDateTime } from '@/lib/format';
import { translator, type TTranslate } from '@/lib/texts';
import { toast } from '@/lib/toast';
import { assignSeat, failureText, unassignSeat } from '../fleet-api';
import type { TFleetDevice, TFleetTexts } from '../texts';
import { useAction } from '@/lib/use-action';

// /account/seats: the seats the user bought (MEMBER or CHANNEL ordered as seats), each with its
// term and holder; give one to a device or an account, or take it back. A seat changes holder at
// most once every SEAT_MOVE_DAYS days from its last assignment (docs/adr/0018): the rule is
// stated above the list with links to buy more (/order?plan=YEAR&seats=1, and global channel
// seats at /order?item=CHANNEL&seats=1), and a seat that cannot move yet says from when it can
// (the API's movableFrom) instead of offering a form the API would refuse.

type TTarget = 'DEVICE' | 'ACCOUNT';
type TForm = { target: TTarget; deviceId: string; account: string };

export default function SeatsPanel({
  initial,
  devices,
  texts,
  tag,
  moveDays,
}: {
  initial: TSeat[];
  devices: TFleetDevice[];
  texts: TFleetTexts;
  tag: string;
  moveDays: number;
}) {
  const t = translator(texts.texts, tag);
  const [seats, setSeats] = useState(initial);

  const replace = (seat: TSeat) => setSeats((current) => current.map((other) => (other.id === seat.id ? seat : other)));

  return (
    <div className="space-y-6">
      <section className="rounded-card border border-line bg-canvas p-5 shadow-card sm:p-6" data-testid="seats-rule">
        <h2 className="text-lg font-semibold text-balance break-keep text-ink">{texts.headings?.ruleTitle ?? t('ruleTitle')}</h2>
        <p className="mt-2 text-sm text-ink-muted">{t('rule', { days: moveDays })}</p>
        <p className="mt-3 text-sm text-ink-muted">
          {t('buyHint')}{' '}
          <TextLink href={{ pathname: '/order', query: { plan: 'YEAR', seats: '1' } }} data-testid="seats-buy">
            {t('buy')}
          </TextLink>
          {' · '}
          <TextLink href={{ pathname: '/order', query: { item: 'CHANNEL', seats: '1' } }} data-testid="seats-buy-channel">
            {t('buyChannel')}
          </TextLink>
        </p>
      </section>

      {seats.length === 0 ? (
        <p className="text-ink-muted" data-testid="seats-empty">
          {t('empty')}
        </p>
      ) : (
        <ul className="space-y-4" data-testid="seats-list">
          {seats.map((seat) => (
            <SeatItem
              key={seat.id}
              seat={seat}
              devices={devices}
              t={t}
              product={texts.headings?.[`products.${seat.kind}`] ?? t(`products.${seat.kind}`)}
              tag={tag}
              network={texts.network}
              moveDays={moveDays}
              onChange={replace}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

type TSeatItemProps = {
  seat: TSeat;
  devices: TFleetDevice[];
  t: TTranslate;
  /** the page's phrased product names (TFleetTexts) */
  product: ReactNode;
  tag: string;
  network: string;
  moveDays: number;
  onChange: (seat: TSeat) => void;
};

/** Who holds a seat, in words. */
function holderText(seat: TSeat, devices: TFleetDevice[], t: TTranslate): string {
  const assignee = seat.assignee;
  if (assignee === null) return t('unassigned');
  if (assignee.type === 'ACCOUNT') return t('heldByAccount', { name: assignee.name });
  return t('heldByDevice', { name: devices.find((device) => device.id === assignee.deviceId)?.name ?? t('unknownDevice') });
}

function SeatItem({ seat, devices, t, product, tag, network, moveDays, onChange }: TSeatItemProps) {
  const zone = useVisitorZone();
  const [form, setForm] = useState<TForm>({
    target: devices.length > 0 ? 'DEVICE' : 'ACCOUNT',
    deviceId: devices[0]?.id ?? '',
    account: '',
  });
  const [touched, setTouched] = useState(false);
  const { busy, run, error } = useAction();

  const holder = holderText(seat, devices, t);
  const missing = form.target === 'DEVICE' ? form.deviceId === '' : form.account.trim() === '';

  async function assign(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (missing || busy) return;
    await run(
      async () => {
        const request =
          form.target === 'DEVICE' ? { seatId: seat.id, deviceId: form.deviceId } : { seatId: seat.id, account: form.account.trim() };
        onChange(await assignSeat(request, network));
        setTouched(false);
        setForm({ ...form, account: '' });
        toast.success(t('assigned'));
      },
      { inline: (failure) => failureText(failure, network) },
    );
  }

  async function unassign() {
    if (busy) return;
    await run(
      async () => {
        onChange(await unassignSeat(seat.id, network));
        toast.success(t('unassignedToast'));
      },
      { inline: (failure) => failureText(failure, network) },
    );
  }

  const name = `seat-${seat.id}`;
  return (
    <li className="rounded-card border border-line bg-canvas p-5 shadow-card sm:p-6" data-testid="seat" data-seat-id={seat.id}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold text-balance break-keep text-ink" data-testid="seat-product">
            {product}
          </h3>
          <p className="mt-1 text-sm text-ink-muted" data-testid="seat-term">
            {seat.active
              ? t('until', { date: formatDate(seat.expiresAt, tag, 'long', zone) })
              : t('ended', { date: formatDate(seat.expiresAt, tag, 'long', zone) })}
          </p>
          <p className="mt-1 break-words text-sm text-ink" data-testid="seat-holder">
            {holder}
          </p>
        </div>
        {seat.assignee ? (
          <Button
            variant="secondary"
            size="sm"
            className="shrink-0"
            aria-disabled={busy || undefined}
            onClick={() => void unassign()}
            data-testid="seat-unassign"
          >
            {t('unassign')}
          </Button>
        ) : null}
      </div>

      {!seat.active ? null : seat.movableFrom ? (
        <p className="mt-4 rounded-control bg-amber-50 p-3 text-sm text-amber-900" data-testid="seat-move-limit">
          {/* the exact moment, on the reader's clock: a day alone read a day late (ADR 0034) */}
          {t('movableFrom', { date: formatDateTime(seat.movableFrom, tag, zone), days: moveDays })}
        </p>
      ) : (
        <form
          onSubmit={(event) => void assign(event)}
          noValidate
          className="mt-4 space-y-3 border-t border-line pt-4"
          data-testid="seat-assign"
        >
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-ink">{seat.assignee ? t('moveTo') : t('assignTo')}</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {(['DEVICE', 'ACCOUNT'] as const).map((target) => (
                <label key={target} className="flex min-h-11 items-center gap-2 text-sm text-ink">
                  <input
                    type="radio"
                    name={`${name}-target`}
                    value={target}
                    checked={form.target === target}
                    onChange={() => setForm({ ...form, target })}
                    className="size-4 accent-brand-600"
                  />
                  {t(`targets.${target}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {form.target === 'DEVICE' ? (
            devices.length === 0 ? (
              <p className="text-sm text-ink-muted" data-testid="seat-no-devices">
                {t('noDevices')}
              </p>
            ) : (
              <Field label={t('deviceLabel')} error={touched && missing ? t('deviceRequired') : undefined} className="sm:max-w-md">
                {(control) => (
                  <select
                    {...control}
                    name="deviceId"
                    value={form.deviceId}
                    onChange={(event) => setForm({ ...form, deviceId: event.target.value })}
                    className={`${control.className} h-11`}
                  >
                    {devices.map((device) => (
                      <option key={device.id} value={device.id}>
                        {device.sharedBy ? `${device.name} (${t('sharedBy', { name: device.sharedBy })})` : device.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            )
          ) : (
            <TextField
              label={t('accountLabel')}
              hint={t('accountHint')}
              className="sm:max-w-md"
              name="account"
              value={form.account}
              maxLength={254}
              autoComplete="off"
              error={touched && missing ? t('accountRequired') : undefined}
              onChange={(event) => setForm({ ...form, account: event.target.value })}
            />
          )}
          <Button type="submit" size="sm" aria-disabled={busy || undefined} data-testid="seat-assign-submit" className="w-full sm:w-auto">
            {seat.assignee ? t('move') : t('assign')}
          </Button>
        </form>
      )}
      {error ? (
        <p role="alert" className="mt-3 rounded-control bg-red-50 p-3 text-sm text-red-800" data-testid="seat-error">
          {error}
        </p>
      ) : null}
    </li>
  );
}
