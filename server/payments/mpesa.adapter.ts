import { z } from 'zod'
import { MPESA_PHONE_HINT } from '../../contract/phone'
import type { PaymentsConfig } from '../env'
import { type Fetch, PaymentProviderError } from './payments'

/**
 * Safaricom Daraja: STK push to collect, its status query, C2B (payments made from the M-Pesa menu to the
 * Paybill or till) and B2C to pay out (../shared/PROVIDERS.md).
 * The same code talks to Daraja and, in sandbox mode, to ./sandbox/mpesa.sandbox.ts: only baseUrl differs.
 * Amounts in and out are KES minor units (cents); Daraja speaks whole shillings.
 */

/** The configured M-Pesa settings (env.ts), with the base URL resolved (Daraja's or the sandbox's). */
export type MpesaAdapterOptions = Omit<PaymentsConfig['mpesa'], 'live' | 'baseUrl'> & {
  baseUrl: string
  fetch?: Fetch
  now?: () => Date
}

export interface StkPushRequest {
  /** 2547XXXXXXXX or 2541XXXXXXXX (contract/phone.ts normalizeKenyanMobile). */
  phone: string
  /** KES minor units: whole shillings (a multiple of 100), at least 100. */
  amount: number
  /** Shown on the buyer's phone; at most 12 characters. */
  accountReference: string
  /** Cut to Daraja's 13 characters. */
  description: string
  callbackUrl: string
}

export interface StkPushAnswer {
  merchantRequestId: string
  checkoutRequestId: string
  customerMessage: string
}

export type StkQueryAnswer = { state: 'pending' } | { state: 'done'; resultCode: number; resultDesc: string }

export interface StkCallback {
  merchantRequestId: string
  checkoutRequestId: string
  resultCode: number
  resultDesc: string
  /** The M-Pesa receipt (transaction) number, on success. */
  receipt: string | null
  /** KES minor units. */
  amount: number | null
  /** As M-Pesa sent it (254…). */
  phone: string | null
  /** ISO 8601 with Kenya's offset (2019-12-19T10:21:15+03:00). */
  transactionDate: string | null
}

export interface C2bRegisterRequest {
  /** Where M-Pesa posts each completed Paybill or Buy Goods payment. */
  confirmationUrl: string
  /** Called first only when Safaricom has switched external validation on for the short code. */
  validationUrl: string
  /** What M-Pesa does when the ValidationURL cannot be reached; Completed unless said. */
  responseType?: 'Completed' | 'Cancelled'
}

/** A payment a buyer made from the M-Pesa menu (Pay Bill or Buy Goods), as posted to the ConfirmationURL. */
export interface C2bConfirmation {
  /** The M-Pesa receipt (transaction) number. */
  transactionId: string
  /** As M-Pesa names it: "Pay Bill", "Buy Goods". */
  transactionType: string
  /** KES minor units. */
  amount: number
  /** The account number the buyer typed, trimmed and uppercased; empty for Buy Goods. */
  billRef: string
  shortCode: string
  /** 254…, or null when M-Pesa sent the number masked or hashed (as it now often does). */
  phone: string | null
  /** ISO 8601 with Kenya's offset. */
  paidAt: string | null
  firstName: string | null
}

export interface B2cRequest {
  /** Ours and unique per payout: M-Pesa answers a repeat with the original instead of paying twice. */
  originatorConversationId: string
  phone: string
  /** KES minor units, whole shillings. */
  amount: number
  /** 2 to 100 characters. */
  remarks: string
  occasion: string
  resultUrl: string
  timeoutUrl: string
  commandId?: 'BusinessPayment' | 'SalaryPayment' | 'PromotionPayment'
}

export interface B2cAnswer {
  conversationId: string
  originatorConversationId: string
}

export interface B2cResult {
  originatorConversationId: string
  conversationId: string
  transactionId: string
  resultCode: number
  resultDesc: string
  /** KES minor units. */
  amount: number | null
  receipt: string | null
  /** "2547… - Name", as M-Pesa shows the receiver. */
  receiver: string | null
  /** ISO 8601 with Kenya's offset. */
  completedAt: string | null
}

