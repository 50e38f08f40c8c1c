'use client';

import { useState } from 'react';
import { useRouter } from '@/components/link';
import { Button } from '@/components/ui/button';
import { loadApi } from '@/lib/load-api';
import { toast } from '@/lib/toast';
import { useAction } from '@/lib/use-action';

interface TCancelTexts {
  cancel: string;
  confirm: string;
  yes: string;
  keep: string;
  cancelled: string;
}

/**
 * "Cancel order" for an unpaid order: asks once inline, then POST /order/cancel and a refresh
 * of the server-rendered page (which then shows the order as cancelled). Errors toast by
 * themselves (the API client), in the page's language.
 */
export function CancelOrder({ orderId, texts }: { orderId: string; texts: TCancelTexts }) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const { busy, run } = useAction();

  async function cancel() {
    // toasted by the client; the page stays as it was
    await run(async () => {
      const api = await loadApi();
      await api.post('/order/cancel', { body: { orderId } });
      toast.success(texts.cancelled);
      setAsking(false);
      router.refresh();
    });
  }

  if (!asking) {
    return (
      <Button variant="secondary" size="sm" onClick={() => setAsking(true)} data-testid="cancel-order">
        {texts.cancel}
      </Button>
    );
  }
  return (
    <div
      role="group"
      aria-label={texts.cancel}
      className="w-full rounded-control border border-line-strong bg-surface p-4"
      data-testid="cancel-confirm"
    >
      <p className="text-ink">{texts.confirm}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button variant="danger" size="sm" onClick={() => void cancel()} disabled={busy} data-testid="cancel-yes">
          {texts.yes}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setAsking(false)} disabled={busy}>
          {texts.keep}
        </Button>
      </div>
    </div>
  );
}
