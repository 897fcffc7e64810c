import { z } from 'zod'
import { AVATAR_MAX_BYTES, AVATAR_TYPES, PASSWORD_MIN_LENGTH, PHONE_CODE_LENGTH } from './accounts.constants'
import { challengeToken } from './challenge'
import { ACCOUNTS_INPUT } from './errors/accounts-input'
import { currencyCode } from './money'
import { kenyanMobile } from './phone.schema'
import { defineSubject } from './rpc'
import { say } from './say'
import { payoutSchedule, userSettings } from './settings.contract'

export const role = z.enum(['customer', 'seller', 'admin'])
export type Role = z.infer<typeof role>

/** The signed-in person as the client stores it. */
export const user = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(role),
  emailVerified: z.boolean(),
  settings: userSettings,
  /** Storefront handle, for sellers. */
  handle: z.string().optional(),
  /** The confirmed mobile number (2547XXXXXXXX), once /verify has confirmed it. */
  phone: z.string().optional(),
  /** The profile photo in two sizes (WebP): 96 and 256 pixels square. */
  avatar: z.object({ small: z.string(), large: z.string() }).optional(),
})

export type User = z.infer<typeof user>

export const email = z
  .string({ error: say(ACCOUNTS_INPUT.enterEMailAddress) })
  .trim()
  .max(254, say(ACCOUNTS_INPUT.emailTooLong))
  .pipe(z.email({ error: say(ACCOUNTS_INPUT.emailLikeExample) }))

/** Length is checked here; the server also refuses passwords on its list of common ones. */
export const newPassword = z
  .string({ error: say(ACCOUNTS_INPUT.choosePassword) })
  .min(PASSWORD_MIN_LENGTH, say(ACCOUNTS_INPUT.passwordMinLength))
  .max(200, say(ACCOUNTS_INPUT.passwordTooLong))

export const personName = z
  .string({ error: say(ACCOUNTS_INPUT.enterName) })
  .trim()
  .min(1, say(ACCOUNTS_INPUT.enterName))
  .max(100, say(ACCOUNTS_INPUT.nameTooLong))

/** A one-time token from a link in an e-mail. */
const linkToken = z
  .string({ error: say(ACCOUNTS_INPUT.linkIncompleteOpenAgain) })
  .min(10, { error: say(ACCOUNTS_INPUT.linkInvalidExpired) })
  .max(200, { error: say(ACCOUNTS_INPUT.linkInvalidExpired) })

const session = z.object({ token: z.string(), user })

let knownTimeZones: Set<string> | undefined
/** IANA zones this runtime knows, built once on first use rather than on every validation. */
function timeZones(): Set<string> {
  knownTimeZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])
  return knownTimeZones
}

/** Storefront address: /creators/{handle}. Reserved words and app routes are refused by the server. */
export const handle = z
  .string({ error: say(ACCOUNTS_INPUT.chooseHandle) })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{1,28})[a-z0-9]$/, say(ACCOUNTS_INPUT.useLettersDigitsDashes))

/** The code an SMS carried, to prove the number is the person's. */
export const phoneCode = z
  .string({ error: say(ACCOUNTS_INPUT.enterCodeFromSMS) })
  .trim()
  .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), say(ACCOUNTS_INPUT.enterCodeDigits))

export const payoutMethod = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('mpesa'), phone: kenyanMobile }),
    z.strictObject({ kind: z.literal('paypal'), email }),
    z.strictObject({
      kind: z.literal('bank'),
      accountName: z.string().trim().min(2, say(ACCOUNTS_INPUT.enterNameAccount)).max(100),
      accountNumber: z
        .string()
        .trim()
        .regex(/^[A-Z0-9 -]{5,34}$/i, say(ACCOUNTS_INPUT.enterAccountNumberIBAN)),
      bankName: z.string().trim().min(2, say(ACCOUNTS_INPUT.enterBank)).max(100),
      swiftCode: z
        .string()
        .trim()
        .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/i, say(ACCOUNTS_INPUT.swiftCodeLength))
        .optional(),
      currency: currencyCode,
    }),
  ],
  {
    error: say(ACCOUNTS_INPUT.chooseHowGetPaid),
  },
)

