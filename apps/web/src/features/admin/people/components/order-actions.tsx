'use client';

import type { TAdminGatewayQueryResult } from '@llk/contracts';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { adminApi } from '@/features/admin/shell/admin-api';
import { toast } from '@/lib/toast';
import { useAction } from '@/lib/use-action';

/** "Ask the gateway now" while a payment attempt is open (the refund dialog lives in features/admin/refunds). */
export function QueryGatewayButton({ orderId }: { orderId: string }) {
  const t = useTranslations('AdminOrders');
  const router = useRouter();
  const { busy, run } = useAction();
  async function ask() {
    // toasted
    await run(async () => {
      const result = await adminApi.post<TAdminGatewayQueryResult>(`/orders/${encodeURIComponent(orderId)}/query`, { retry: false });
      toast.success(t('queried', { asked: result.asked, applied: result.applied }));
      router.refresh();
    });
  }
  return (
    <Button variant="secondary" size="sm" onClick={() => void ask()} disabled={busy} data-testid="admin-query-gateway">
      {t('queryGateway')}
    </Button>
  );
}
