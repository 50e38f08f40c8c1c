'use client';

import { type ReactNode, Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { useLocaleCode } from '@/i18n/navigation';
import { session, useSessionHint } from '@/lib/session';
import { toast } from '@/lib/toast';
import type { TLoadResult } from '../referral-api';
import type { TReferralTexts } from '../texts';
import { buttonClass } from '@/components/ui/button';
import { usePublishAmbassadorInfo } from './ambassador-state';

// The interactive part of /promotionPlan (an ambassador must be logged in): a visitor sees `visitor`
// (log in first, rendered by the server); a member who has not joined sees Join Now; an
// ambassador sees the dashboard (link, code, QR code, referred users, commissions), which is
// loaded only then, like the API client. What it loads is published to the page's heading and
// payout rule (ambassador-state.tsx).

const AmbassadorDashboard = lazy(() => import('./ambassador-dashboard'));
const loadApi = () => import('../referral-api');

type TPanelState = { kind: 'loading' } | Exclude<TLoadResult, { kind: 'loggedOut' }>;

export function AmbassadorPanel({ texts, visitor }: { texts: TReferralTexts; visitor: ReactNode }) {
  const hint = useSessionHint();
  const locale = useLocaleCode();
  const [state, setState] = useState<TPanelState>({ kind: 'loading' });
  const [joining, setJoining] = useState(false);

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    let result: TLoadResult;
    try {
      result = await (await loadApi()).loadAmbassador();
    } catch (error) {
      console.error('ambassador: loading the API client failed', error);
      result = { kind: 'failed' };
    }
    if (result.kind === 'loggedOut')
      session.clear(); // back to the visitor's view
    else setState(result);
  }, []);

  useEffect(() => {
    if (hint) void load();
  }, [hint, load]);

  const publish = usePublishAmbassadorInfo();
  useEffect(() => publish(hint && state.kind === 'ready' ? state.info : null), [hint, state, publish]);

  async function join() {
    if (joining) return;
    setJoining(true);
    try {
      await (await loadApi()).joinAmbassador();
      toast.success(texts.joined ?? '');
      await load();
    } catch {
      // the API client has shown errmsg (or sent a dead session to /login)
    } finally {
      setJoining(false);
    }
  }

  if (!hint) return <>{visitor}</>;
  const loading = (
    <p role="status" className="text-ink-muted">
      {texts.loading}
    </p>
  );
  if (state.kind === 'loading') return loading;
  if (state.kind === 'failed') {
    return (
      <div role="alert" className="space-y-3">
        <p className="text-ink-muted">{texts.loadFailed}</p>
        <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={() => void load()}>
          {texts.retry}
        </button>
      </div>
    );
  }
  if (!state.info.joined) {
    return (
      <div className="space-y-3">
        <button
          type="button"
          className={buttonClass({ block: true })}
          disabled={joining}
          aria-busy={joining}
          onClick={() => void join()}
          data-testid="ambassador-join"
        >
          {joining ? texts.joining : texts.joinNow}
        </button>
        <p className="text-sm text-ink-muted">{texts.shareHint}</p>
      </div>
    );
  }
  return (
    <Suspense fallback={loading}>
      <AmbassadorDashboard info={state.info} texts={texts} locale={locale} />
    </Suspense>
  );
}