export type PayoutMethod = z.infer<typeof payoutMethod>

const country = z
  .string({ error: say(ACCOUNTS_INPUT.chooseCountry) })
  .trim()
  .regex(/^[A-Za-z]{2}$/, say(ACCOUNTS_INPUT.useTwoLetterCountry))
  .transform((c) => c.toUpperCase())

const link = z
  .url({
    protocol: /^https?$/,
    error: say(ACCOUNTS_INPUT.useFullWebAddress),
  })
  .max(300)

const done = z.object({ ok: z.literal(true) })

export const idDocumentKind = z.enum(['national-id', 'passport', 'alien-id'], {
  error: say(ACCOUNTS_INPUT.chooseDocumentKind),
})

export const verificationStatus = z.enum(['pending', 'approved', 'rejected'])
export type VerificationStatus = z.infer<typeof verificationStatus>

/** What a seller tells us about themselves for identity verification (KYC). */
export const sellerVerificationDetails = z.strictObject({
  legalName: z
    .string({ error: say(ACCOUNTS_INPUT.enterLegalName) })
    .trim()
    .min(3, say(ACCOUNTS_INPUT.enterFullLegalName))
    .max(120),
  dateOfBirth: z.iso.date({ error: say(ACCOUNTS_INPUT.enterDateOfBirth) }).refine((d) => {
    const born = new Date(`${d}T00:00:00Z`)
    const adult = new Date()
    adult.setUTCFullYear(adult.getUTCFullYear() - 18)
    return born <= adult && born.getUTCFullYear() >= 1900
  }, say(ACCOUNTS_INPUT.sellerTooYoung)),
  documentKind: idDocumentKind,
  documentNumber: z
    .string({ error: say(ACCOUNTS_INPUT.enterNumberDocument) })
    .trim()
    .regex(/^[A-Z0-9-]{5,20}$/i, say(ACCOUNTS_INPUT.documentNumberShape)),
  address: z
    .string({ error: say(ACCOUNTS_INPUT.enterAddress) })
    .trim()
    .min(5, say(ACCOUNTS_INPUT.enterStreetAddressTown))
    .max(300),
})

export type SellerVerificationDetails = z.output<typeof sellerVerificationDetails>

