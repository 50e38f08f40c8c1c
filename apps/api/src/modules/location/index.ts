// The location module's public surface: other modules import only this file.
export { findCountryCode, getLocation, regionName } from './location.service';
// The server reads the location table once before it listens (composition/server.ts).
export { preloadLocationTable } from './location.service';
