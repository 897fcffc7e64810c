import { z } from 'zod'
import { MPESA_PHONE_HINT } from '../../contract/phone'
import { PaymentProviderError } from './payments'

/**
 * Daraja's wire format: its timestamps, whole-shilling amounts, error codes turned into words, and the
 * schemas of what it posts (STK callbacks, B2C results and their status answers, C2B confirmations).
 */

/** `status` is the Transaction Status query, asked about a B2C payment. */
export type Operation = 'token' | 'stk' | 'query' | 'c2b' | 'b2c' | 'status'
export type Json = Record<string, unknown>

export const UNREACHABLE = 'M-Pesa could not be reached: try again in a minute'
const BUSY = 'M-Pesa is busy right now: try again in a minute'
const SETUP = 'M-Pesa payments are not working on Soko right now: pay by card or PayPal, or try again later'
const SETUP_B2C = 'M-Pesa payouts are not working on Soko right now: try again later'
const SETUP_C2B =
  'M-Pesa did not take the Paybill payment addresses: check the M-Pesa short code (or till) and that both addresses are public https, then try again'

/** YYYYMMDDHHmmss in Kenyan time, as Daraja's Timestamp and TransactionDate. */
export function darajaTimestamp(at: Date): string {
  // Kenya keeps East Africa Time, UTC+3, all year (no daylight saving).
  return new Date(at.getTime() + 3 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14)
}

export function wholeShillings(minor: number): number {
  if (!Number.isInteger(minor) || minor < 100 || minor % 100 !== 0)
    throw new PaymentProviderError(
      'M-Pesa takes whole shillings only, KES 1 or more: round the amount or pay another way',
      `amount ${minor} is not a whole number of shillings of at least KES 1`,
    )
  return minor / 100
}

export async function readJson(res: Response): Promise<Json | null> {
  const text = await res.text().catch(() => '')
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null
  } catch {
    return null
  }
}

/** A refusal in words for the buyer or seller; Daraja's own code and text go to `detail` for the log. */
export function refusal(op: Operation, status: number, body: Json | null): PaymentProviderError {
  const code = String(body?.errorCode ?? body?.ResponseCode ?? body?.resultCode ?? '') || null
  const said = String(body?.errorMessage ?? body?.ResponseDescription ?? body?.resultDesc ?? '')
  const detail = `M-Pesa ${op} answered HTTP ${status}${code ? ` ${code}` : ''}${said ? `: ${said}` : ''}`
  const fail = (message: string, retryable = false) =>
    new PaymentProviderError(message, detail, code, retryable)

  if (code === '500.003.02' || code === '500.003.03' || status === 429) return fail(BUSY, true)
  // Registering addresses is Soko's own setup: nothing a buyer sees, and Daraja's text is in `detail`.
  if (op === 'c2b')
    return /already registered/i.test(said)
      ? fail(
          'M-Pesa already has payment addresses for this short code: delete them on the M-Pesa portal (URL management), then register again',
        )
      : fail(SETUP_C2B, status >= 500 && status <= 599 && !/credential/i.test(said))
  // The status query names no phone: its fields are all Soko's own settings and ids.
  const moneyOut = op === 'b2c' || op === 'status'
  const phoneField = op === 'b2c' ? /Invalid PartyB\b/i : /Invalid (PhoneNumber|PartyA)\b/i
  if (op !== 'status' && phoneField.test(said)) return fail(MPESA_PHONE_HINT)
  if (/Invalid Amount/i.test(said))
    return fail('M-Pesa refused the amount: it takes whole shillings, KES 1 or more. Pay another way.')
  // Soko's own settings (keys, passkey, short codes, callback address): nothing the buyer can fix.
  if (
    op === 'token' ||
    code === '404.001.03' ||
    /credential|Invalid (Password|Timestamp|BusinessShortCode|PartyA|PartyB|TransactionType|CallBackURL|ResultURL|QueueTimeOutURL|InitiatorName|Initiator|SecurityCredential|CommandID|AccountReference|IdentifierType)\b/i.test(
      said,
    )
  )
    return fail(moneyOut ? SETUP_B2C : SETUP, status >= 500 && status <= 599 && !/credential/i.test(said))
  if (op === 'stk' && code === '500.001.1001')
    return fail('Another M-Pesa payment is waiting on that phone: finish or cancel it, then try again', true)
  if (status >= 500 && status <= 599) return fail(BUSY, true)
  if (op === 'status') return fail('M-Pesa could not be asked about the payout: try again later', true)
  return op === 'b2c'
    ? fail('M-Pesa refused the payout: check the M-Pesa number, then try again')
    : fail('M-Pesa refused the payment: try again, or pay by card or PayPal')
}

