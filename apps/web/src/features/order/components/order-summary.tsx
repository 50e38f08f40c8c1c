import { formatFen } from '@/lib/format';

interface TSummaryFigures {
  priceFen: number;
  originalPriceFen: number;
  discountFen: number;
  totalFen: number;
}

/** Price, original price, discount and amount to pay, as a description list (figures from the server). */
export function OrderSummary({
  figures,
  tag,
  labels,
}: {
  figures: TSummaryFigures;
  tag: string;
  labels: { price: string; originalPrice: string; discount: string; total: string; discountValue: (amount: string) => string };
}) {
  const rows: [string, string, string][] = [
    ['price', labels.price, formatFen(figures.priceFen, tag)],
    ['original', labels.originalPrice, formatFen(figures.originalPriceFen, tag)],
    ['discount', labels.discount, figures.discountFen > 0 ? labels.discountValue(formatFen(figures.discountFen, tag)) : formatFen(0, tag)],
  ];
  return (
    <dl className="divide-y divide-line text-base" data-testid="order-summary">
      {rows.map(([key, label, value]) => (
        <div key={key} className="flex justify-between gap-4 py-2" data-row={key}>
          <dt className="text-ink-muted">{label}</dt>
          <dd className={key === 'original' ? 'text-ink-muted line-through' : key === 'discount' ? 'font-medium text-success' : 'text-ink'}>{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 py-3" data-row="total">
        <dt className="font-semibold text-ink">{labels.total}</dt>
        <dd className="text-2xl font-bold text-ink" data-testid="order-total">
          {formatFen(figures.totalFen, tag)}
        </dd>
      </div>
    </dl>
  );
}
