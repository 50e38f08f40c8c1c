import { type Db } from '../../infrastructure/db/schema';

/**
 * Whether `userId` may put `deviceId` (the id the device API answered) on its walls or give it a
 * seat: the device is the user's own or shared with them. The devices module's `canUseDevice`
 * is the check; `buildApp` passes it in (tests may pass another as `deps.ownsDevice`), so the
 * walls and seats do not depend on the devices module.
 */
export type OwnsDevice = (db: Db, userId: string, deviceId: string) => Promise<boolean>;
