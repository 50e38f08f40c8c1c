import 'server-only';
import { cookies } from 'next/headers';
import { ZONE_COOKIE, zoneFromCookie } from './visitor-zone';

/**
 * The reader's zone in a dynamic server render: the `llk-tz` cookie the browser set, else China
 * time (a first page before the cookie exists; the offset shown keeps it true). Reading it makes
 * the page dynamic: for pages that already are (the account area, the dev outbox).
 */
export async function visitorZone(): Promise<string> {
  return zoneFromCookie((await cookies()).get(ZONE_COOKIE)?.value);
}