export function unreadable(what: string, error: z.ZodError): PaymentProviderError {
  // Paths only: the body itself carries phone numbers.
  const where = error.issues.map((issue) => issue.path.join('.') || '(body)').join(', ')
  return new PaymentProviderError(`M-Pesa sent a ${what} Soko cannot read`, `malformed ${what} at ${where}`)
}

// Daraja sends a one-element list as the element itself in some answers, so accept both.
const listOf = <T extends z.ZodType>(item: T) => z.union([z.array(item), item]).optional()
const scalar = z.union([z.string(), z.number()]).nullish()
const resultCode = z.union([z.number().int(), z.string().regex(/^\d+$/)])

export const stkCallbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string(),
      CheckoutRequestID: z.string().min(1),
      ResultCode: resultCode,
      ResultDesc: z.string(),
      CallbackMetadata: z.object({ Item: listOf(z.object({ Name: z.string(), Value: scalar })) }).optional(),
    }),
  }),
})

export const b2cResultSchema = z.object({
  Result: z.object({
    ResultCode: resultCode,
    ResultDesc: z.string(),
    OriginatorConversationID: z.string().min(1),
    ConversationID: z.string(),
    TransactionID: z.string().optional(),
    ResultParameters: z
      .object({ ResultParameter: listOf(z.object({ Key: z.string(), Value: scalar })) })
      .optional(),
  }),
})

/**
 * The Transaction Status answer posted to its ResultURL: B2C's Result shape, with the payment asked about in
 * ResultParameters. Its ResultCode is not always a number (word codes such as "R000002" occur on failures).
 */
export const transactionStatusResultSchema = z.object({
  Result: z.object({
    ResultCode: z.union([z.number().int(), z.string().trim().min(1)]),
    ResultDesc: z.string(),
    OriginatorConversationID: z.string(),
    ConversationID: z.string(),
    TransactionID: z.string().optional(),
    ResultParameters: z
      .object({ ResultParameter: listOf(z.object({ Key: z.string(), Value: scalar })) })
      .optional(),
  }),
})

/** What a queue timeout may carry; Daraja documents little of it, so only the conversation is read. */
export const queueTimeoutSchema = z.object({ Result: z.object({ ConversationID: z.string().min(1) }) })

/**
 * Whether a Transaction Status refusal says M-Pesa has no such transaction. Daraja gives no one code for it,
 * so the words decide, and only words about the transaction: "The initiator information is invalid" is
 * Soko's own setting and says nothing about the payment.
 */
export function saysNotFound(resultDesc: string): boolean {
  return (
    /\b(transaction|receipt|originator ?conversation)/i.test(resultDesc) &&
    /\b(does not exist|not found|could not be found|no record|is invalid)\b/i.test(resultDesc)
  )
}

export const c2bConfirmationSchema = z.object({
  TransactionType: z.string(),
  TransID: z.string().trim().min(1),
  TransTime: scalar,
  // "750.00", or "750"; never nothing: a payment of no shillings is not a payment.
  TransAmount: z.union([
    z.number().positive(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/)
      .refine((amount) => Number(amount) > 0),
  ]),
  BusinessShortCode: z.union([z.string().trim().min(1), z.number().int()]),
  BillRefNumber: scalar,
  MSISDN: scalar,
  FirstName: z.string().nullish(),
})

type Entry = { Value?: string | number | null } & Partial<Record<'Name' | 'Key', string>>

/** The value of the entry whose `key` is `name`, wherever it sits in the list (never by position). */
export function byKey(
  list: Entry[] | Entry | undefined,
  key: 'Name' | 'Key',
  name: string,
): string | number | null {
  const entries = list === undefined ? [] : Array.isArray(list) ? list : [list]
  return entries.find((entry) => entry[key] === name)?.Value ?? null
}

export function text(value: string | number | null): string | null {
  return value === null || value === '' ? null : String(value)
}

export function minorUnits(value: string | number | null): number | null {
  const shillings = value === null || value === '' ? Number.NaN : Number(value)
  return Number.isFinite(shillings) ? Math.round(shillings * 100) : null
}

/** 20191219102115 (Kenyan time) → 2019-12-19T10:21:15+03:00. */
export function fromTimestamp(value: string | null): string | null {
  const m = value?.match(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/)
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+03:00` : null
}

/** 06.07.2024 22:48:52 (Kenyan time) → 2024-07-06T22:48:52+03:00. */
export function fromDottedDate(value: string | null): string | null {
  const m = value?.match(/^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})$/)
  return m ? `${m[3]}-${m[2]}-${m[1]}T${m[4]}:${m[5]}:${m[6]}+03:00` : null
}
