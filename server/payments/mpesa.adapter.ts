import { clock } from '../lib/clock'
import type {
  B2cAnswer,
  B2cRequest,
  B2cResult,
  C2bConfirmation,
  C2bRegisterRequest,
  MpesaAdapterOptions,
  StkCallback,
  StkPushAnswer,
  StkPushRequest,
  StkQueryAnswer,
  TransactionStatusAnswer,
  TransactionStatusRequest,
  TransactionStatusResult,
} from './mpesa.types'
import {
  b2cResultSchema,
  byKey,
  c2bConfirmationSchema,
  darajaTimestamp,
  fromDottedDate,
  fromTimestamp,
  type Json,
  minorUnits,
  type Operation,
  queueTimeoutSchema,
  readJson,
  refusal,
  stkCallbackSchema,
  text,
  transactionStatusResultSchema,
  UNREACHABLE,
  unreadable,
  wholeShillings,
} from './mpesa.wire'
import { type Fetch, PaymentProviderError } from './payments'

export type * from './mpesa.types'

/**
 * Safaricom Daraja: STK push to collect, its status query, C2B (payments made from the M-Pesa menu to the
 * Paybill or till), B2C to pay out, and Transaction Status to learn how a B2C payment ended when its result
 * never came.
 * The same code talks to Daraja and, in sandbox mode, to ./sandbox/mpesa/: only baseUrl differs.
 * Amounts in and out are KES minor units (cents); Daraja speaks whole shillings.
 */

/** Refresh the token this long before Daraja says it expires, so a request never carries a dying one. */
const TOKEN_MARGIN_MS = 60_000
const REQUEST_TIMEOUT_MS = 30_000

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
    this.now = options.now ?? (() => clock.now())
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

  /** The number payers pay from the M-Pesa menu, whose addresses registerC2bUrls registers. */
  get c2bShortCode(): string {
    const { shortCode, transactionType, till } = this.options
    return transactionType === 'CustomerBuyGoodsOnline' && till ? till : shortCode
  }

  /**
   * Tells M-Pesa where to post payments made to the Paybill (or, for Buy Goods, the till) from the M-Pesa
   * menu. Daraja's sandbox lets a registration be replaced; production registers once per short code.
   */
  async registerC2bUrls(req: C2bRegisterRequest): Promise<void> {
    const { status, body } = await this.call('c2b', '/mpesa/c2b/v2/registerurl', {
      ShortCode: this.c2bShortCode,
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

  /**
   * Reads what Daraja posted to a QueueTimeOutURL: the request waited too long in M-Pesa's queue, and whether
   * it was carried out is not known. Daraja documents little of this body, so all of it is optional.
   */
  parseQueueTimeout(body: unknown): { conversationId: string | null } {
    const parsed = queueTimeoutSchema.safeParse(body)
    return { conversationId: parsed.success ? parsed.data.Result.ConversationID : null }
  }

  /**
   * Asks how a B2C payment ended, by our OriginatorConversationID or its receipt. Accepted is not answered:
   * the answer arrives at resultUrl (parseTransactionStatus). The initiator and credential are B2C's.
   */
  async transactionStatus(req: TransactionStatusRequest): Promise<TransactionStatusAnswer> {
    if (!req.originatorConversationId && !req.transactionId)
      throw new RangeError(
        'M-Pesa Transaction Status needs the OriginatorConversationID or the TransactionID',
      )
    const remarks = req.remarks.trim().slice(0, 100)
    if (remarks.length < 2)
      throw new RangeError('M-Pesa Transaction Status Remarks must be 2 to 100 characters')
    const { status, body } = await this.call('status', '/mpesa/transactionstatus/v1/query', {
      Initiator: this.options.initiatorName,
      SecurityCredential: this.options.securityCredential,
      CommandID: 'TransactionStatusQuery',
      ...(req.transactionId ? { TransactionID: req.transactionId } : {}),
      ...(req.originatorConversationId ? { OriginatorConversationID: req.originatorConversationId } : {}),
      PartyA: this.options.b2cShortCode,
      // 4: PartyA is an organisation's short code.
      IdentifierType: '4',
      ResultURL: req.resultUrl.trim(),
      QueueTimeOutURL: req.timeoutUrl.trim(),
      Remarks: remarks,
      Occasion: req.occasion.trim().slice(0, 100),
    })
    // Some answers of this API carry ResponseCode as a number.
    if (String(body?.ResponseCode) !== '0' || typeof body?.ConversationID !== 'string')
      throw refusal('status', status, body)
    return {
      conversationId: body.ConversationID,
      originatorConversationId: String(body.OriginatorConversationID ?? ''),
    }
  }

  /** Reads what Daraja posted to a Transaction Status ResultURL. Throws PaymentProviderError when it is not one. */
  parseTransactionStatus(body: unknown): TransactionStatusResult {
    const parsed = transactionStatusResultSchema.safeParse(body)
    if (!parsed.success) throw unreadable('Transaction Status result', parsed.error)
    const r = parsed.data.Result
    const param = (key: string) => byKey(r.ResultParameters?.ResultParameter, 'Key', key)
    const code = String(r.ResultCode).trim()
    return {
      resultCode: /^\d+$/.test(code) ? String(Number(code)) : code,
      resultDesc: r.ResultDesc,
      payment: {
        status: text(param('TransactionStatus')),
        receipt: text(param('ReceiptNo')),
        amount: minorUnits(param('Amount')),
        originatorConversationId: text(param('OriginatorConversationID')),
        conversationId: text(param('ConversationID')),
        receiver: text(param('CreditPartyName')),
        finalisedAt: fromTimestamp(text(param('FinalisedTime'))),
      },
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
