import { z } from 'zod'
import { CURRENCY_LIMITS, type CurrencyCode, currencyCodes } from '../../contract/currencies'
import { PAYOUT_HOLD_DAYS } from '../../contract/platform'

/**
 * The platform's payout figures and timings, with their defaults in this one place and each overridable
 * from the environment. Amounts are per currency in minor units; an override names the currencies it
 * changes (`PAYOUT_MAX=KES:25000000,USD:200000`) and the others keep their defaults.
 */
export interface PayoutsConfig {
  /** Days a sale's earnings are held before they can be withdrawn. */
  holdDays: number
  /** The instant payout's fee, in basis points of the amount (150 = 1.5%), rounded up to a minor unit. */
  instantFeeBps: number
  /** Least and most one payout, and most a seller's payouts in a day (the last 24 hours). */
  minimum: Record<CurrencyCode, number>
  maximum: Record<CurrencyCode, number>
  daily: Record<CurrencyCode, number>
  /** Payouts above this wait for an admin's approval, as does every seller's first. */
  approvalOver: Record<CurrencyCode, number>
  /** Hours a newly added destination waits before it receives anything. */
  newMethodWaitHours: number
  /**
   * Seconds a send holds its payout (`sending`) while the provider is asked. A process that dies meanwhile
   * leaves the claim to run out, and the sweep then sends again with the same key, which the provider
   * takes as a repeat: long enough for a slow provider to answer, short enough that a crash delays little.
   */
  sendLeaseSeconds: number
  /** Seconds after a payout went to its provider before it is asked about, if its result has not come. */
  checkAfterSeconds: number
  /** Seconds between sweeps of money out: scheduled runs, sends to retry or resume, late results. */
  sweepSeconds: number
}

/** Defaults: what a KES figure is worth in each currency, roughly, rounded to a round figure. */
const DEFAULT_MAXIMUM: Record<CurrencyCode, number> = {
  KES: 250_000_00,
  UGX: 7_000_000,
  TZS: 5_000_000_00,
  RWF: 2_500_000,
  NGN: 3_000_000_00,
  GHS: 25_000_00,
  ZAR: 35_000_00,
  USD: 2_000_00,
  EUR: 2_000_00,
  GBP: 1_500_00,
}

const scale = (table: Record<CurrencyCode, number>, factor: number) =>
  Object.fromEntries(Object.entries(table).map(([c, v]) => [c, Math.round(v * factor)])) as Record<
    CurrencyCode,
    number
  >

const perCurrency = z
  .string()
  .regex(
    /^[A-Z]{3}:\d+(,[A-Z]{3}:\d+)*$/,
    'Use CURRENCY:minor-units pairs separated by commas, e.g. KES:25000000,USD:200000',
  )
  .refine(
    (value) => value.split(',').every((pair) => currencyCodes.includes(pair.slice(0, 3) as CurrencyCode)),
    `Use Soko's currencies: ${currencyCodes.join(', ')}`,
  )
  .optional()

const whole = (what: string) =>
  z.coerce
    .number({ error: `Use a whole number of ${what}` })
    .int(`Use a whole number of ${what}`)
    .min(0)

/** The environment variables of payouts, added to the server's schema. */
export const payoutsEnv = {
  HOLD_DAYS: whole('days').max(90).default(PAYOUT_HOLD_DAYS),
  PAYOUT_INSTANT_FEE_BPS: whole('basis points').max(2_000).default(150),
  PAYOUT_MIN: perCurrency,
  PAYOUT_MAX: perCurrency,
  PAYOUT_DAILY_MAX: perCurrency,
  PAYOUT_APPROVAL_OVER: perCurrency,
  PAYOUT_NEW_METHOD_WAIT_HOURS: whole('hours')
    .max(24 * 30)
    .default(24),
  PAYOUT_SEND_LEASE_SECONDS: whole('seconds').min(1, 'Use at least 1 second').max(3_600).default(120),
  PAYOUT_CHECK_AFTER_SECONDS: whole('seconds').min(1, 'Use at least 1 second').max(86_400).default(180),
  PAYOUT_SWEEP_SECONDS: whole('seconds').min(1, 'Use at least 1 second').max(3_600).default(30),
}

type PayoutsEnv = z.output<z.ZodObject<typeof payoutsEnv>>

function withOverrides(defaults: Record<CurrencyCode, number>, override: string | undefined) {
  const table = { ...defaults }
  for (const pair of override?.split(',') ?? [])
    table[pair.slice(0, 3) as CurrencyCode] = Number(pair.slice(4))
  return table
}

export function payoutsConfig(e: PayoutsEnv): PayoutsConfig {
  const minimum = Object.fromEntries(
    Object.entries(CURRENCY_LIMITS).map(([c, limits]) => [c, limits.minWithdrawal]),
  ) as Record<CurrencyCode, number>
  return {
    holdDays: e.HOLD_DAYS,
    instantFeeBps: e.PAYOUT_INSTANT_FEE_BPS,
    minimum: withOverrides(minimum, e.PAYOUT_MIN),
    maximum: withOverrides(DEFAULT_MAXIMUM, e.PAYOUT_MAX),
    daily: withOverrides(scale(DEFAULT_MAXIMUM, 2), e.PAYOUT_DAILY_MAX),
    approvalOver: withOverrides(scale(DEFAULT_MAXIMUM, 0.4), e.PAYOUT_APPROVAL_OVER),
    newMethodWaitHours: e.PAYOUT_NEW_METHOD_WAIT_HOURS,
    sendLeaseSeconds: e.PAYOUT_SEND_LEASE_SECONDS,
    checkAfterSeconds: e.PAYOUT_CHECK_AFTER_SECONDS,
    sweepSeconds: e.PAYOUT_SWEEP_SECONDS,
  }
}
