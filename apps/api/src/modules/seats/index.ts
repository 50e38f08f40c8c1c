// The seats module's public surface: other modules import only this file.
export { createSeats, deviceSeats, forgetRevokedSeats, heldDeviceSeats, revokeSeatGrant, type SeatGrant } from './seats.service';
