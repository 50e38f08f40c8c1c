// The seats module's public surface: other modules import only this file.
export {
  createSeats,
  deviceSeats,
  devicesSeats,
  forgetRevokedSeats,
  heldDeviceSeats,
  revokeSeatGrant,
  withHeldSeats,
  type SeatGrant,
} from './seats.service';
// Reads of the seats table for other modules: what a holder's running seats give (users, devices) and the back office's device page.
export { countDevicesHoldingSeat, heldSeatEnds, listUnrevokedDeviceSeats } from './seats.repository';
