/**
 * Accounts: signing up and in, sessions, profiles, phones, avatars, invites and identity checks. Offers its
 * RPC handlers, the caller behind a session token, making people and sellers, avatar addresses, one-time
 * tokens, and sending mail without undoing the change it follows.
 */

export { accountsHandlers, sendQuietly } from './accounts.handlers'
export { createUser, grantAdmin, makeSeller } from './accounts.service'
export { avatarHandlers } from './avatar.handlers'
export { avatarUrls } from './avatar.service'
export { firebaseHandlers } from './firebase.handlers'
export { inviteHandlers } from './invites.handlers'
export { issueOneTimeToken } from './one-time-tokens'
export { phoneHandlers } from './phone.handlers'
export { profileHandlers } from './profile.handlers'
export { findCaller } from './sessions'
export { verificationHandlers } from './verification.handlers'
