// The monitor-walls module's public surface: other modules import only this file.
export { type OwnsDevice } from './device-ownership';
