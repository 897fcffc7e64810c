import type { Message } from '../../../contract/i18n'
import { B2C_NOT_FOUND, b2cFailure } from '../../../contract/mpesa-b2c'
import type { PayoutFailure } from '../../../contract/payout-failure'
import type { PayoutRail } from '../../../contract/payouts.constants'
import { paypalPayoutFailure } from '../../../contract/paypal-payouts'
import type { TransferState } from '../../payments/provider'
import { type NoteParams, note, PAYOUT_NOTES } from './notes'

type Failed = Extract<TransferState, { state: 'failed' }>

/** A failure, with the message ids of its title and text when Soko wrote them (notes.ts). */
export type ExplainedFailure = PayoutFailure & { titleCode?: string; textCode?: string; params?: NoteParams }

function written(title: Message, text: Message, params: NoteParams, action: PayoutFailure['action']) {
  return {
    title: note(title).text,
    text: note(text, params).text,
    action,
    titleCode: title.id,
    textCode: text.id,
    params,
  } satisfies ExplainedFailure
}

/** A failure's title as a step's param, or as the step itself: its English and its id when Soko wrote it. */
export const failureTitle = (failure: ExplainedFailure) => ({
  text: failure.title,
  code: failure.titleCode ?? null,
})

/** The columns of a failure: its words, what happens next, and its message ids (notes.ts). */
export const failureColumns = (failure: ExplainedFailure) => ({
  failureTitle: failure.title,
  failureText: failure.text,
  failureAction: failure.action,
  failureTitleCode: failure.titleCode ?? null,
  failureTextCode: failure.textCode ?? null,
  failureParams: failure.params ?? null,
})

/** A failure the provider did not explain with a code: the send could not be made, try again later. */
const unexplained = (message: string): ExplainedFailure =>
  written(PAYOUT_NOTES.unsentTitle, PAYOUT_NOTES.unsentText, { message }, 'we-retry')

/** An admin's reason as they wrote it; Soko's own when they gave none (then read in the seller's language). */
const bankReason = (message: string) =>
  message === PAYOUT_NOTES.bankFailed.message ? { text: message, code: PAYOUT_NOTES.bankFailed.id } : message

/** What a failed send means for the seller, by rail: its words and what happens next. */
export function explain(rail: PayoutRail, state: Failed): ExplainedFailure {
  if (rail === 'mpesa') return state.code ? b2cFailure(state.code) : unexplained(state.message)
  if (rail === 'bank')
    return written(
      PAYOUT_NOTES.bankTitle,
      PAYOUT_NOTES.bankText,
      { message: bankReason(state.message) },
      'fix-destination',
    )
  if (state.code) return paypalPayoutFailure(state.code)
  return state.returned ? paypalPayoutFailure('RETURNED') : unexplained(state.message)
}

/** M-Pesa has no record of the send: it never happened, so it may be sent again under the same key. */
export const neverSent = (state: Failed) => state.code === B2C_NOT_FOUND

/** How long before a send that failed for a passing reason is tried again. */
export function retryDelayMs(failure: PayoutFailure, code: string | undefined): number {
  if (failure.action === 'admins') return 60 * 60_000
  // The platform's float: someone has to top it up.
  if (code === '1') return 30 * 60_000
  return 5 * 60_000
}
