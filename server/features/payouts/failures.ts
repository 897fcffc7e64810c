import { B2C_NOT_FOUND, b2cFailure } from '../../../contract/mpesa-b2c'
import type { PayoutFailure } from '../../../contract/payout-failure'
import type { PayoutRail } from '../../../contract/payouts.constants'
import { paypalPayoutFailure } from '../../../contract/paypal-payouts'
import type { TransferState } from '../../payments/provider'

type Failed = Extract<TransferState, { state: 'failed' }>

/** A failure the provider did not explain with a code: the send could not be made, try again later. */
const unexplained = (message: string): PayoutFailure => ({
  title: 'The payout could not be sent',
  text: `${message} Soko will try again by itself: you need do nothing.`,
  action: 'we-retry',
})

/** What a failed send means for the seller, by rail: its words and what happens next. */
export function explain(rail: PayoutRail, state: Failed): PayoutFailure {
  if (rail === 'mpesa') return state.code ? b2cFailure(state.code) : unexplained(state.message)
  if (rail === 'bank')
    return {
      title: 'The bank transfer failed',
      text: `${state.message} Check the bank account details, then withdraw again.`,
      action: 'fix-destination',
    }
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
