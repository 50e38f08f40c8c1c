// The devices module's public surface: other modules (and app.ts's wiring) import only this file.
export { canUseDevice } from './devices.service';
// The back office (ADR 0019): presence, what a policy allows, and the broker's rules explained without taking a session.
export { describePolicy, explainConnect, findOnlineDevices, type ConnectExplanation } from './devices.service';
