'use client';

import { useTimeZone } from 'next-intl';
import { useVisitorZone } from '@/components/local-time';

/**
 * The staff member's zone for every time the back office shows (docs/adr/0031): next-intl's,
 * which the admin layout sets from the llk-tz cookie, while rendering on the server and
 * hydrating; the browser's own after.
 */
export function useStaffZone(): string {
  return useVisitorZone(useTimeZone());
}
