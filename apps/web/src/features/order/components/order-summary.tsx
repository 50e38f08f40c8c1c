import { formatFen } from '@/lib/format';

interface TSummaryFigures {
  priceFen: number;
  originalPriceFen: number;
  discountFen: number;
  totalFen: number;
}

interface TSummaryLabels {
  price: string;
  originalPrice: string;
  discount: string;
  total: string;
  discountValue: (amount: string) => string;
  /** seats mode: the row's label and its "N seats × price" */
  seats?: string;
  seatsLine?: (count: number, price: string) => string;
  /** seats mode while the server's figures for the count are not there (no valid count, asking, failed) */
  totalPending?: string;
}

/**
 * Price, original price, discount and amount to pay, as a description list (figures from the
 * server). In seats mode (`seats` is the count, or null while the typed count is not valid) the
 * price is per seat and a "N seats × price" line follows; the original price, discount and
 * total are the server's for that count (`ordered`: the quote's or the order's), never
 * multiplied here; until they are there the total row says why (`totalPending`).
 */
export function OrderSummary({
  figures,
  tag,
  labels,
  seats,
  ordered = true,
}: {
  figures: TSummaryFigures;
  tag: string;
  labels: TSummaryLabels;
  seats?: number | null | undefined;
  /** false in seats mode until POST /order/quote (or the order) gave the figures for the count */
  ordered?: boolean;
}) {
  const seatsMode = seats !== undefined;
  const price = formatFen(figures.priceFen, tag);
  const rows: [string, string, string][] = [['price', labels.price, price]];
  if (seatsMode && seats !== null && labels.seatsLine) rows.push(['seats', labels.seats ?? '', labels.seatsLine(seats, price)]);
  if (!seatsMode || ordered) {
    rows.push(
      ['original', labels.originalPrice, formatFen(figures.originalPriceFen, tag)],
      [
        'discount',
        labels.discount,
        figures.discountFen > 0 ? labels.discountValue(formatFen(figures.discountFen, tag)) : formatFen(0, tag),
      ],
    );
  }
  const pending = seatsMode && !ordered;
  return (
    <dl className="divide-y divide-line text-base" data-testid="order-summary">
      {rows.map(([key, label, value]) => (
        <div key={key} className="flex justify-between gap-4 py-2" data-row={key}>
          <dt className="text-ink-muted">{label}</dt>
          <dd
            className={
              key === 'original'
                ? 'text-ink-muted line-through'
                : key === 'discount'
                  ? 'font-medium text-success'
                  : key === 'seats'
                    ? 'text-right font-medium text-ink'
                    : 'text-ink'
            }
            data-testid={key === 'seats' ? 'order-seats-line' : undefined}
          >
            {value}
          </dd>
        </div>
      ))}
      <div className="flex items-baseline justify-between gap-4 py-3" data-row="total">
        <dt className="font-semibold text-ink">{labels.total}</dt>
        {pending ? (
          <dd className="text-right text-sm text-ink-muted" data-testid="order-total-pending">
            {labels.totalPending}
          </dd>
        ) : (
          <dd className="text-2xl font-bold text-ink" data-testid="order-total">
            {formatFen(figures.totalFen, tag)}
          </dd>
        )}
      </div>
    </dl>
  );
}
