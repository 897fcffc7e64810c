import type { Contract, SubjectName } from '.'

/**
 * Each subject's kind, without the schemas: the browser needs to know what it may retry, and importing the
 * contract's zod schemas for that would put all of them in the first load. The type keeps this list and
 * the contract identical: a subject missing here, or with another kind, does not compile.
 */
export const subjectKinds: { [S in SubjectName]: Contract[S]['kind'] } = {
  signUp: 'mutation',
  signIn: 'mutation',
  signOut: 'mutation',
  signOutEverywhere: 'mutation',
  getMe: 'query',
  changePassword: 'mutation',
  requestEmailVerification: 'mutation',
  verifyEmail: 'mutation',
  requestPasswordReset: 'mutation',
  resetPassword: 'mutation',
  becomeSeller: 'mutation',
  getProfile: 'query',
  createAvatarUpload: 'mutation',
  setAvatar: 'mutation',
  removeAvatar: 'mutation',
  updateProfile: 'mutation',
  updateSettings: 'mutation',
  createInvite: 'mutation',
  acceptInvite: 'mutation',
  requestPhoneCode: 'mutation',
  verifyPhone: 'mutation',
  submitSellerVerification: 'mutation',
  getSellerVerification: 'query',
  signInWithFirebase: 'mutation',
  listOutbox: 'query',
  listSellerVerifications: 'query',
  reviewSellerVerification: 'mutation',
  getSettings: 'query',
  sendContactMessage: 'mutation',
  listContactMessages: 'query',
  createProduct: 'mutation',
  updateProduct: 'mutation',
  publishProduct: 'mutation',
  unpublishProduct: 'mutation',
  archiveProduct: 'mutation',
  listMyProducts: 'query',
  createUploadUrl: 'mutation',
  completeUpload: 'mutation',
  listRates: 'query',
  setRates: 'mutation',
}
