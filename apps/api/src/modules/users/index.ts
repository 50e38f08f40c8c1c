// The users module's public surface: other modules import only this file.
export {
  type EntitlementRow,
  findUserByEmail,
  findUserByVerifiedEmail,
  releaseUnverifiedEmail,
  unlessUnverifiedEmail,
  findUserById,
  findUserByMobile,
  findUserByUsername,
  findUserNames,
  findUserContacts,
  findUsersByIds,
  countSignupsByDay,
  userIdsSignedUpBetween,
  lockUserRow,
  userIdsWithUsernamePrefix,
  phonePrefixesOf,
  searchUsers,
  insertUser,
  lockEntitlements,
  updateEntitlements,
  updatePasswordHash,
  type UserRow,
  violatedUserColumn,
} from './users.repository';
export {
  clearCancellation,
  eraseUserRow,
  setUserLocked,
  findUsersDueForErasure,
  markCancelled,
  markContactVerified,
  removeContact,
  replaceEmail,
  replaceMobile,
  updateNickname,
} from './users.repository';
export {
  applyHeldSeats,
  cancellationOf,
  findUserByIdentifier,
  getUser,
  getUserWithHeldSeats,
  userInfoOf,
  verifiedContacts,
} from './users.service';
// The composition's memo of accounts (composition/plugins/memos.ts): its channel, tables, keys and type.
export { ACCOUNT_MEMO_CHANNEL, ACCOUNT_MEMO_TABLES, accountMemoKeys, type AccountMemo } from './users.service';
// The back office's customer search, user page and account actions (composition/staff-routes.ts
// registers them, with what they read of the modules that stand on this one).
export { usersAdminRoutes } from './users.admin.routes';
export { type UsersAdminSources } from './users.admin.service';