type Operation = 'token' | 'stk' | 'query' | 'c2b' | 'b2c'
type Json = Record<string, unknown>

/** Refresh the token this long before Daraja says it expires, so a request never carries a dying one. */
const TOKEN_MARGIN_MS = 60_000
const REQUEST_TIMEOUT_MS = 30_000

const BUSY = 'M-Pesa is busy right now: try again in a minute'
const UNREACHABLE = 'M-Pesa could not be reached: try again in a minute'
const SETUP = 'M-Pesa payments are not working on Soko right now: pay by card or PayPal, or try again later'
const SETUP_B2C = 'M-Pesa payouts are not working on Soko right now: try again later'
const SETUP_C2B =
  'M-Pesa did not take the Paybill payment addresses: check the M-Pesa short code (or till) and that both addresses are public https, then try again'

export class MpesaAdapter {
  private readonly baseUrl: string
  private readonly fetch: Fetch
  private readonly now: () => Date
  private cached: { token: string; expiresAt: number } | null = null
  /** One token request at a time: calls arriving while it runs share it. */
  private tokenRequest: Promise<string> | null = null

  constructor(private readonly options: MpesaAdapterOptions) {
    if (options.transactionType === 'CustomerBuyGoodsOnline' && !options.till)
      throw new Error('M-Pesa Buy Goods needs the till number: set MPESA_TILL_NUMBER')
    this.baseUrl = options.baseUrl.replace(/\/+$/, '')
    this.fetch = options.fetch ?? fetch
    this.now = options.now ?? (() => new Date())
  }

  /** Sends the payment prompt to the buyer's phone. Accepted is not paid: the callback or query says. */
  async stkPush(req: StkPushRequest): Promise<StkPushAnswer> {
    const amount = wholeShillings(req.amount)
    if (!req.accountReference || req.accountReference.length > 12)
      throw new RangeError('M-Pesa AccountReference must be 1 to 12 characters')
    const { shortCode, transactionType, till } = this.options
    const { status, body } = await this.call('stk', '/mpesa/stkpush/v1/processrequest', {
      BusinessShortCode: shortCode,
      ...this.password(),
      TransactionType: transactionType,
      Amount: amount,
      PartyA: req.phone,
      PartyB: transactionType === 'CustomerBuyGoodsOnline' ? till : shortCode,
      PhoneNumber: req.phone,
      // A stray space is the commonest reason for "Invalid CallBackURL".
      CallBackURL: req.callbackUrl.trim(),
      AccountReference: req.accountReference,
      TransactionDesc: req.description.trim().slice(0, 13) || 'Payment',
    })
    if (body?.ResponseCode !== '0' || typeof body.CheckoutRequestID !== 'string')
      throw refusal('stk', status, body)
    return {
      merchantRequestId: String(body.MerchantRequestID ?? ''),
      checkoutRequestId: body.CheckoutRequestID,
      customerMessage: String(body.CustomerMessage ?? ''),
    }
  }

  /** Asks how a prompt ended; pending while the buyer has not answered (ask again after a pause). */
  async stkQuery(checkoutRequestId: string): Promise<StkQueryAnswer> {
    const { status, body } = await this.call('query', '/mpesa/stkpushquery/v1/query', {
      BusinessShortCode: this.options.shortCode,
      ...this.password(),
      CheckoutRequestID: checkoutRequestId,
    })
    // Asked before the buyer answered, Daraja answers an error (or, lately, result 4999) instead.
    const text = String(body?.errorMessage ?? '')
    if (body?.errorCode === '500.001.1001' && !/credential/i.test(text)) return { state: 'pending' }
    if (body?.ResponseCode !== '0' || body.ResultCode === undefined) throw refusal('query', status, body)
    const resultCode = Number(body.ResultCode)
    if (!Number.isInteger(resultCode)) throw refusal('query', status, body)
    if (resultCode === 4999) return { state: 'pending' }
    return { state: 'done', resultCode, resultDesc: String(body.ResultDesc ?? '') }
  }

