// The profile module's public surface: other modules import only this file.
export { eraseAccount, eraseDueAccounts } from './cancellation.service';
