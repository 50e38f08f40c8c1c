import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';

// Data tables: a bordered box that scrolls sideways on narrow screens, a tinted header row,
// divided body rows. Numbers are right-aligned with tabular figures (align="end").

export function Table({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className="overflow-x-auto rounded-control border border-line">
      <table className="w-full text-left text-sm" data-testid={testId}>
        {children}
      </table>
    </div>
  );
}

export function TableHead({ children }: { children: ReactNode }) {
  return (
    <thead className="bg-surface text-ink-muted">
      <tr>{children}</tr>
    </thead>
  );
}

export function TableBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-line">{children}</tbody>;
}

type TAlign = { align?: 'start' | 'end' };

export function Th({ align = 'start', className = '', ...props }: Omit<ThHTMLAttributes<HTMLTableCellElement>, 'align'> & TAlign) {
  return <th scope="col" className={`px-3 py-2 font-medium ${align === 'end' ? 'text-right' : ''} ${className}`} {...props} />;
}

export function Td({ align = 'start', className = '', ...props }: Omit<TdHTMLAttributes<HTMLTableCellElement>, 'align'> & TAlign) {
  return <td className={`px-3 py-2 ${align === 'end' ? 'text-right tabular-nums' : ''} ${className}`} {...props} />;
}
