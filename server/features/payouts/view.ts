import type { Lang } from '../../../contract/i18n'
import { CANCELLABLE_PAYOUT, type PayoutStatus } from '../../../contract/payouts.constants'
import type { PayoutView } from '../../../contract/payouts.contract'
import type { PayoutStep } from '../../db/payouts.schema'
import type { payouts } from '../../db/schema'
import { clock } from '../../lib/clock'
import { methodLabel } from './methods'
import { type NoteParams, noteIn } from './notes'

export type PayoutRow = typeof payouts.$inferSelect

/** A payout as its seller (or an admin) reads it. */
/** An admin's view of a payout: whose it is and, for a bank transfer, the account to send it to. */
export function adminPayoutView(
  row: PayoutRow,
  seller: { name: string; email: string },
  lang: Lang = 'en',
): PayoutView {
  const d = row.destination
  return {
    ...payoutView(row, lang),
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

/** A payout in its reader's language: the steps and failure Soko wrote with a message id are translated. */
export function payoutView(row: PayoutRow, lang: Lang = 'en'): PayoutView {
  const failureParams = row.failureParams as NoteParams | null
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
            title: noteIn(lang, row.failureTitle, row.failureTitleCode, failureParams),
            text: noteIn(lang, row.failureText, row.failureTextCode, failureParams),
            action: row.failureAction,
          }
        : null,
    timeline: row.timeline.map(({ at, status, text, code, params }) => ({
      at,
      status,
      text: noteIn(lang, text, code, params as NoteParams | undefined),
    })),
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    cancellable: CANCELLABLE_PAYOUT.includes(row.status),
  }
}

/** The timeline with one more step: its English, and (from notes.ts) its message id and params. */
export function step(
  row: Pick<PayoutRow, 'timeline'>,
  status: PayoutStatus,
  words: string | { text: string; code?: string | null; params?: NoteParams },
  at = clock.now(),
) {
  const { text, code, params } = typeof words === 'string' ? { text: words } : words
  const next: PayoutStep = {
    at: at.toISOString(),
    status,
    text,
    ...(code ? { code } : {}),
    ...(code && params ? { params } : {}),
  }
  return [...row.timeline, next]
}
