import { z } from 'zod'
import { SANDBOX } from './sandbox-credentials'

/**
 * Each provider's settings. `live` is false while its keys are unset: the adapter then talks to the
 * simulator under /sandbox/ with the sandbox's own credentials. Secrets are here only to be handed to the
 * adapters: never log them.
 */
export interface PaymentsConfig {
  mpesa: {
    live: boolean
    /** Daraja's address; null: this server's /sandbox/mpesa. */
    baseUrl: string | null
    consumerKey: string
    consumerSecret: string
    /** The Paybill (or, for Buy Goods, the head office) short code. */
    shortCode: string
    passkey: string
    transactionType: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline'
    /** The till number, for Buy Goods. */
    till: string | null
    /** B2C (refunds and payouts): the sending short code, initiator and its encrypted credential. */
    b2cShortCode: string
    initiatorName: string
    securityCredential: string
  }
  paypal: {
    live: boolean
    baseUrl: string | null
    clientId: string
    clientSecret: string
    webhookId: string
  }
  card: {
    live: boolean
    /** Stripe's API address; null: this server's /sandbox/stripe. */
    apiBase: string | null
    secretKey: string
    webhookSecret: string
  }
  /** Keys the callback URLs given to providers (M-Pesa callbacks carry no signature); null: derived. */
  hooksSecret: string | null
}

/** The environment variables of the payment providers, added to the server's schema. */
export const paymentsEnv = {
  MPESA_BASE_URL: z.url({ protocol: /^https?$/, error: 'Use https://api.safaricom.co.ke' }).optional(),
  MPESA_CONSUMER_KEY: z.string().optional(),
  MPESA_CONSUMER_SECRET: z.string().optional(),
  MPESA_SHORTCODE: z
    .string()
    .regex(/^\d{5,7}$/, 'Use the Paybill or store number, 5 to 7 digits')
    .optional(),
  MPESA_PASSKEY: z.string().optional(),
  MPESA_TILL_NUMBER: z
    .string()
    .regex(/^\d{5,7}$/, 'Use the till number, 5 to 7 digits')
    .optional(),
  MPESA_B2C_SHORTCODE: z
    .string()
    .regex(/^\d{5,7}$/, 'Use the B2C short code, 5 to 7 digits')
    .optional(),
  MPESA_INITIATOR_NAME: z.string().optional(),
  MPESA_SECURITY_CREDENTIAL: z.string().optional(),
  PAYPAL_BASE_URL: z.url({ protocol: /^https?$/, error: 'Use https://api-m.paypal.com' }).optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/, error: 'Use https://api.stripe.com' }).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'Use a secret key (sk_live_… or sk_test_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, "Use the endpoint's signing secret, whsec_…")
    .optional(),
  HOOKS_SECRET: z.string().min(32, 'Use at least 32 characters').optional(),
}

type PaymentsEnv = z.output<z.ZodObject<typeof paymentsEnv>>

/** A provider is live when all its keys are set, and in sandbox mode when none are; half is a mistake. */
const providerKeys = {
  'M-Pesa': ['MPESA_CONSUMER_KEY', 'MPESA_CONSUMER_SECRET', 'MPESA_SHORTCODE', 'MPESA_PASSKEY'],
  PayPal: ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'],
  Stripe: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
} as const

export function providerIssues(e: PaymentsEnv): { path: string[]; message: string }[] {
  return Object.entries(providerKeys).flatMap(([provider, names]) => {
    const set = names.filter((name) => e[name])
    if (set.length === 0 || set.length === names.length) return []
    return names
      .filter((name) => !e[name])
      .map((name) => ({
        path: [name],
        message: `Set it too for live ${provider} payments, or unset ${set.join(', ')} to use the sandbox`,
      }))
  })
}

/** Live settings where the keys are set; the sandbox's fixed test credentials otherwise. */
export function paymentsConfig(e: PaymentsEnv): PaymentsConfig {
  const mpesaLive = Boolean(e.MPESA_CONSUMER_KEY)
  const paypalLive = Boolean(e.PAYPAL_CLIENT_ID)
  const cardLive = Boolean(e.STRIPE_SECRET_KEY)
  const shortCode = e.MPESA_SHORTCODE ?? SANDBOX.mpesaShortCode
  return {
    mpesa: {
      live: mpesaLive,
      baseUrl: mpesaLive ? (e.MPESA_BASE_URL ?? 'https://api.safaricom.co.ke') : null,
      consumerKey: e.MPESA_CONSUMER_KEY ?? SANDBOX.mpesaConsumerKey,
      consumerSecret: e.MPESA_CONSUMER_SECRET ?? SANDBOX.mpesaConsumerSecret,
      shortCode,
      passkey: e.MPESA_PASSKEY ?? SANDBOX.mpesaPasskey,
      transactionType: e.MPESA_TILL_NUMBER ? 'CustomerBuyGoodsOnline' : 'CustomerPayBillOnline',
      till: e.MPESA_TILL_NUMBER ?? null,
      b2cShortCode: e.MPESA_B2C_SHORTCODE ?? (mpesaLive ? shortCode : SANDBOX.mpesaB2cShortCode),
      initiatorName: e.MPESA_INITIATOR_NAME ?? (mpesaLive ? '' : SANDBOX.mpesaInitiator),
      securityCredential: e.MPESA_SECURITY_CREDENTIAL ?? (mpesaLive ? '' : SANDBOX.mpesaCredential),
    },
    paypal: {
      live: paypalLive,
      baseUrl: paypalLive ? (e.PAYPAL_BASE_URL ?? 'https://api-m.paypal.com') : null,
      clientId: e.PAYPAL_CLIENT_ID ?? SANDBOX.paypalClientId,
      clientSecret: e.PAYPAL_CLIENT_SECRET ?? SANDBOX.paypalClientSecret,
      webhookId: e.PAYPAL_WEBHOOK_ID ?? SANDBOX.paypalWebhookId,
    },
    card: {
      live: cardLive,
      apiBase: cardLive ? (e.STRIPE_API_BASE ?? 'https://api.stripe.com') : null,
      secretKey: e.STRIPE_SECRET_KEY ?? SANDBOX.stripeSecretKey,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? SANDBOX.stripeWebhookSecret,
    },
    hooksSecret: e.HOOKS_SECRET ?? null,
  }
}
