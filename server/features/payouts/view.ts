import { CANCELLABLE_PAYOUT, type PayoutStatus } from '../../../contract/payouts.constants'
import type { PayoutView } from '../../../contract/payouts.contract'
import type { PayoutStep } from '../../db/payouts.schema'
import type { payouts } from '../../db/schema'
import { clock } from '../../lib/clock'
import { methodLabel } from './methods'

export type PayoutRow = typeof payouts.$inferSelect

/** A payout as its seller (or an admin) reads it. */
/** An admin's view of a payout: whose it is and, for a bank transfer, the account to send it to. */
export function adminPayoutView(row: PayoutRow, seller: { name: string; email: string }): PayoutView {
  const d = row.destination
  return {
    ...payoutView(row),
    seller: { id: row.sellerId, name: seller.name, email: seller.email },
    ...(d.kind === 'bank'
      ? {
          bankAccount: {
            accountName: d.accountName,
            accountNumber: d.accountNumber,
            bankName: d.bankName,
            swiftCode: d.swiftCode ?? null,
          },
        }
      : {}),
  }
}

export function payoutView(row: PayoutRow): PayoutView {
  return {
    id: row.id,
    status: row.status,
    speed: row.speed,
    rail: row.rail,
    destination: methodLabel(row.destination),
    amount: row.amount,
    fee: row.fee,
    arrives: row.amount - row.fee,
    currency: row.currency,
    receipt: row.receipt,
    failure:
      row.failureTitle && row.failureText && row.failureAction
        ? {
            // An operator's error is Soko's to fix: its code is for the logs, not for the seller.
            code: row.failureAction === 'admins' ? null : row.failureCode,
            title: row.failureTitle,
            text: row.failureText,
            action: row.failureAction,
          }
        : null,
    timeline: row.timeline,
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    cancellable: CANCELLABLE_PAYOUT.includes(row.status),
  }
}

/** The timeline with one more step. */
export function step(row: Pick<PayoutRow, 'timeline'>, status: PayoutStatus, text: string, at = clock.now()) {
  const next: PayoutStep = { at: at.toISOString(), status, text }
  return [...row.timeline, next]
}
