import { ADMIN } from '../../contract/errors/admin'
import { AppError } from './errors'

/** What an admin may not decide about their own account, and what they are told. */
const REFUSALS = {
  'review-payout': ADMIN.ownPayoutReview,
  'mark-payout': ADMIN.ownPayoutMark,
  'retry-payout': ADMIN.ownPayoutRetry,
  'review-verification': ADMIN.ownVerification,
  'refund-sale': ADMIN.ownSaleRefund,
} as const

/**
 * Nobody approves their own payout, identity check or sale: an admin acting on a record of their own
 * account is refused (403), whichever way they decide, so money that leaves for an admin always had a
 * second admin's eyes on it. `ownerId` is the record's person (undefined when there is no such record:
 * the subject then answers its own 404).
 */
export function refuseOwnAccount(
  adminId: string,
  ownerId: string | undefined,
  action: keyof typeof REFUSALS,
): void {
  if (ownerId === adminId) throw new AppError(403, REFUSALS[action])
}
