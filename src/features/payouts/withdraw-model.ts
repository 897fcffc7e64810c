import { t } from '@lingui/core/macro'
import { type CurrencyCode, currencies } from '../../../contract/currencies'
import {
  instantFeeOf,
  type PayoutRail,
  type PayoutSpeed,
  type PayoutStatus,
  railStep,
} from '../../../contract/payouts.constants'
import type { PayoutDestination } from '../../../contract/payouts.contract'
import { formatMoney } from '../../lib/money'

/**
 * The withdrawal's checks and words, without React: what an amount typed means, what is wrong with it
 * (said under the field before anything is sent), which destinations take a currency, and what arrives,
 * where and when. The server checks the same again; these only spare the seller a refusal after Confirm.
 */

/** An amount as typed: nothing yet, not a number, too many decimals for the currency, or minor units. */
export type ParsedAmount =
  | { kind: 'empty' }
  | { kind: 'not-a-number' }
  | { kind: 'too-precise'; places: number }
  | { kind: 'amount'; minor: number }

/** `1,500.50` → 150050 minor units of KES. Spaces and thousands commas are allowed; a trailing `.` too. */
export function parseAmount(text: string, currency: CurrencyCode): ParsedAmount {
  const clean = text.replace(/[,\s]/g, '')
  if (!clean) return { kind: 'empty' }
  if (!/^(\d+\.?\d*|\.\d+)$/.test(clean)) return { kind: 'not-a-number' }
  const places = currencies[currency].minorUnits
  const decimals = clean.split('.')[1]?.length ?? 0
  if (decimals > places) return { kind: 'too-precise', places }
  // At most `places` decimals: scaling and rounding away the float's dust is exact.
  return { kind: 'amount', minor: Math.round(Number(clean) * 10 ** places) }
}

/** An amount as a field shows it to edit: `1500` for whole units, `1500.50` with cents. */
export function editText(minor: number, currency: CurrencyCode): string {
  const places = currencies[currency].minorUnits
  const major = minor / 10 ** places
  return minor % 10 ** places === 0 ? String(major) : major.toFixed(places)
}

/** Why a schedule's minimum as typed cannot be saved, or null: empty is none (0), anything else an amount. */
export function minimumProblem(value: string, currency: CurrencyCode): string | null {
  const parsed = parseAmount(value, currency)
  if (parsed.kind === 'not-a-number') return t`Enter an amount`
  const places = parsed.kind === 'too-precise' ? parsed.places : 0
  if (parsed.kind === 'too-precise')
    return places === 0
      ? t`Enter an amount in whole ${currency}, like 1500`
      : t`Enter an amount with at most ${places} decimals, like 1500.50`
  return null
}

/** What an amount is said wrong with, and whether to say it while the seller is still typing. */
export interface Problem {
  message: string
  /** More keys cannot mend it (letters, too much): said at once. Else when leaving the field or pressing Continue. */
  now: boolean
}

export interface AmountLimits {
  currency: CurrencyCode
  /** Withdrawable now, in minor units (below zero after a refund of money paid out). */
  available: number
  /** The least and the most one payout can be. */
  minimum: number
  maximum: number
  /** The chosen destination's rail, when one is chosen: M-Pesa pays whole shillings. */
  rail: PayoutRail | null
}

/** Why the amount cannot be withdrawn, or null when it can. The order is the one a seller mends them in. */
export function amountProblem(text: string, limits: AmountLimits): Problem | null {
  const { currency } = limits
  const money = (amount: number) => formatMoney(amount, currency)
  const parsed = parseAmount(text, currency)
  if (parsed.kind === 'empty') return { message: t`Enter an amount`, now: false }
  if (parsed.kind === 'not-a-number') return { message: t`Enter an amount in numbers, like 1500`, now: true }
  if (parsed.kind === 'too-precise') {
    const places = parsed.places
    return {
      message:
        places === 0
          ? t`${currency} has no cents: enter a whole number, like 1500`
          : t`Use at most ${places} decimals, like 1500.50`,
      now: true,
    }
  }
  const amount = parsed.minor
  if (amount === 0) return { message: t`Enter an amount above zero`, now: false }
  const step = limits.rail ? railStep(limits.rail) : 1
  if (amount % step !== 0) {
    const whole = editText(amount - (amount % step), currency)
    return {
      message: t`M-Pesa pays ${currency} in whole shillings: enter ${whole}, without the cents`,
      now: true,
    }
  }
  const available = money(limits.available)
  const most = money(limits.maximum)
  const least = money(limits.minimum)
  if (limits.available <= 0)
    return { message: t`Nothing is available to withdraw in ${currency} yet`, now: true }
  if (amount > limits.available)
    return { message: t`That is more than your available ${available}`, now: true }
  if (amount > limits.maximum) return { message: t`The most one payout can be is ${most}`, now: true }
  if (amount < limits.minimum) return { message: t`The least you can withdraw is ${least}`, now: false }
  return null
}

