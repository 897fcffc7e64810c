import { z } from 'zod'
import { role, verificationStatus } from './accounts.contract'
import { currencyCode } from './money'
import { payoutBalance } from './payouts.contract'
import { defineSubject } from './rpc'
import { say } from './say'

/** A person an admin acts on, by id. */
const CHOOSE_PERSON = say(/*i18n*/ { id: 'adminPeople.choosePerson', message: 'Choose a person' })

/** Said in more than one place. */
const SEARCH_MOST_CHARACTERS = /*i18n*/ {
  id: 'adminPeople.searchMostCharacters',
  message: 'Search with at most 100 characters',
}

/** Said in more than one place. */
const PASS_NEXT_PREVIOUS_PAGE = /*i18n*/ {
  id: 'adminPeople.passNextPreviousPage',
  message: 'Pass the `next` of the previous page',
}

const id = () => z.uuid({ error: CHOOSE_PERSON })
/** A reason an admin gives for an action, kept in the audit log (and shown or mailed where it says). */
export const adminReason = (why: { missing: string; short: string }) =>
  z
    .string({ error: why.missing })
    .trim()
    .min(5, why.short)
    .max(
      500,
      say(
        /*i18n*/ {
          id: 'adminPeople.keepReasonUnderCharacters',
          message: 'Keep the reason under 500 characters',
        },
      ),
    )

/** One person in the admin's list. */
export const adminUserRow = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  roles: z.array(role),
  /** Their storefront, for sellers. */
  handle: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  createdAt: z.string(),
})

export const adminSession = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  active: z.boolean(),
})

export const adminOrderRow = z.object({
  id: z.string(),
  reference: z.string(),
  /** Whether the person bought it or sold it. */
  side: z.enum(['bought', 'sold']),
  title: z.string(),
  status: z.string(),
  total: z.number().int(),
  currency: currencyCode,
  method: z.string(),
  createdAt: z.string(),
})

export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), email: z.string() }),
  action: z.string(),
  target: z.object({ kind: z.string(), id: z.string(), label: z.string() }),
  reason: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string(),
})

export type AuditEntry = z.infer<typeof auditEntry>

export const ADMIN_USERS_PAGE = 50
export const AUDIT_PAGE = 100

export const adminPeopleContract = {
  listUsers: defineSubject({
    kind: 'query',
    access: 'admin',
    summary:
      'Everyone with an account, newest first, found by part of their e-mail, name, phone (07…, +2547… or ' +
      '2547…) or storefront handle.',
    input: z.strictObject({
      q: z.string().trim().max(100, say(SEARCH_MOST_CHARACTERS)).default(''),
      filter: z.enum(['all', 'sellers', 'admins', 'suspended']).default('all'),
      /** `next` of the previous page. */
      cursor: z.uuid({ error: say(PASS_NEXT_PREVIOUS_PAGE) }).optional(),
    }),
    output: z.object({ users: z.array(adminUserRow), next: z.string().nullable() }),
  }),
  getUser: defineSubject({
    kind: 'query',
    access: 'admin',
    summary:
      'One person as an admin sees them: roles, suspension, storefront, sessions (their sign-in history), ' +
      'recent orders bought and sold, balances, payout destinations and identity check.',
    input: z.strictObject({ id: id() }),
    output: z.object({
      user: adminUserRow.extend({
        emailVerified: z.boolean(),
        phoneVerified: z.boolean(),
        suspensionReason: z.string().nullable(),
        hasPassword: z.boolean(),
      }),
      seller: z
        .object({
          handle: z.string(),
          displayName: z.string(),
          country: z.string(),
          products: z.number(),
          /** Where they asked to be paid when opening the storefront (a destination once confirmed). */
          givenMethod: z.string(),
        })
        .nullable(),
      sessions: z.array(adminSession),
      orders: z.array(adminOrderRow),
      balances: z.array(payoutBalance),
      payoutMethods: z.array(z.object({ id: z.string(), label: z.string(), removed: z.boolean() })),
      verification: z.object({ status: verificationStatus, submittedAt: z.string() }).nullable(),
      /** Whether this is the admin looking: they cannot suspend or demote themselves. */
      isSelf: z.boolean(),
    }),
  }),
  suspendUser: defineSubject({
    kind: 'mutation',
    access: 'admin',
    summary:
      'Suspends a person: their sessions end, sign-in tells them the reason, their products leave the ' +
      'storefront and their payouts pause. Not yourself, and not the last admin.',
    input: z.strictObject({
      id: id(),
      reason: adminReason({
        missing: say(/*i18n*/ { id: 'adminPeople.whySuspend', message: 'Say why you suspend them' }),
        short: say(
          /*i18n*/ {
            id: 'adminPeople.whySuspendShort',
            message: 'Say why you suspend them (at least 5 characters)',
          },
        ),
      }),
    }),
    output: z.object({ user: adminUserRow }),
  }),
  reinstateUser: defineSubject({
    kind: 'mutation',
    access: 'admin',
    summary: 'Lifts a suspension: they can sign in again, their storefront returns and payouts resume.',
    input: z.strictObject({ id: id() }),
    output: z.object({ user: adminUserRow }),
  }),
  setUserRole: defineSubject({
    kind: 'mutation',
    access: 'admin',
    summary:
      'Grants or removes the admin or seller role. No one removes their own admin role, and the last admin ' +
      'stays; the seller role needs a storefront, which a person sets up at /register.',
    input: z.strictObject({
      id: id(),
      role: z.enum(['admin', 'seller'], {
        error: say(/*i18n*/ { id: 'adminPeople.chooseAdminSeller', message: 'Choose admin or seller' }),
      }),
      grant: z.boolean({
        error: say(
          /*i18n*/ { id: 'adminPeople.sayWhetherGrantRemove', message: 'Say whether to grant or remove it' },
        ),
      }),
    }),
    output: z.object({ user: adminUserRow }),
  }),
  forcePasswordReset: defineSubject({
    kind: 'mutation',
    access: 'admin',
    summary: 'Ends all their sessions, removes their password and e-mails them a link to choose a new one.',
    input: z.strictObject({ id: id() }),
    output: z.object({ ok: z.literal(true) }),
  }),
  listAuditLog: defineSubject({
    kind: 'query',
    access: 'admin',
    summary:
      'What admins did, newest first: who, what, on which record, before and after, when and from where. ' +
      'Search matches the action, the admin, the record or the reason.',
    input: z.strictObject({
      q: z.string().trim().max(100, say(SEARCH_MOST_CHARACTERS)).default(''),
      targetId: z.string().max(100).optional(),
      cursor: z.uuid({ error: say(PASS_NEXT_PREVIOUS_PAGE) }).optional(),
      limit: z.number().int().min(1).max(500).default(AUDIT_PAGE),
    }),
    output: z.object({ entries: z.array(auditEntry), next: z.string().nullable() }),
  }),
}
