// The passkeys module's public surface: other modules import only this file.
export { deletePasskeysOfUser } from './passkeys.service';
