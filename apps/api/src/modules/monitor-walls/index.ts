// The monitor-walls module's public surface: other modules import only this file.
export { refuseUntilDevicesExist, type OwnsDevice } from './device-ownership';
