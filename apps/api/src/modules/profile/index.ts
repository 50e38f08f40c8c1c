// The profile module's public surface: other modules import only this file.
// What an erased account keeps (flows/account-erasure.ts erases it).
export { ERASE_BATCH, ERASED_PASSWORD_HASH, pseudonymOf } from './cancellation.service';