/** The most that can go in one payout now: the available balance, within the most, in the rail's steps. */
export function wholeAmount(limits: AmountLimits): number {
  const most = Math.max(Math.min(limits.available, limits.maximum), 0)
  return most - (most % (limits.rail ? railStep(limits.rail) : 1))
}

/** Whether a destination takes a currency: M-Pesa KES, a bank account its own, PayPal its list. */
export function takes(method: PayoutDestination, currency: CurrencyCode, paypal: CurrencyCode[]) {
  return method.currency ? method.currency === currency : paypal.includes(currency)
}

/** The link to add what can withdraw a currency no destination takes. */
export function whatToAdd(currency: CurrencyCode, paypal: CurrencyCode[]): string {
  if (currency === 'KES') return t`Add an M-Pesa number or a bank account in KES`
  if (paypal.includes(currency)) return t`Add a PayPal e-mail or a bank account in ${currency}`
  return t`Add a bank account in ${currency}`
}

/** How long each rail takes once a payout is sent. */
export function arrivesText(rail: PayoutRail): string {
  if (rail === 'mpesa') return t`within a few minutes`
  if (rail === 'paypal') return t`usually within minutes (PayPal may take up to a day)`
  return t`in 1–3 working days after the transfer is made`
}

/** A payout's state as the seller reads it (the contract's PAYOUT_STATUS_TEXT, in the page's language). */
export function payoutStatusText(status: PayoutStatus): string {
  switch (status) {
    case 'approval':
      return t`Waiting for approval`
    case 'scheduled':
      return t`Scheduled`
    case 'sending':
      return t`Sending`
    case 'processing':
      return t`On the way`
    case 'paid':
      return t`Paid`
    case 'failed':
      return t`Failed — money back in your balance`
    case 'returned':
      return t`Returned — money back in your balance`
    case 'cancelled':
      return t`Cancelled`
  }
}

/** How soon the Soko team approves a payout that waits for it. */
export const approvalTakes = () => t`usually within a working day`

export interface Quote {
  /** Leaves the balance. */
  amount: number
  fee: number
  /** What the destination receives. */
  arrives: number
  speed: PayoutSpeed
  /** It waits for the Soko team first (a first payout, or one above the approval amount). */
  approval: 'first' | 'large' | null
  /** When it arrives, in words: "within a few minutes", "with the scheduled payouts of Friday 4 December, 06:00". */
  when: string
}

/**
 * What a withdrawal will do: the fee (instant only; a bank transfer is never instant), what arrives, and
 * when, counting an approval. `standardText` is when a standard payout goes (the server's words, in the
 * seller's zone).
 */
export function quoteOf(ask: {
  amount: number
  rail: PayoutRail
  speed: PayoutSpeed
  feeBps: number
  firstPayout: boolean
  approvalOver: number | undefined
  standardText: string
}): Quote {
  const speed: PayoutSpeed = ask.rail === 'bank' ? 'standard' : ask.speed
  const fee = speed === 'instant' ? instantFeeOf(ask.amount, ask.feeBps, ask.rail) : 0
  const approval = ask.firstPayout
    ? 'first'
    : ask.approvalOver !== undefined && ask.amount > ask.approvalOver
      ? 'large'
      : null
  const bank = ask.rail === 'bank'
  const standard = ask.standardText
  const sent =
    speed === 'instant'
      ? arrivesText(ask.rail)
      : approval
        ? bank
          ? t`with the next scheduled payouts (06:00 your time), then 1–3 working days at the bank`
          : t`with the next scheduled payouts (06:00 your time)`
        : bank
          ? t`with the scheduled payouts of ${standard}, then 1–3 working days at the bank`
          : t`with the scheduled payouts of ${standard}`
  const takes = approvalTakes()
  const when = approval ? t`after the Soko team’s approval (${takes}), then ${sent}` : sent
  return { amount: ask.amount, fee, arrives: ask.amount - fee, speed, approval, when }
}

/** An instant payout's fee as a percentage: `1.5%`, `2%`. */
export function feePercent(feeBps: number): string {
  return `${(feeBps / 100).toFixed(feeBps % 100 ? 1 : 0)}%`
}
