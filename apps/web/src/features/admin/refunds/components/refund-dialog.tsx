'use client';

import type { TAdminRefund } from '@llk/contracts';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { LabeledInput } from '@/features/admin/shell/components/inputs';
import { adminApi } from '@/features/admin/shell/admin-api';
import { toast } from '@/lib/toast';
import { yuanToFen } from '@/features/admin/shell/rules';
import { useAction } from '@/lib/use-action';

/**
 * The refund dialog: an amount in yuan (empty: everything refundable) and a required reason.
 * The request key is made when the dialog opens, so however often "Refund" is clicked the
 * API refunds once for this dialog.
 */
export function RefundDialog({
  orderId,
  refundableFen,
  refundableText,
}: {
  orderId: string;
  refundableFen: number;
  refundableText: string;
}) {
  const t = useTranslations('AdminOrders');
  const router = useRouter();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [requestKey, setRequestKey] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const { busy, run } = useAction();
  const first = useRef<HTMLButtonElement>(null);

  function show() {
    setRequestKey(crypto.randomUUID());
    setAmountError(undefined);
    setOpen(true);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const amountText = String(data.get('amount') ?? '').trim();
    const amountFen = amountText === '' ? undefined : yuanToFen(amountText);
    if (amountFen === null || (amountFen !== undefined && amountFen > refundableFen)) {
      setAmountError(t('amountInvalid'));
      return;
    }
    // toasted (a SUPPORT member over the limit reads the API's message)
    await run(async () => {
      const refund = await adminApi.post<TAdminRefund>(`/orders/${encodeURIComponent(orderId)}/refund`, {
        body: { ...(amountFen === undefined ? {} : { amountFen }), reason: String(data.get('reason') ?? ''), requestKey },
        retry: false,
      });
      toast.success(t.has(`refundToast.${refund.state}`) ? t(`refundToast.${refund.state}`) : t('refundToast.other'));
      setOpen(false);
      router.refresh();
    });
  }

  return (
    <>
      <Button variant="danger" size="sm" onClick={show} data-testid="admin-refund-open">
        {t('refund')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} titleId={titleId} initialFocus={first} testId="admin-refund-dialog">
        <form onSubmit={(event) => void submit(event)} className="grid gap-4">
          <h2 id={titleId} className="text-lg font-semibold">
            {t('refundTitle', { id: orderId })}
          </h2>
          <p className="text-sm text-ink-muted">{t('refundable', { amount: refundableText })}</p>
          <LabeledInput name="amount" inputMode="decimal" label={t('amount')} error={amountError} autoComplete="off" />
          <LabeledInput name="reason" required maxLength={500} label={t('reason')} />
          <div className="flex justify-end gap-3">
            <button ref={first} type="button" className={buttonClass({ variant: 'secondary', size: 'sm' })} onClick={() => setOpen(false)}>
              {t('cancel')}
            </button>
            <Button type="submit" variant="danger" size="sm" disabled={busy} aria-busy={busy || undefined}>
              {t('confirmRefund')}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
