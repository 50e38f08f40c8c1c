// The location module's public surface: other modules import only this file.
export { findCountryCode } from './location.service';
