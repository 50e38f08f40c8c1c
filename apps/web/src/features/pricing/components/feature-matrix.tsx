import type { TFeatureValue, TPricingGroup } from '@llk/contracts';

interface FeatureMatrixProps {
  groups: TPricingGroup[];
  caption: string;
  labels: { feature: string; free: string; paid: string; included: string; notIncluded: string };
}

function Cell({ value, labels }: { value: TFeatureValue; labels: FeatureMatrixProps['labels'] }) {
  return (
    <td className="px-4 py-3 text-center align-top" data-included={value.included}>
      <span className="inline-flex items-start justify-center gap-2">
        {value.included ? (
          <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 fill-current text-success">
            <path d="M7.7 13.3 4.4 10l-1.2 1.2 4.5 4.5 9.5-9.5-1.2-1.2z" />
          </svg>
        ) : (
          <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 fill-current text-ink-muted">
            <path d="M5 9.25h10v1.5H5z" />
          </svg>
        )}
        <span className="sr-only">{value.included ? labels.included : labels.notIncluded}</span>
        {value.value ? <span className="text-left text-sm text-ink-soft">{value.value}</span> : null}
      </span>
    </td>
  );
}

/** The feature matrix: one row group per category, free against paid (server-rendered table). */
export function FeatureMatrix({ groups, caption, labels }: FeatureMatrixProps) {
  return (
    <div className="overflow-x-auto rounded-card border border-line bg-canvas shadow-card">
      <table className="w-full min-w-[36rem] border-collapse text-left" data-testid="feature-matrix">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line bg-surface">
            <th scope="col" className="w-1/2 px-4 py-3 font-semibold text-ink">
              {labels.feature}
            </th>
            <th scope="col" className="w-1/4 px-4 py-3 text-center font-semibold text-ink">
              {labels.free}
            </th>
            <th scope="col" className="w-1/4 px-4 py-3 text-center font-semibold text-brand-700">
              {labels.paid}
            </th>
          </tr>
        </thead>
        {groups.map((group) => (
          <tbody key={group.category} data-category={group.category}>
            <tr className="border-b border-line bg-surface-raised">
              <th scope="rowgroup" colSpan={3} id={`group-${group.category}`} className="px-4 py-2 text-sm font-semibold tracking-wide text-ink-soft">
                {group.name}
              </th>
            </tr>
            {group.features.map((feature) => (
              <tr key={feature.code} className="border-b border-line last:border-b-0" data-feature={feature.code}>
                <th scope="row" className="px-4 py-3 align-top font-normal">
                  <span className="block font-medium text-ink">{feature.name}</span>
                  {feature.description ? <span className="mt-0.5 block text-sm text-ink-muted">{feature.description}</span> : null}
                </th>
                <Cell value={feature.free} labels={labels} />
                <Cell value={feature.paid} labels={labels} />
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
