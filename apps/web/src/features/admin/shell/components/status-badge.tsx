// A state as a coloured badge with its name in the staff member's language: green when money
// arrived or the thing was done, amber while it is under way, red when it failed or needs a
// person, grey otherwise. `text` is the translated label (the raw code when it has none).

const GOOD = new Set(['PAID', 'FULFILLED', 'COMPLETED', 'SUCCEEDED', 'SETTLED', 'APPLIED', 'ISSUED', 'REFUNDED']);
const UNDER_WAY = new Set(['CREATED', 'PENDING', 'PENDING_PAYMENT', 'PROCESSING', 'REFUNDING', 'REQUESTED', 'DUPLICATE']);
const BAD = new Set(['FAILED', 'REJECTED', 'DOUBLE_PAYMENT', 'UNMATCHED', 'UNKNOWN', 'ERROR']);

export function statusTone(code: string): 'good' | 'underWay' | 'bad' | 'neutral' {
  if (GOOD.has(code)) return 'good';
  if (UNDER_WAY.has(code)) return 'underWay';
  if (BAD.has(code)) return 'bad';
  return 'neutral';
}

const TONE_CLASS = {
  good: 'border-green-200 bg-green-50 text-green-800',
  underWay: 'border-amber-200 bg-amber-50 text-amber-900',
  bad: 'border-red-200 bg-red-50 text-red-800',
  neutral: 'border-line bg-surface text-ink',
} as const;

export function StatusBadge({ code, text, testId }: { code: string; text: string; testId?: string }) {
  const tone = statusTone(code);
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium ${TONE_CLASS[tone]}`}
      data-status={code}
      data-tone={tone}
      data-testid={testId}
    >
      {text}
    </span>
  );
}

type T = ((key: string, values?: Record<string, string | number>) => string) & { has?: (key: string) => boolean };

/** The label of `code` in group `group` of the translator, or the code itself when it has none. */
export function labelOf(t: T, group: string, code: string | null): string {
  if (code === null) return '—';
  const key = `${group}.${code}`;
  return t.has && !t.has(key) ? code : t(key);
}