  /** Reads what Daraja posted to the CallBackURL. Throws PaymentProviderError when it is not a callback. */
  parseStkCallback(body: unknown): StkCallback {
    const parsed = stkCallbackSchema.safeParse(body)
    if (!parsed.success) throw unreadable('STK callback', parsed.error)
    const cb = parsed.data.Body.stkCallback
    const item = (name: string) => byKey(cb.CallbackMetadata?.Item, 'Name', name)
    return {
      merchantRequestId: cb.MerchantRequestID,
      checkoutRequestId: cb.CheckoutRequestID,
      resultCode: Number(cb.ResultCode),
      resultDesc: cb.ResultDesc,
      receipt: text(item('MpesaReceiptNumber')),
      amount: minorUnits(item('Amount')),
      phone: text(item('PhoneNumber')),
      transactionDate: fromTimestamp(text(item('TransactionDate'))),
    }
  }

  /**
   * Tells M-Pesa where to post payments made to the Paybill (or, for Buy Goods, the till) from the M-Pesa
   * menu. Daraja's sandbox lets a registration be replaced; production registers once per short code.
   */
  async registerC2bUrls(req: C2bRegisterRequest): Promise<void> {
    const { shortCode, transactionType, till } = this.options
    const { status, body } = await this.call('c2b', '/mpesa/c2b/v2/registerurl', {
      ShortCode: transactionType === 'CustomerBuyGoodsOnline' ? till : shortCode,
      ResponseType: req.responseType ?? 'Completed',
      ConfirmationURL: req.confirmationUrl.trim(),
      ValidationURL: req.validationUrl.trim(),
    })
    // Daraja answers {OriginatorCoversationID (sic), ResponseCode: "0", ResponseDescription: "Success"}.
    if (body?.ResponseCode !== '0') throw refusal('c2b', status, body)
  }

  /** Reads what Daraja posted to the ConfirmationURL. Throws PaymentProviderError when it is not one. */
  parseC2bConfirmation(body: unknown): C2bConfirmation {
    const parsed = c2bConfirmationSchema.safeParse(body)
    if (!parsed.success) throw unreadable('C2B confirmation', parsed.error)
    const c = parsed.data
    const msisdn = text(c.MSISDN ?? null)
    return {
      transactionId: c.TransID,
      transactionType: c.TransactionType,
      amount: minorUnits(c.TransAmount) ?? 0,
      billRef: (text(c.BillRefNumber ?? null) ?? '').trim().toUpperCase(),
      shortCode: String(c.BusinessShortCode),
      // Daraja now sends a masked (2547 ***** 149) or hashed MSISDN to most merchants.
      phone: msisdn && /^\d+$/.test(msisdn) ? msisdn : null,
      paidAt: fromTimestamp(text(c.TransTime ?? null)),
      firstName: c.FirstName?.trim() || null,
    }
  }

  /** Pays out to an M-Pesa number. Accepted is not paid: the result arrives at resultUrl. */
  async b2c(req: B2cRequest): Promise<B2cAnswer> {
    const amount = wholeShillings(req.amount)
    const remarks = req.remarks.trim().slice(0, 100)
    if (remarks.length < 2) throw new RangeError('M-Pesa B2C Remarks must be 2 to 100 characters')
    const { status, body } = await this.call('b2c', '/mpesa/b2c/v3/paymentrequest', {
      OriginatorConversationID: req.originatorConversationId,
      InitiatorName: this.options.initiatorName,
      SecurityCredential: this.options.securityCredential,
      CommandID: req.commandId ?? 'BusinessPayment',
      Amount: amount,
      PartyA: this.options.b2cShortCode,
      PartyB: req.phone,
      Remarks: remarks,
      QueueTimeOutURL: req.timeoutUrl.trim(),
      ResultURL: req.resultUrl.trim(),
      // Daraja's spelling.
      Occassion: req.occasion.trim().slice(0, 100),
    })
    if (body?.ResponseCode !== '0' || typeof body.ConversationID !== 'string')
      throw refusal('b2c', status, body)
    return {
      conversationId: body.ConversationID,
      originatorConversationId: String(body.OriginatorConversationID ?? req.originatorConversationId),
    }
  }

