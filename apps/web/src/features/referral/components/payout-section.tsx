'use client';

import type { TAmbassadorInfo } from '@llk/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { fill, formatFen } from '@/lib/format';
import { toast } from '@/lib/toast';
import { savePayee } from '../referral-api';
import type { TReferralTexts } from '../texts';
import { useAction } from '@/lib/use-action';

// How commission becomes money: the threshold, the monthly Alipay transfer, taking back after a
// late refund, and where payouts go (the Alipay account and its real name, confirmed by the
// account's password, since it redirects money).

export function PayoutSection({ payout, texts, locale }: { payout: TAmbassadorInfo['payout']; texts: TReferralTexts; locale: string }) {
  const [payee, setPayee] = useState({ account: payout.payeeAccount, name: payout.payeeName });
  const [editing, setEditing] = useState(payout.payeeAccount === null);
  const { busy, run } = useAction();
  const id = useId();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    // the client showed the API's message
    await run(async () => {
      const saved = await savePayee({ account: text('account'), name: text('name'), password: String(form.get('password') ?? '') });
      setPayee({ account: saved.payeeAccount, name: saved.payeeName });
      setEditing(false);
      toast.success(texts.payeeSaved ?? '');
    });
  }
  const field = 'mt-1 min-h-11 w-full rounded-control border border-line bg-canvas px-3 text-ink';
  return (
    <section aria-labelledby={`${id}-title`} data-testid="ambassador-payout">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
        {texts.payoutTitle}
      </h2>
      <p className="mt-2 text-sm text-ink-muted">{fill(texts.payoutIntro ?? '', { threshold: formatFen(payout.thresholdFen, locale) })}</p>
      {payee.account && !editing ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-control border border-line p-3">
          <p className="text-sm text-ink" data-testid="payee-current">
            {fill(texts.payeeCurrent ?? '', { account: payee.account, name: payee.name ?? '' })}
          </p>
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            {texts.payeeChange}
          </Button>
        </div>
      ) : (
        <form className="mt-3 grid gap-3 sm:grid-cols-2" onSubmit={(event) => void submit(event)}>
          {payee.account ? null : <p className="text-sm text-ink sm:col-span-2">{texts.payeeNone}</p>}
          <label className="text-sm font-medium text-ink">
            {texts.payeeAccount}
            <input name="account" required maxLength={100} autoComplete="off" inputMode="email" className={field} />
          </label>
          <label className="text-sm font-medium text-ink">
            {texts.payeeName}
            <input name="name" required maxLength={50} autoComplete="name" className={field} />
          </label>
          <label className="text-sm font-medium text-ink sm:col-span-2">
            {texts.payeePassword}
            <input name="password" type="password" required maxLength={128} autoComplete="current-password" className={field} />
          </label>
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" disabled={busy}>
              {texts.payeeSave}
            </Button>
            {payee.account ? (
              <Button variant="secondary" onClick={() => setEditing(false)}>
                {texts.payeeCancel}
              </Button>
            ) : null}
          </div>
        </form>
      )}
    </section>
  );
}
