import type { TOrderStatus } from '@llk/contracts';
import { stateTone } from '../server/order-labels';

/** An order's state as a small badge. */
export function OrderState({ status, label }: { status: TOrderStatus; label: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${stateTone(status)}`}
      data-state={status}
    >
      {label}
    </span>
  );
}