export const sellerVerification = z.object({
  id: z.string(),
  status: verificationStatus,
  details: sellerVerificationDetails,
  reason: z.string().nullable(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
})

export const accountsContract = {
  signUp: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary:
      'Creates a customer account and signs it in. For an e-mail that already has an account nothing is ' +
      'created: the owner gets an e-mail instead, and token and user are null, with the same message.',
    input: z.strictObject({ email, password: newPassword, name: personName, challengeToken }),
    output: z.object({ token: z.string().nullable(), user: user.nullable() }),
  }),
  signIn: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary: 'Signs in with e-mail and password.',
    input: z.strictObject({
      email,
      password: z
        .string({ error: say(ACCOUNTS_INPUT.enterPassword) })
        .min(1, say(ACCOUNTS_INPUT.enterPassword)),
    }),
    output: session,
  }),
  signOut: defineSubject({
    kind: 'mutation',
    access: 'user',
    summary: 'Ends this session: its token stops working.',
    input: z.strictObject({}),
    output: done,
  }),
  signOutEverywhere: defineSubject({
    kind: 'mutation',
    access: 'user',
    summary: "Ends every one of the caller's sessions, on every device.",
    input: z.strictObject({}),
    output: done,
  }),
  getMe: defineSubject({
    kind: 'query',
    access: 'user',
    summary: 'The signed-in person.',
    input: z.strictObject({}),
    output: z.object({ user }),
  }),
  changePassword: defineSubject({
    kind: 'mutation',
    access: 'user',
    summary: 'Changes the password; every other session is signed out.',
    input: z.strictObject({
      current: z
        .string({ error: say(ACCOUNTS_INPUT.enterCurrentPassword) })
        .min(1, say(ACCOUNTS_INPUT.enterCurrentPassword)),
      password: newPassword,
    }),
    output: done,
  }),
  requestEmailVerification: defineSubject({
    kind: 'mutation',
    access: 'user',
    summary: "Sends (again) the link that confirms the caller's e-mail address.",
    input: z.strictObject({}),
    output: z.object({ sentTo: z.string() }),
  }),
  verifyEmail: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary: 'Confirms an e-mail address with the token from the mailed link (single use, 24 hours).',
    input: z.strictObject({ token: linkToken }),
    output: z.object({ email: z.string() }),
  }),
  requestPasswordReset: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary: 'Mails a reset link if the address has an account; the answer is the same either way.',
    input: z.strictObject({ email }),
    output: done,
  }),
  resetPassword: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary:
      'Sets a new password with the token from the mailed link (single use, 1 hour); signs out everywhere.',
    input: z.strictObject({ token: linkToken, password: newPassword }),
    output: done,
  }),
  becomeSeller: defineSubject({
    kind: 'mutation',
    access: 'user',
    summary: 'Opens a storefront for the caller: they become a seller.',
    input: z.strictObject({
      handle,
      displayName: z
        .string({ error: say(ACCOUNTS_INPUT.enterDisplayName) })
        .trim()
        .min(1, say(ACCOUNTS_INPUT.enterDisplayName))
        .max(80),
      country,
      payoutMethod,
    }),
    output: z.object({ user }),
  }),
  getProfile: defineSubject({
    kind: 'query',
    access: 'user',
    summary: "The caller's user object and, for sellers, the storefront as the settings pages edit it.",
    input: z.strictObject({}),
    output: z.object({
      user,
      storefront: z
        .object({
          handle: z.string(),
          displayName: z.string(),
          country: z.string(),
          bio: z.string(),
          links: z.array(z.string()),
          payoutMethod,
        })
        .nullable(),
    }),
  }),
  createAvatarUpload: defineSubject({
    kind: 'mutation',
    access: 'user',
    summary:
      'A signed URL (10 minutes) to PUT a profile photo to, with exactly this Content-Type; then call setAvatar.',
    input: z.strictObject({
      contentType: z.enum(AVATAR_TYPES, {
        error: say(ACCOUNTS_INPUT.choosePictureType),
      }),
      size: z
        .number({ error: say(ACCOUNTS_INPUT.giveFileSizeBytes) })
        .int()
        .positive(say(ACCOUNTS_INPUT.fileEmpty))
        .max(AVATAR_MAX_BYTES, say(ACCOUNTS_INPUT.pictureTooLarge)),
    }),
    output: z.object({ uploadId: z.string(), uploadUrl: z.string(), expiresAt: z.string() }),
  }),
  setAvatar: defineSubject({
    kind: 'mutation',
    access: 'user',
    summary:
      'Makes the uploaded picture the profile photo: it is checked, cropped square and resized to WebP.',
    input: z.strictObject({
      uploadId: z
        .string({ error: say(ACCOUNTS_INPUT.uploadPictureFirst) })
        .min(1)
        .max(200),
    }),
    output: z.object({ user }),
  }),
  removeAvatar: defineSubject({
    kind: 'mutation',
    access: 'user',
    summary: 'Removes the profile photo.',
    input: z.strictObject({}),
    output: z.object({ user }),
  }),
  updateProfile: defineSubject({
    kind: 'mutation',
    access: 'user',
    summary: "Changes the caller's name and, for sellers, storefront handle, display name, bio and links.",
    input: z.strictObject({
      name: personName.optional(),
      handle: handle.optional(),
      displayName: z.string().trim().min(1, say(ACCOUNTS_INPUT.enterDisplayName)).max(80).optional(),
      bio: z.string().trim().max(1000, say(ACCOUNTS_INPUT.keepBioUnderCharacters)).optional(),
      links: z.array(link).max(5, say(ACCOUNTS_INPUT.addMostLinks)).optional(),
    }),
    output: z.object({ user }),
  }),
  updateSettings: defineSubject({
    kind: 'mutation',
    access: 'user',
    summary: "Changes the caller's settings; sellers can also change their payout method.",
    input: z.strictObject({
      currency: currencyCode.optional(),
      language: z
        .enum(['en', 'sw'], {
          error: say(ACCOUNTS_INPUT.chooseLanguage),
        })
        .optional(),
      timeZone: z
        .string()
        .refine((tz) => timeZones().has(tz), say(ACCOUNTS_INPUT.chooseTimeZoneSuch))
        .optional(),
      emailNotifications: z.boolean().optional(),
      smsReceipts: z.boolean().optional(),
      smsPayouts: z.boolean().optional(),
      smsReminders: z.boolean().optional(),
      smsPosts: z.boolean().optional(),
      recoverCheckouts: z.boolean().optional(),
      recoverBySms: z.boolean().optional(),
      payoutSchedule: payoutSchedule.optional(),
      payoutMethod: payoutMethod.optional(),
    }),
    output: z.object({ user }),
  }),
  createInvite: defineSubject({
    kind: 'mutation',
    access: 'admin',
    summary: 'Invites someone by e-mail, as a customer or an admin; the link works for 7 days.',
    input: z.strictObject({
      email,
      role: z.enum(['customer', 'admin'], {
        error: say(ACCOUNTS_INPUT.inviteAsCustomerAdmin),
      }),
    }),
    output: z.object({ sentTo: z.string(), expiresAt: z.string() }),
  }),
  acceptInvite: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary:
      'Accepts an invitation: creates the account (or, for an address that has one, checks its password) with ' +
      'the invited role, and signs in.',
    input: z.strictObject({
      code: linkToken,
      name: personName,
      password: z
        .string({ error: say(ACCOUNTS_INPUT.choosePassword) })
        .min(1, say(ACCOUNTS_INPUT.choosePassword)),
    }),
    output: session,
  }),
  requestPhoneCode: defineSubject({
    kind: 'mutation',
    access: 'user',
    summary: `Sends a ${PHONE_CODE_LENGTH}-digit code by SMS to confirm a Kenyan mobile number; it works for 10 minutes.`,
    input: z.strictObject({ phone: kenyanMobile }),
    output: z.object({ sentTo: z.string(), expiresAt: z.string() }),
  }),
  verifyPhone: defineSubject({
    kind: 'mutation',
    access: 'user',
    summary: 'Confirms the number with the code from the SMS; it becomes the M-Pesa number for payouts too.',
    input: z.strictObject({
      phone: kenyanMobile,
      code: phoneCode,
    }),
    output: z.object({ user }),
  }),
  submitSellerVerification: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary: 'Sends identity details for review by an admin; needed before the first payout.',
    input: sellerVerificationDetails,
    output: z.object({ verification: sellerVerification }),
  }),
  getSellerVerification: defineSubject({
    kind: 'query',
    access: 'seller',
    summary: "The seller's latest identity verification, or null if none was sent.",
    input: z.strictObject({}),
    output: z.object({ verification: sellerVerification.nullable() }),
  }),
  signInWithFirebase: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary:
      'Signs in with a Firebase ID token (Google or phone). Links to the account with the same verified ' +
      'e-mail or confirmed phone; Google creates an account when there is none.',
    input: z.strictObject({
      idToken: z
        .string({ error: say(ACCOUNTS_INPUT.signInUnfinished) })
        .min(20)
        .max(8000),
    }),
    output: session,
  }),
}
