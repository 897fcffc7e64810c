/** What the server answers about accounts: each a stable code (the id) with its English. */
export const ACCOUNTS = {
  alreadyVerified: /*i18n*/ {
    id: 'accounts.alreadyVerified',
    message: 'Your identity is already verified: nothing more to send.',
  },
  noSuchVerification: /*i18n*/ { id: 'accounts.noSuchVerification', message: 'No such verification.' },
  inviteEmailHasAccount: /*i18n*/ {
    id: 'accounts.inviteEmailHasAccount',
    message: '{email} already has an account: enter its password to accept the invitation',
  },
  firebaseNotSetUp: /*i18n*/ {
    id: 'accounts.firebaseNotSetUp',
    message: 'Sign-in with Google or phone is not set up on this Soko.',
  },
  signInNotConfirmed: /*i18n*/ {
    id: 'accounts.signInNotConfirmed',
    message: 'That sign-in could not be confirmed. Try again.',
  },
  smsNotSent: /*i18n*/ {
    id: 'accounts.smsNotSent',
    message: 'The SMS could not be sent just now. Try again in a minute.',
  },
  emailHasAccount: /*i18n*/ {
    id: 'accounts.emailHasAccount',
    message: 'That e-mail already has an account: sign in instead',
  },
  handleReservedPickAnother: /*i18n*/ {
    id: 'accounts.handleReservedPickAnother',
    message: 'That handle is reserved: pick another',
  },
  handleTakenPickAnother: /*i18n*/ {
    id: 'accounts.handleTakenPickAnother',
    message: 'That handle is taken: pick another',
  },
  openStorefrontFirstRegister: /*i18n*/ {
    id: 'accounts.openStorefrontFirstRegister',
    message: 'Open your storefront first, at /register',
  },
  alreadyStorefrontChangeProfile: /*i18n*/ {
    id: 'accounts.alreadyStorefrontChangeProfile',
    message: 'You already have a storefront: change it in your profile settings',
  },
  signInNoMatch: /*i18n*/ {
    id: 'accounts.signInNoMatch',
    message: 'That e-mail and password do not match an account. Check both, or reset your password.',
  },
  currentPasswordNotRight: /*i18n*/ {
    id: 'accounts.currentPasswordNotRight',
    message: 'Your current password is not right',
  },
  uploadPictureAgain: /*i18n*/ { id: 'accounts.uploadPictureAgain', message: 'Upload the picture again.' },
  pictureDidNotArrive: /*i18n*/ {
    id: 'accounts.pictureDidNotArrive',
    message: 'The picture did not arrive: upload it again.',
  },
  choosePictureUnderMB: /*i18n*/ {
    id: 'accounts.choosePictureUnderMB',
    message: 'Choose a picture under 5 MB.',
  },
  notAPicture: /*i18n*/ {
    id: 'accounts.notAPicture',
    message: 'That file is not a picture Soko can read: use a JPEG, PNG or WebP photo.',
  },
  suspendedBecause: /*i18n*/ {
    id: 'accounts.suspendedBecause',
    message:
      'Your account is suspended: {reason}. If you think this is a mistake, write to us through the contact page.',
  },
  suspended: /*i18n*/ {
    id: 'accounts.suspended',
    message:
      'Your account is suspended. If you think this is a mistake, write to us through the contact page.',
  },
  noAccountForPhone: /*i18n*/ {
    id: 'accounts.noAccountForPhone',
    message:
      'No Soko account has this phone number yet. Sign up with your e-mail, then confirm your phone in Settings.',
  },
  googleNoVerifiedEmail: /*i18n*/ {
    id: 'accounts.googleNoVerifiedEmail',
    message:
      'Your Google account has no verified e-mail, so Soko cannot sign you in with it. Sign up with e-mail instead.',
  },
  strongerPassword: /*i18n*/ { id: 'accounts.strongerPassword', message: 'Choose a stronger password' },
  verifyLinkExpired: /*i18n*/ {
    id: 'accounts.verifyLinkExpired',
    message:
      'This link has expired or was already used. Ask for a new confirmation e-mail from /verify-email.',
  },
  verifyLinkEmailChanged: /*i18n*/ {
    id: 'accounts.verifyLinkEmailChanged',
    message:
      'This link has expired or was already used. Your e-mail address has changed since: ask for a new confirmation e-mail.',
  },
  resetLinkExpired: /*i18n*/ {
    id: 'accounts.resetLinkExpired',
    message: 'This link has expired or was already used. Ask for a new link at /reset.',
  },
  inviteExpired: /*i18n*/ {
    id: 'accounts.inviteExpired',
    message: 'This link has expired or was already used. Ask whoever invited you for a new invitation.',
  },
  verificationAlreadyPending: /*i18n*/ {
    id: 'accounts.verificationAlreadyPending',
    message: 'This verification was already pending.',
  },
  verificationAlreadyApproved: /*i18n*/ {
    id: 'accounts.verificationAlreadyApproved',
    message: 'This verification was already approved.',
  },
  verificationAlreadyRejected: /*i18n*/ {
    id: 'accounts.verificationAlreadyRejected',
    message: 'This verification was already rejected.',
  },
}

/** Per-field messages of the same answers. */
export const ACCOUNTS_FIELD = {
  notFound: /*i18n*/ { id: 'accounts.field.notFound', message: 'Not found' },
  notPasswordAccount: /*i18n*/ {
    id: 'accounts.field.notPasswordAccount',
    message: 'Not the password of this account',
  },
  notValidSignIn: /*i18n*/ { id: 'accounts.field.notValidSignIn', message: 'Not a valid sign-in' },
  alreadyRegistered: /*i18n*/ { id: 'accounts.field.alreadyRegistered', message: 'Already registered' },
  reservedPickAnother: /*i18n*/ {
    id: 'accounts.field.reservedPickAnother',
    message: 'Reserved: pick another',
  },
  alreadyTaken: /*i18n*/ { id: 'accounts.field.alreadyTaken', message: 'Already taken' },
  onlySellers: /*i18n*/ { id: 'accounts.field.onlySellers', message: 'Only for sellers' },
  expiredAlreadyUsed: /*i18n*/ {
    id: 'accounts.field.expiredAlreadyUsed',
    message: 'Expired or already used',
  },
  notCurrentPassword: /*i18n*/ {
    id: 'accounts.field.notCurrentPassword',
    message: 'Not your current password',
  },
  notYourUpload: /*i18n*/ { id: 'accounts.field.notYourUpload', message: 'Not one of your uploads' },
  notUploaded: /*i18n*/ { id: 'accounts.field.notUploaded', message: 'Not uploaded' },
  tooLarge: /*i18n*/ { id: 'accounts.field.tooLarge', message: 'Too large' },
  notPicture: /*i18n*/ { id: 'accounts.field.notPicture', message: 'Not a picture' },
  passwordIsYours: /*i18n*/ {
    id: 'accounts.field.passwordIsYours',
    message: 'Do not use your e-mail address or name as your password',
  },
  passwordCommon: /*i18n*/ {
    id: 'accounts.field.passwordCommon',
    message: 'That password is one of the most common ones: choose something harder to guess',
  },
  passwordEasy: /*i18n*/ {
    id: 'accounts.field.passwordEasy',
    message:
      'That password is easy to guess (a common word, a run of keys, a repeat or a date): add more words',
  },
}
