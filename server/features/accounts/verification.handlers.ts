import { and, asc, desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { sellerVerification } from '../../../contract/accounts.contract'
import { ACCOUNTS, ACCOUNTS_FIELD } from '../../../contract/errors/accounts'
import { sellers, sellerVerifications, users } from '../../db/schema'
import { audit } from '../../lib/audit'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { refuseOwnAccount } from '../../lib/own-account'
import { uuidv7 } from '../../lib/uuid'
import { verificationReviewedMail } from '../../mail/templates'
import type { Handlers } from '../../rpc/context'
import { userLanguage } from '../settings'
import { sendQuietly } from './accounts.handlers'

type VerificationRow = typeof sellerVerifications.$inferSelect
type Verification = z.output<typeof sellerVerification>

function toVerification(row: VerificationRow): Verification {
  return {
    id: row.id,
    status: row.status,
    details: row.details,
    reason: row.reason,
    submittedAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  }
}

/** A verification decided before: what it already is. */
const VERIFICATION_ALREADY = {
  pending: ACCOUNTS.verificationAlreadyPending,
  approved: ACCOUNTS.verificationAlreadyApproved,
  rejected: ACCOUNTS.verificationAlreadyRejected,
} as const

export const verificationHandlers: Pick<
  Handlers,
  | 'submitSellerVerification'
  | 'getSellerVerification'
  | 'listSellerVerifications'
  | 'reviewSellerVerification'
> = {
  submitSellerVerification: async (details, ctx) => {
    const { user } = ctx.caller
    const row = await ctx.db.transaction(async (tx) => {
      const [latest] = await tx
        .select()
        .from(sellerVerifications)
        .where(eq(sellerVerifications.sellerId, user.id))
        .orderBy(desc(sellerVerifications.createdAt))
        .limit(1)
        .for('update')
      if (latest?.status === 'approved') throw new AppError(409, ACCOUNTS.alreadyVerified)
      if (latest?.status === 'pending') {
        // Corrections before the review replace what was sent; the place in the queue is kept.
        const [updated] = await tx
          .update(sellerVerifications)
          .set({ details })
          .where(eq(sellerVerifications.id, latest.id))
          .returning()
        return updated
      }
      const [created] = await tx
        .insert(sellerVerifications)
        .values({ id: uuidv7(), sellerId: user.id, details })
        .returning()
      return created
    })
    if (!row) throw new Error('seller verification was not written')
    return { verification: toVerification(row) }
  },

  getSellerVerification: async (_input, ctx) => {
    const { user } = ctx.caller
    const [latest] = await ctx.db
      .select()
      .from(sellerVerifications)
      .where(eq(sellerVerifications.sellerId, user.id))
      .orderBy(desc(sellerVerifications.createdAt))
      .limit(1)
    return { verification: latest ? toVerification(latest) : null }
  },

  listSellerVerifications: async ({ status }, ctx) => {
    const rows = await ctx.db
      .select({
        verification: sellerVerifications,
        handle: sellers.handle,
        displayName: sellers.displayName,
        email: users.email,
      })
      .from(sellerVerifications)
      .innerJoin(sellers, eq(sellers.userId, sellerVerifications.sellerId))
      .innerJoin(users, eq(users.id, sellerVerifications.sellerId))
      .where(eq(sellerVerifications.status, status))
      .orderBy(asc(sellerVerifications.createdAt))
      .limit(200)
    return {
      verifications: rows.map((r) => ({
        ...toVerification(r.verification),
        seller: { handle: r.handle, displayName: r.displayName, email: r.email },
      })),
    }
  },

  reviewSellerVerification: async ({ id, decision, reason }, ctx) => {
    const admin = ctx.caller.user
    const approved = decision === 'approve'
    // Whose check it is never changes: read before the transaction, refused before anything is written.
    const [subject] = await ctx.db
      .select({ sellerId: sellerVerifications.sellerId })
      .from(sellerVerifications)
      .where(eq(sellerVerifications.id, id))
    refuseOwnAccount(admin.id, subject?.sellerId, 'review-verification')
    const row = await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(sellerVerifications)
        .set({
          status: approved ? 'approved' : 'rejected',
          reason: approved ? null : (reason ?? null),
          reviewedBy: admin.id,
          reviewedAt: clock.now(),
        })
        .where(and(eq(sellerVerifications.id, id), eq(sellerVerifications.status, 'pending')))
        .returning()
      if (updated) {
        const [seller] = await tx
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, updated.sellerId))
        await audit(tx, ctx, {
          action: approved ? 'verification.approve' : 'verification.reject',
          target: { kind: 'user', id: updated.sellerId, label: seller?.email ?? '' },
          reason: approved ? null : (reason ?? null),
          before: { status: 'pending' },
          after: { status: updated.status },
        })
      }
      return updated
    })
    if (!row) {
      const [exists] = await ctx.db
        .select({ status: sellerVerifications.status })
        .from(sellerVerifications)
        .where(eq(sellerVerifications.id, id))
      throw exists
        ? new AppError(409, VERIFICATION_ALREADY[exists.status])
        : new AppError(404, ACCOUNTS.noSuchVerification, { fields: { id: ACCOUNTS_FIELD.notFound } })
    }
    const [seller] = await ctx.db.select().from(users).where(eq(users.id, row.sellerId))
    if (seller)
      await sendQuietly(
        ctx,
        verificationReviewedMail(
          seller.email,
          seller.name,
          approved,
          row.reason,
          `${ctx.config.publicUrl}/account/verify`,
          userLanguage(seller),
        ),
      )
    return { verification: toVerification(row) }
  },
}
