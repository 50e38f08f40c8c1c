// The users module's public surface: other modules import only this file.
export { type EntitlementRow, findUserByEmail, findUserByVerifiedEmail, releaseUnverifiedEmail, unlessUnverifiedEmail, findUserById, findUserByMobile, findUserByUsername, insertUser, lockEntitlements, updateEntitlements, updatePasswordHash, type UserRow, violatedUserColumn } from './users.repository';
export { clearCancellation, eraseUserRow, setUserLocked, findUsersDueForErasure, markCancelled, markContactVerified, removeContact, replaceEmail, replaceMobile, updateNickname } from './users.repository';
export { cancellationOf, findUserByIdentifier, getUser, userInfoOf, verifiedContacts, withHeldSeats } from './users.service';
// The seats module reads a device's running seats with the account's query.
export { latestHeldSeatEnd, type TSeatHolder } from './users.repository';
