import { z } from 'zod'
import { sellerVerification, verificationStatus } from './accounts.contract'
import { defineSubject } from './rpc'
import { say } from './say'

export const outboxMessage = z.object({
  id: z.string(),
  kind: z.enum(['mail', 'sms']),
  to: z.string(),
  /** The mail's subject; empty for an SMS. */
  subject: z.string(),
  sentAt: z.string(),
  text: z.string(),
})

export type OutboxMessage = z.infer<typeof outboxMessage>

export const OUTBOX_PAGE_SIZE = 50

export const adminContract = {
  listOutbox: defineSubject({
    kind: 'query',
    access: 'admin',
    summary:
      'Every SMS, and every mail when no SMTP server is set, from the outbox every instance writes to, newest ' +
      'first. `enabled` is false when mail really goes out by SMTP.',
    input: z.strictObject({
      before: z.uuid().optional(),
      to: z.string().trim().max(254).optional(),
    }),
    output: z.object({
      enabled: z.boolean(),
      messages: z.array(outboxMessage),
      /** Pass as `before` for the next page; null on the last one. */
      next: z.string().nullable(),
    }),
  }),
  getOutboxMail: defineSubject({
    kind: 'query',
    access: 'admin',
    summary: 'A mail of the outbox as it would have gone out: its exact bytes, attachments and all.',
    input: z.strictObject({ id: z.uuid() }),
    output: z.object({ raw: z.string() }),
  }),
  listSellerVerifications: defineSubject({
    kind: 'query',
    access: 'admin',
    summary: 'Identity verifications to review, oldest first.',
    input: z.strictObject({ status: verificationStatus.default('pending') }),
    output: z.object({
      verifications: z.array(
        sellerVerification.extend({
          seller: z.object({ handle: z.string(), displayName: z.string(), email: z.string() }),
        }),
      ),
    }),
  }),
  reviewSellerVerification: defineSubject({
    kind: 'mutation',
    access: 'admin',
    summary:
      'Approves or rejects a pending verification; the seller is told by e-mail. Never the admin’s own (403).',
    input: z
      .strictObject({
        id: z.uuid({
          error: say(
            /*i18n*/ { id: 'admin.chooseVerificationReview', message: 'Choose a verification to review' },
          ),
        }),
        decision: z.enum(['approve', 'reject'], {
          error: say(/*i18n*/ { id: 'admin.chooseApproveReject', message: 'Choose approve or reject' }),
        }),
        reason: z.string().trim().max(500).optional(),
      })
      .refine((v) => v.decision === 'approve' || (v.reason?.length ?? 0) >= 5, {
        path: ['reason'],
        message: say(
          /*i18n*/ {
            id: 'admin.tellSellerWhatFix',
            message: 'Tell the seller what to fix (at least 5 characters)',
          },
        ),
      }),
    output: z.object({ verification: sellerVerification }),
  }),
}