  /** Reads what Daraja posted to the ResultURL. Throws PaymentProviderError when it is not a result. */
  parseB2cResult(body: unknown): B2cResult {
    const parsed = b2cResultSchema.safeParse(body)
    if (!parsed.success) throw unreadable('B2C result', parsed.error)
    const r = parsed.data.Result
    const param = (key: string) => byKey(r.ResultParameters?.ResultParameter, 'Key', key)
    return {
      originatorConversationId: r.OriginatorConversationID,
      conversationId: r.ConversationID,
      transactionId: r.TransactionID ?? '',
      resultCode: Number(r.ResultCode),
      resultDesc: r.ResultDesc,
      amount: minorUnits(param('TransactionAmount')),
      receipt: text(param('TransactionReceipt')),
      receiver: text(param('ReceiverPartyPublicName')),
      completedAt: fromDottedDate(text(param('TransactionCompletedDateTime'))),
    }
  }

  /** Password and Timestamp, computed together: Daraja checks one against the other. */
  private password(): { Password: string; Timestamp: string } {
    const timestamp = darajaTimestamp(this.now())
    const { shortCode, passkey } = this.options
    return {
      Password: Buffer.from(`${shortCode}${passkey}${timestamp}`).toString('base64'),
      Timestamp: timestamp,
    }
  }

