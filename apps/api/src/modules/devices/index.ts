// The devices module's public surface: other modules (and app.ts's wiring) import only this file.
export { canUseDevice } from './devices.service';
