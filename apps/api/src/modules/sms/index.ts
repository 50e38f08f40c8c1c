// The sms module's public surface: other modules import only this file.
export { type CodeStore, consumeCode } from './codes.service';
export { contactOf, reachableContact } from './sms.service';
