'use client';

import { Button } from '@/components/ui/button';

/** Opens the browser's print dialog (the receipt's print stylesheet hides everything but it). */
export function PrintButton({ label }: { label: string }) {
  return (
    <Button size="sm" onClick={() => window.print()} data-testid="print-receipt">
      {label}
    </Button>
  );
}
