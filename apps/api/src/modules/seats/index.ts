// The seats module's public surface: other modules import only this file.
export { createSeats, deviceSeats, heldDeviceSeats, revokeSeatGrant, type SeatGrant } from './seats.service';
