import type { TTexts } from '@/lib/texts';

// What the devices page's client components say, handed over as props by the server page
// (server/devices-texts.ts): no use-intl runtime in the browser.

export interface TDevicesTexts {
  /** the AccountDevices namespace (messages/<locale>/account-devices.json) */
  page: TTexts;
  /** contracts validation.* (required, tooLong, invalidValue) */
  validation: Record<string, string>;
  /** contracts errors.deviceLimitReached: the API's own words for a full plan ({limit}) */
  limitReached: string;
  network: string;
  /** the AccountConnections namespace (messages/<locale>/connections.json): each device's sessions and access alerts */
  connections: TTexts;
}
