/** One headline figure of the dashboard or the finance report: a label, the value, a hint. */
export function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <div className="rounded-control border border-line bg-canvas p-4" data-testid={testId}>
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-ink tabular-nums">{value}</dd>
      {hint ? <dd className="mt-1 text-xs text-ink-muted">{hint}</dd> : null}
    </div>
  );
}
