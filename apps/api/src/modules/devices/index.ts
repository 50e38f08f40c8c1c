// The devices module's public surface: other modules (and app.ts's wiring) import only this file.
export { canUseDevice, isDeviceOwner } from './permissions';
// The back office (ADR 0019): presence, what a policy allows, and the broker's rules explained without taking a session.
export { describePolicy, explainConnect, type ConnectExplanation } from './connect-policy';
export { findOnlineDevices } from './presence';
// Its staff routes (ADR 0040: beside what they manage); admin.routes registers them behind the staff guard.
export { devicesAdminRoutes } from './devices.admin.routes';
// Reads for other modules: the cross-border notice (users), the back office's user page and dashboard, the referral checks.
export {
  countDevicesSeenSince,
  hasDeviceAbroad,
  listRecentDevicesOf,
  usersSharingDeviceAddress,
  usersSharingDeviceKey,
} from './devices.repository';
