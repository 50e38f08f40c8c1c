// The passkeys module's public surface: other modules import only this file.
export { deletePasskeysOfUser, recordPasskeyLoginHistory } from './passkeys.service';
