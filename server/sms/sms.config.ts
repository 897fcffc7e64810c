import { z } from 'zod'

/** How SMS are sent: Africa's Talking with real keys, or this server's own sandbox of it. */
export interface SmsConfig {
  live: boolean
  /** Africa's Talking's API address; null: this server's /sandbox/africastalking. */
  baseUrl: string | null
  username: string
  /** Sent in the apiKey header; never logged. */
  apiKey: string
  /** An approved sender id or short code; null: the provider's default. */
  senderId: string | null
  /** SMS one number may be sent in an hour (codes included); more wait for the next hour. */
  perNumberHour: number
}

/**
 * The sandbox's fixed credentials: public, as it only ever sends pretend messages. The username is Soko's
 * own app; `sandbox`, Africa's Talking's name for its sandbox app, is left to outside clients, whose
 * delivery reports must not reach Soko (server/sms/africastalking.sandbox.ts).
 */
export const SMS_SANDBOX = { username: 'soko', apiKey: 'soko-sandbox-sms-key' }

/** The environment variables of SMS, added to the server's schema. */
export const smsEnv = {
  AT_USERNAME: z.string().min(1).optional(),
  AT_API_KEY: z.string().min(1).optional(),
  AT_SENDER_ID: z.string().min(1).max(11, 'A sender id has at most 11 characters').optional(),
  AT_BASE_URL: z.url({ error: 'Use an https:// address' }).optional(),
  LIMIT_SMS_PER_NUMBER_HOUR: z.coerce
    .number({ error: 'Use a whole number of messages' })
    .int('Use a whole number of messages')
    .min(1, 'Use at least 1')
    .default(10),
}

type SmsEnv = z.output<z.ZodObject<typeof smsEnv>>

/** Live when the API key is set (the username must be too); the sandbox otherwise. */
export function smsConfig(e: SmsEnv): SmsConfig {
  const live = Boolean(e.AT_API_KEY)
  return {
    live,
    baseUrl: live ? (e.AT_BASE_URL ?? 'https://api.africastalking.com') : null,
    username: live ? (e.AT_USERNAME ?? '') : SMS_SANDBOX.username,
    apiKey: e.AT_API_KEY ?? SMS_SANDBOX.apiKey,
    senderId: e.AT_SENDER_ID ?? null,
    perNumberHour: e.LIMIT_SMS_PER_NUMBER_HOUR,
  }
}

/** A live setup needs the username with the key. */
export function smsIssues(e: SmsEnv): { path: string[]; message: string }[] {
  if (e.AT_API_KEY && !e.AT_USERNAME)
    return [
      {
        path: ['AT_USERNAME'],
        message: "Set it too: Africa's Talking needs the app's username with AT_API_KEY",
      },
    ]
  return []
}