  /**
   * POSTs JSON with the Bearer token. A token Daraja no longer accepts (404.001.03: expired early, or
   * revoked) is dropped and the request made once more with a new one.
   */
  private async call(
    op: Operation,
    path: string,
    payload: Json,
  ): Promise<{ status: number; body: Json | null }> {
    for (let attempt = 1; ; attempt++) {
      const token = await this.token()
      const res = await this.send(op, `${this.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      })
      const body = await readJson(res)
      if (body?.errorCode === '404.001.03' && attempt === 1) {
        if (this.cached?.token === token) this.cached = null
        continue
      }
      return { status: res.status, body }
    }
  }

  private async token(): Promise<string> {
    if (this.cached && this.now().getTime() < this.cached.expiresAt) return this.cached.token
    this.tokenRequest ??= this.newToken().finally(() => {
      this.tokenRequest = null
    })
    return this.tokenRequest
  }

  private async newToken(): Promise<string> {
    const { consumerKey, consumerSecret } = this.options
    const basic = Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')
    const res = await this.send('token', `${this.baseUrl}/oauth/v1/generate?grant_type=client_credentials`, {
      headers: { authorization: `Basic ${basic}` },
    })
    const body = await readJson(res)
    if (!res.ok || typeof body?.access_token !== 'string' || !body.access_token)
      throw refusal('token', res.status, body)
    // expires_in comes as a string ("3599").
    const seconds = Number(body.expires_in)
    const lifetime = (Number.isFinite(seconds) && seconds > 0 ? seconds : 3599) * 1000
    this.cached = {
      token: body.access_token,
      expiresAt: this.now().getTime() + Math.max(lifetime - TOKEN_MARGIN_MS, lifetime / 2),
    }
    return body.access_token
  }

  private async send(op: Operation, url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
      throw new PaymentProviderError(UNREACHABLE, `M-Pesa ${op} request failed: ${reason}`, null, true)
    }
  }
}

/** YYYYMMDDHHmmss in Kenyan time, as Daraja's Timestamp and TransactionDate. */
export function darajaTimestamp(at: Date): string {
  // Kenya keeps East Africa Time, UTC+3, all year (no daylight saving).
  return new Date(at.getTime() + 3 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14)
}

function wholeShillings(minor: number): number {
  if (!Number.isInteger(minor) || minor < 100 || minor % 100 !== 0)
    throw new PaymentProviderError(
      'M-Pesa takes whole shillings only, KES 1 or more: round the amount or pay another way',
      `amount ${minor} is not a whole number of shillings of at least KES 1`,
    )
  return minor / 100
}

async function readJson(res: Response): Promise<Json | null> {
  const text = await res.text().catch(() => '')
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null
  } catch {
    return null
  }
}

/** A refusal in words for the buyer or seller; Daraja's own code and text go to `detail` for the log. */
function refusal(op: Operation, status: number, body: Json | null): PaymentProviderError {
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
  const phoneField = op === 'b2c' ? /Invalid PartyB\b/i : /Invalid (PhoneNumber|PartyA)\b/i
  if (phoneField.test(said)) return fail(MPESA_PHONE_HINT)
  if (/Invalid Amount/i.test(said))
    return fail('M-Pesa refused the amount: it takes whole shillings, KES 1 or more. Pay another way.')
  // Soko's own settings (keys, passkey, short codes, callback address): nothing the buyer can fix.
  if (
    op === 'token' ||
    code === '404.001.03' ||
    /credential|Invalid (Password|Timestamp|BusinessShortCode|PartyA|PartyB|TransactionType|CallBackURL|ResultURL|QueueTimeOutURL|InitiatorName|SecurityCredential|CommandID|AccountReference)\b/i.test(
      said,
    )
  )
    return fail(op === 'b2c' ? SETUP_B2C : SETUP, status >= 500 && status <= 599 && !/credential/i.test(said))
  if (op === 'stk' && code === '500.001.1001')
    return fail('Another M-Pesa payment is waiting on that phone: finish or cancel it, then try again', true)
  if (status >= 500 && status <= 599) return fail(BUSY, true)
  return op === 'b2c'
    ? fail('M-Pesa refused the payout: check the M-Pesa number, then try again')
    : fail('M-Pesa refused the payment: try again, or pay by card or PayPal')
}

function unreadable(what: string, error: z.ZodError): PaymentProviderError {
  // Paths only: the body itself carries phone numbers.
  const where = error.issues.map((issue) => issue.path.join('.') || '(body)').join(', ')
  return new PaymentProviderError(`M-Pesa sent a ${what} Soko cannot read`, `malformed ${what} at ${where}`)
}

// Daraja sends a one-element list as the element itself in some answers, so accept both.
const listOf = <T extends z.ZodType>(item: T) => z.union([z.array(item), item]).optional()
const scalar = z.union([z.string(), z.number()]).nullish()
const resultCode = z.union([z.number().int(), z.string().regex(/^\d+$/)])

const stkCallbackSchema = z.object({
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

const b2cResultSchema = z.object({
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

const c2bConfirmationSchema = z.object({
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
function byKey(list: Entry[] | Entry | undefined, key: 'Name' | 'Key', name: string): string | number | null {
  const entries = list === undefined ? [] : Array.isArray(list) ? list : [list]
  return entries.find((entry) => entry[key] === name)?.Value ?? null
}

function text(value: string | number | null): string | null {
  return value === null || value === '' ? null : String(value)
}

function minorUnits(value: string | number | null): number | null {
  const shillings = value === null || value === '' ? Number.NaN : Number(value)
  return Number.isFinite(shillings) ? Math.round(shillings * 100) : null
}

/** 20191219102115 (Kenyan time) → 2019-12-19T10:21:15+03:00. */
function fromTimestamp(value: string | null): string | null {
  const m = value?.match(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/)
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+03:00` : null
}

/** 06.07.2024 22:48:52 (Kenyan time) → 2024-07-06T22:48:52+03:00. */
function fromDottedDate(value: string | null): string | null {
  const m = value?.match(/^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})$/)
  return m ? `${m[3]}-${m[2]}-${m[1]}T${m[4]}:${m[5]}:${m[6]}+03:00` : null
}
