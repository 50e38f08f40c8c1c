'use client';

import type { TSupportState } from '@llk/contracts';
import { useTranslations } from 'next-intl';

const tone: Record<TSupportState, string> = {
  NEW: 'bg-amber-50 text-amber-800',
  ANSWERED: 'bg-emerald-50 text-emerald-800',
  CLOSED: 'bg-surface text-ink-muted',
};

export function StateBadge({ state }: { state: TSupportState }) {
  const t = useTranslations('AdminSupport');
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tone[state]}`}>{t(`states.${state}`)}</span>;
}
