import { z } from 'zod'
import { currencyCode, money } from './money'
import { defineSubject } from './rpc'

export const paymentMethodId = z.enum(['mpesa', 'paypal', 'card'])

export const payoutSchedule = z.enum(['instant', 'daily', 'weekly', 'monthly'])

export const platformSettings = z.object({
  siteName: z.string(),
  tagline: z.string(),
  defaultCurrency: currencyCode,
  currencies: z.array(z.object({ code: currencyCode, name: z.string(), minorUnits: z.number().int() })),
  paymentMethods: z.array(
    z.object({
      id: paymentMethodId,
      name: z.string(),
      enabled: z.boolean(),
      /** `sandbox` while no provider keys are set: payments go to Soko's local simulators. */
      mode: z.enum(['sandbox', 'live']),
      currencies: z.array(currencyCode),
    }),
  ),
  fees: z.object({
    /** Platform fee on each sale, in basis points (500 = 5%). */
    saleFeeBps: z.number().int(),
    description: z.string(),
  }),
  payouts: z.object({
    schedules: z.array(payoutSchedule),
    /** Days a sale's earnings are held before they can be withdrawn. */
    holdDays: z.number().int(),
    minimumWithdrawal: z.array(money),
  }),
  limits: z.object({
    maxUploadBytes: z.number().int(),
    minPrice: z.array(money),
    maxPrice: z.array(money),
  }),
})

export const userSettings = z.object({
  currency: currencyCode,
  language: z.string(),
  timeZone: z.string(),
  emailNotifications: z.boolean(),
  /** Text messages besides codes, each kind on or off: receipts of M-Pesa payments, payouts, reminders. */
  smsReceipts: z.boolean(),
  smsPayouts: z.boolean(),
  smsReminders: z.boolean(),
  /** A member whose e-mail address is not confirmed: a text with the link to each new members' post. */
  smsPosts: z.boolean(),
  /** Sellers: remind buyers who left a checkout unpaid (by e-mail), and by SMS those who asked for it. */
  recoverCheckouts: z.boolean(),
  recoverBySms: z.boolean(),
  payoutSchedule: payoutSchedule,
})

export type PlatformSettings = z.infer<typeof platformSettings>
export type UserSettings = z.infer<typeof userSettings>

export const settingsContract = {
  getSettings: defineSubject({
    kind: 'query',
    access: 'public',
    summary: "The platform's public settings and, for a signed-in caller, that person's own settings.",
    input: z.strictObject({}),
    output: z.object({ platform: platformSettings, user: userSettings.nullable() }),
  }),
}
