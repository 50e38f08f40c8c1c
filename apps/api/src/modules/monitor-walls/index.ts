// The monitor-walls module's public surface: other modules import only this file.
export { type OwnsDevice } from './device-ownership';
// The back office's device page: the walls holding a device.
export { listWallsHoldingDevice } from './monitor-walls.repository';
