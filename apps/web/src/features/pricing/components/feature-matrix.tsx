import type { TFeatureValue, TPricingGroup } from '@llk/contracts';

interface FeatureMatrixProps {
  groups: TPricingGroup[];
  caption: string;
  labels: { feature: string; free: string; paid: string; included: string; notIncluded: string };
}

function Cell({ value, labels }: { value: TFeatureValue; labels: FeatureMatrixProps['labels'] }) {
  return (
    <td className="relative px-2 py-3 text-center align-top sm:px-4" data-included={value.included}>
      <span className="inline-flex flex-col items-center justify-center gap-1 sm:flex-row sm:items-start sm:gap-2">
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
        {value.value ? (
          <span className="text-xs hyphens-auto wrap-anywhere text-ink-soft sm:text-left sm:text-sm">{value.value}</span>
        ) : null}
      </span>
    </td>
  );
}

/**
 * The feature matrix: one row group per category, free against paid (server-rendered table).
 * The column headings stay under the site's header while the rows scroll (the box clips, it
 * does not scroll, so they can stick to the page). It fits a 320 px screen without panning: on phones the two plan columns are 5.5 rem each with
 * their values under the mark, and the feature column takes the rest; the cells are positioned,
 * so their screen-reader-only text cannot widen the page (it did, to 522 px at 390).
 */
export function FeatureMatrix({ groups, caption, labels }: FeatureMatrixProps) {
  return (
    <div className="relative overflow-clip rounded-card border border-line bg-canvas shadow-card">
      <table className="w-full border-collapse text-left" data-testid="feature-matrix">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line bg-surface">
            <th scope="col" className="sticky top-(--header-height) z-10 bg-surface px-3 py-3 font-semibold text-ink sm:w-1/2 sm:px-4">
              {labels.feature}
            </th>
            <th
              scope="col"
              className="sticky top-(--header-height) z-10 w-[5.5rem] bg-surface px-2 py-3 text-center text-sm font-semibold break-keep sm:text-base text-ink sm:w-1/4 sm:px-4"
            >
              {labels.free}
            </th>
            <th
              scope="col"
              className="sticky top-(--header-height) z-10 w-[5.5rem] bg-surface px-2 py-3 text-center text-sm font-semibold break-keep sm:text-base text-brand-700 sm:w-1/4 sm:px-4"
            >
              {labels.paid}
            </th>
          </tr>
        </thead>
        {groups.map((group) => (
          <tbody key={group.category} data-category={group.category}>
            <tr className="border-b border-line bg-surface-raised">
              <th
                scope="rowgroup"
                colSpan={3}
                id={`group-${group.category}`}
                className="px-3 py-2 text-sm font-semibold tracking-wide text-ink-soft sm:px-4"
              >
                {group.name}
              </th>
            </tr>
            {group.features.map((feature) => (
              <tr key={feature.code} className="border-b border-line last:border-b-0" data-feature={feature.code}>
                <th scope="row" className="px-3 py-3 align-top font-normal hyphens-auto wrap-anywhere sm:px-4">
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
