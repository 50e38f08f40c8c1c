import { type Db } from '../../db/schema';

/**
 * Whether `userId` may put `deviceId` (the app's stable device id) on its walls or give it a
 * seat: the device is the user's own or shared with them. The device module (issue 18, device
 * core) provides the real check; `buildApp` takes it as `deps.ownsDevice` and uses
 * `refuseUntilDevicesExist` until that module is merged.
 */
export type OwnsDevice = (db: Db, userId: string, deviceId: string) => Promise<boolean>;

/** No device module yet: no device is anyone's, so every device id answers "not found". */
export const refuseUntilDevicesExist: OwnsDevice = () => Promise.resolve(false);
