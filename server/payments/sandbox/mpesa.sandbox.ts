import { randomBytes, randomInt } from 'node:crypto'
import { type Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { normalizeKenyanMobile } from '../../../contract/phone'
import { clock } from '../../lib/clock'
import { escapeHtml } from '../../lib/html'
import { inboxHtml, SMS_LIST_CSS } from '../../sms/africastalking.sandbox'
import { darajaTimestamp } from '../mpesa.wire'
import { deliveries } from './deliveries'
import { page, type SandboxPage, sandboxPage } from './pages'
import type { SandboxDeps } from './sandbox-deps'

/**
 * A local Daraja (docs/payments.md): OAuth, STK push and query, C2B URL registration, B2C, Transaction
 * Status (answered from its own record of B2C payments), and a "phone" page where a tester answers the STK
 * prompt instead of a real handset, or pays a bill from the M-Pesa menu (C2B). Mounted at /sandbox/mpesa.
 * It accepts exactly the credentials of deps.payments.mpesa and answers in Daraja's formats, errors
 * included, so that the adapter cannot tell it from Daraja. All state is in the sandbox store (every server
 * instance sees it).
 *
 * B2C payments to these numbers end as documented in the README (any other number is paid, except one
 * ending in 000, which is not registered):
 * - 0700 000 701: not registered on M-Pesa (2040);
 * - 0700 000 702: the receiver's M-Pesa balance would go over its maximum (8);
 * - 0700 000 703: Soko's B2C account is short of money (1);
 * - 0700 000 704: the initiator's credential is refused (2001), whatever credential was sent;
 * - 0700 000 705: paid, but the result is lost: never posted, so only Transaction Status tells;
 * - 0700 000 706: every other payment meets "system busy" (17): the first fails, the next is paid, and so on.
 */

export interface MpesaSandboxOptions {
  /** A prompt nobody answers ends as 1037 after this long (Daraja: about a minute). */
  promptTimeoutMs?: number
}

export type MpesaSandbox = Hono<SandboxEnv> & {
  /** Resolves once every callback and B2C result the sandbox has started sending has been delivered. */
  idle(): Promise<void>
}

interface Prompt extends Record<string, unknown> {
  checkoutRequestId: string
  merchantRequestId: string
  /** 254… */
  phone: string
  /** Whole shillings, as Daraja was asked. */
  amount: number
  accountReference: string
  description: string
  callbackUrl: string
  state: 'waiting' | 'done'
  resultCode?: number
  resultDesc?: string
  receipt?: string
  createdAt: string
  settledAt?: string
  callbackSent?: boolean
}

/** A B2C payment as M-Pesa keeps it: what Transaction Status answers from, and what a repeat is told. */
interface Payout extends Record<string, unknown> {
  originatorConversationId: string
  conversationId: string
  /** 254… */
  phone: string
  /** Whole shillings. */
  amount: number
  /** Completed: the money reached the phone. Failed: nothing moved, and a repeat is tried afresh. */
  state: 'completed' | 'failed'
  /** The M-Pesa receipt (the result's TransactionID) of a completed payment. */
  receipt: string | null
  /** The Result posted to ResultURL, decided when the request is accepted. */
  result: Record<string, unknown>
  /** False when the sandbox lost the result on purpose (0700 000 705). */
  resultSent: boolean
  createdAt: string
}

/** How a B2C payment ends: paid (its result sent, or lost), or refused with Daraja's code and words. */
type B2cFate =
  | { kind: 'completed'; resultSent: boolean }
  | { kind: 'failed'; resultCode: number; resultDesc: string }

/** A short code's C2B addresses (Daraja's sandbox lets a registration be replaced). */
interface C2bRegistration extends Record<string, unknown> {
  shortCode: string
  responseType: 'Completed' | 'Cancelled'
  confirmationUrl: string
  validationUrl: string
  registeredAt: string
}

/** A payment made with the phone page's Pay bill form. */
interface C2bPayment extends Record<string, unknown> {
  transId: string
  /** 254… */
  phone: string
  businessNumber: string
  /** As typed. */
  accountNumber: string
  /** Whole shillings. */
  amount: number
  paidAt: string
}

/** What the tester typed into the Pay bill form, shown again when it is refused (never the PIN). */
interface PaybillFields {
  business: string
  account: string
  amount: string
}

type SandboxEnv = { Variables: { body: Record<string, unknown> } }

/** The sandbox phone's M-PESA PIN; printed on the phone page. */
const PIN = '1234'
const MERCHANT = 'SOKO'
const TOKEN_SECONDS = 3599
const DELIVERY_TIMEOUT_MS = 10_000
const PHONE = /^254[17]\d{8}$/

/** What each button on the phone page does to a prompt. */
const OUTCOMES = {
  cancel: { resultCode: 1032, resultDesc: 'Request cancelled by user', notice: 'Cancelled' },
  timeout: {
    resultCode: 1037,
    resultDesc: 'DS timeout user cannot be reached',
    notice: 'Timed out: the phone did not answer',
  },
  'no-funds': {
    resultCode: 1,
    resultDesc: 'The balance is insufficient for the transaction.',
    notice: 'Declined: not enough balance',
  },
  'wrong-pin': {
    resultCode: 2001,
    resultDesc: 'The initiator information is invalid.',
    notice: 'Declined: wrong PIN',
  },
  paid: { resultCode: 0, resultDesc: 'The service request is processed successfully.', notice: 'Paid' },
} as const

const PAID: B2cFate = { kind: 'completed', resultSent: true }
const NOT_REGISTERED: B2cFate = {
  kind: 'failed',
  resultCode: 2040,
  resultDesc: 'The receiver is not a registered M-Pesa customer',
}
const INITIATOR_INVALID: B2cFate = {
  kind: 'failed',
  resultCode: 2001,
  resultDesc: 'The initiator information is invalid.',
}
const SYSTEM_BUSY: B2cFate = {
  kind: 'failed',
  resultCode: 17,
  resultDesc: 'The system is busy. Please try again.',
}

/** The sandbox's B2C test numbers (see the top of this file and the README). */
const B2C_NUMBERS: Readonly<Record<string, B2cFate | 'busy-every-other' | undefined>> = {
  '254700000701': NOT_REGISTERED,
  '254700000702': {
    kind: 'failed',
    resultCode: 8,
    resultDesc: 'The balance of the receiving account would go over its maximum.',
  },
  '254700000703': {
    kind: 'failed',
    resultCode: 1,
    resultDesc: 'The balance is insufficient for the transaction.',
  },
  '254700000704': INITIATOR_INVALID,
  '254700000705': { kind: 'completed', resultSent: false },
  '254700000706': 'busy-every-other',
}

type Action = 'pay' | 'pay-no-callback' | 'cancel' | 'timeout' | 'no-funds'
const ACTIONS: readonly Action[] = ['pay', 'pay-no-callback', 'cancel', 'timeout', 'no-funds']

export function mpesaSandbox(deps: SandboxDeps, options: MpesaSandboxOptions = {}): MpesaSandbox {
  const { store } = deps
  const config = deps.payments.mpesa
  const promptTimeoutMs = options.promptTimeoutMs ?? 60_000
  const app = new Hono<SandboxEnv>()
  const posts = deliveries({ ...deps, from: 'M-Pesa sandbox', timeoutMs: DELIVERY_TIMEOUT_MS })

  /** POSTs JSON like Daraja does; a receiver that fails is logged, never retried (Daraja does not). */
  const post = (url: string, body: unknown, what: string) =>
    posts.send({ url, body: JSON.stringify(body), what })

  /**
   * Ends a waiting prompt (once, under the store's row lock: two clicks or two instances act once) and,
   * when `send`, posts the STK callback. Answers the prompt as stored and the delivery, if one started.
   */
  async function settle(
    id: string,
    outcome: { resultCode: number; resultDesc: string },
    send: boolean,
  ): Promise<{ prompt: Prompt; changed: boolean; delivery: Promise<void> | null } | null> {
    const now = clock.now()
    const receipt = outcome.resultCode === 0 ? `SBX${randomChars(7)}` : undefined
    const updated = await store.update<Prompt>('mpesa', id, (prompt) =>
      prompt.state === 'waiting'
        ? {
            ...prompt,
            state: 'done',
            resultCode: outcome.resultCode,
            resultDesc: outcome.resultDesc,
            ...(receipt ? { receipt } : {}),
            settledAt: now.toISOString(),
            callbackSent: send,
          }
        : null,
    )
    if (!updated) return null
    const delivery =
      updated.changed && send
        ? post(updated.data.callbackUrl, stkCallback(updated.data), 'STK callback')
        : null
    return { prompt: updated.data, changed: updated.changed, delivery }
  }

  /** A waiting prompt past its time ends as 1037, as when a phone never answers. */
  const expired = (prompt: Prompt) =>
    prompt.state === 'waiting' && clock.ms() - Date.parse(prompt.createdAt) >= promptTimeoutMs
  const timeOut = (prompt: Prompt) => settle(prompt.checkoutRequestId, OUTCOMES.timeout, true)

  // ---- OAuth ----

  app.get('/oauth/v1/generate', async (c) => {
    if (c.req.query('grant_type') !== 'client_credentials')
      return darajaError(c, 400, '400.008.02', 'Invalid grant type passed')
    const [scheme, encoded] = (c.req.header('authorization') ?? '').split(' ')
    const given = scheme === 'Basic' && encoded ? Buffer.from(encoded, 'base64').toString('utf8') : ''
    if (given !== `${config.consumerKey}:${config.consumerSecret}`)
      return darajaError(c, 400, '400.008.01', 'Invalid Authentication passed')
    const token = randomChars(28, ALPHANUMERIC)
    const expiresAt = new Date(clock.ms() + TOKEN_SECONDS * 1000).toISOString()
    await store.put('mpesa', 'token', `token:${token}`, { expiresAt })
    return c.json({ access_token: token, expires_in: String(TOKEN_SECONDS) })
  })

  // ---- The API: Bearer token and a JSON body ----

  app.use('/mpesa/*', async (c, next) => {
    const [scheme, token] = (c.req.header('authorization') ?? '').split(' ')
    const record =
      scheme === 'Bearer' && token ? await store.get<{ expiresAt: string }>('mpesa', `token:${token}`) : null
    if (!record || Date.parse(record.expiresAt) <= clock.ms())
      return darajaError(c, 404, '404.001.03', 'Invalid Access Token')
    // Daraja misreads bodies sent without this header; say so plainly rather than imitate its confusion.
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? ''))
      return darajaError(c, 400, '400.002.02', 'Bad Request - Invalid Content-Type: send application/json')
    const body: unknown = await c.req.json().catch(() => null)
    if (!body || typeof body !== 'object' || Array.isArray(body))
      return darajaError(c, 400, '400.002.02', 'Bad Request - Invalid JSON body')
    c.set('body', body as Record<string, unknown>)
    await next()
  })

  /** Checks BusinessShortCode, Timestamp and Password as Daraja does; answers the refusal or null. */
  function checkPassword(c: Context<SandboxEnv>, b: Record<string, unknown>): Response | null {
    const shortCode = str(b.BusinessShortCode)
    if (shortCode !== config.shortCode) return invalid(c, 'BusinessShortCode')
    const timestamp = str(b.Timestamp)
    if (!timestamp || !/^\d{14}$/.test(timestamp)) return invalid(c, 'Timestamp')
    if (typeof b.Password !== 'string' || !b.Password) return invalid(c, 'Password')
    const expected = Buffer.from(`${config.shortCode}${config.passkey}${timestamp}`).toString('base64')
    // What Daraja answers to a wrong passkey (or a Timestamp other than the one in the Password).
    if (b.Password !== expected) return darajaError(c, 500, '500.001.1001', 'Wrong credentials')
    return null
  }

  app.post('/mpesa/stkpush/v1/processrequest', async (c) => {
    const b = c.get('body')
    const shortCode = str(b.BusinessShortCode)
    if (shortCode !== config.shortCode) return invalid(c, 'BusinessShortCode')
    const type = b.TransactionType
    if (type !== 'CustomerPayBillOnline' && type !== 'CustomerBuyGoodsOnline')
      return invalid(c, 'TransactionType')
    const amount = wholeAmount(b.Amount)
    if (amount === null) return invalid(c, 'Amount')
    const phone = str(b.PhoneNumber)
    if (!str(b.PartyA) || !PHONE.test(str(b.PartyA) ?? '')) return invalid(c, 'PartyA')
    const partyB = type === 'CustomerBuyGoodsOnline' ? (config.till ?? config.shortCode) : config.shortCode
    if (str(b.PartyB) !== partyB) return invalid(c, 'PartyB')
    if (!phone || !PHONE.test(phone)) return invalid(c, 'PhoneNumber')
    if (!absoluteUrl(b.CallBackURL)) return invalid(c, 'CallBackURL')
    const reference = str(b.AccountReference)
    if (!reference || reference.length > 12) return invalid(c, 'AccountReference')
    const description = str(b.TransactionDesc)
    if (!description || description.length > 13) return invalid(c, 'TransactionDesc')
    const refused = checkPassword(c, b)
    if (refused) return refused

    const now = clock.now()
    const prompt: Prompt = {
      checkoutRequestId: `ws_CO_${darajaTimestamp(now)}${randomDigits(10)}`,
      merchantRequestId: `${randomDigits(5)}-${randomDigits(8)}-1`,
      phone,
      amount,
      accountReference: reference,
      description,
      callbackUrl: b.CallBackURL as string,
      state: 'waiting',
      createdAt: now.toISOString(),
    }
    await store.put('mpesa', 'prompt', prompt.checkoutRequestId, prompt)
    return c.json({
      MerchantRequestID: prompt.merchantRequestId,
      CheckoutRequestID: prompt.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    })
  })

  app.post('/mpesa/stkpushquery/v1/query', async (c) => {
    const b = c.get('body')
    const refused = checkPassword(c, b)
    if (refused) return refused
    const id = str(b.CheckoutRequestID)
    let prompt = id ? await store.get<Prompt>('mpesa', id) : null
    if (!prompt) return invalid(c, 'CheckoutRequestID')
    // Nobody answered in time: settle as 1037 and send its callback (not awaited here: see idle()).
    if (expired(prompt)) prompt = (await timeOut(prompt))?.prompt ?? prompt
    if (prompt.state === 'waiting')
      return darajaError(c, 500, '500.001.1001', 'The transaction is being processed')
    return c.json({
      ResponseCode: '0',
      // Daraja's own spelling.
      ResponseDescription: 'The service request has been accepted successsfully',
      MerchantRequestID: prompt.merchantRequestId,
      CheckoutRequestID: prompt.checkoutRequestId,
      ResultCode: String(prompt.resultCode),
      ResultDesc: prompt.resultDesc ?? '',
    })
  })

  app.post('/mpesa/b2c/v3/paymentrequest', async (c) => {
    const b = c.get('body')
    const originator = str(b.OriginatorConversationID)
    if (!originator || originator.length > 100) return invalid(c, 'OriginatorConversationID')
    if (!str(b.InitiatorName)) return invalid(c, 'InitiatorName')
    if (!str(b.SecurityCredential)) return invalid(c, 'SecurityCredential')
    const command = b.CommandID
    if (command !== 'BusinessPayment' && command !== 'SalaryPayment' && command !== 'PromotionPayment')
      return invalid(c, 'CommandID')
    const amount = wholeAmount(b.Amount)
    if (amount === null) return invalid(c, 'Amount')
    if (str(b.PartyA) !== config.b2cShortCode) return invalid(c, 'PartyA')
    const phone = str(b.PartyB)
    if (!phone || !PHONE.test(phone)) return invalid(c, 'PartyB')
    const remarks = str(b.Remarks)
    if (!remarks || remarks.length < 2 || remarks.length > 100) return invalid(c, 'Remarks')
    if (!absoluteUrl(b.QueueTimeOutURL)) return invalid(c, 'QueueTimeOutURL')
    if (!absoluteUrl(b.ResultURL)) return invalid(c, 'ResultURL')
    const resultUrl = b.ResultURL as string

    const id = `b2c:${originator}`
    const authorised =
      str(b.InitiatorName) === config.initiatorName && str(b.SecurityCredential) === config.securityCredential
    /** A new attempt at this payment: its fate decided now, as M-Pesa would carry it out. */
    const attempt = async (): Promise<Payout> => {
      const now = clock.now()
      const conversationId = `AG_${darajaTimestamp(now).slice(0, 8)}_${randomBytes(10).toString('hex')}`
      const fate = await b2cFate(phone, authorised)
      const transactionId = `SBX${randomChars(7)}`
      const result = b2cResult({
        originator,
        conversationId,
        transactionId,
        phone,
        amount,
        failure: fate.kind === 'failed' ? fate : null,
        at: now,
        timeoutUrl: b.QueueTimeOutURL as string,
      })
      return {
        originatorConversationId: originator,
        conversationId,
        phone,
        amount,
        state: fate.kind,
        receipt: fate.kind === 'completed' ? transactionId : null,
        result,
        resultSent: fate.kind === 'failed' || fate.resultSent,
        createdAt: now.toISOString(),
      }
    }

    // M-Pesa knows a payment by its OriginatorConversationID: a repeat of one that was carried out (or is
    // being) is answered with the first ConversationID and a result of 15, never paid again. A repeat of one
    // that failed moved no money, so it is a new attempt (Soko retries a busy or short-of-money payout so).
    let payout = await store.get<Payout>('mpesa', id)
    let fresh = false
    if (!payout) {
      const first = await attempt()
      try {
        await store.put('mpesa', 'b2c', id, first)
        payout = first
        fresh = true
      } catch (error) {
        // The same OriginatorConversationID arrived twice at once: the other request stored it first.
        payout = await store.get<Payout>('mpesa', id)
        if (!payout) throw error
      }
    } else if (payout.state === 'failed') {
      const again = await attempt()
      const updated = await store.update<Payout>('mpesa', id, (current) =>
        current.state === 'failed' ? again : null,
      )
      if (updated) {
        payout = updated.data
        fresh = updated.changed
      }
    }
    // The result follows the answer, as on Daraja.
    const result = fresh ? (payout.resultSent ? payout.result : null) : duplicateResult(payout)
    if (result)
      posts.track(
        new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() =>
          post(resultUrl, result, fresh ? 'B2C result' : 'B2C duplicate result'),
        ),
      )
    return c.json({
      ConversationID: payout.conversationId,
      OriginatorConversationID: payout.originatorConversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    })
  })

  /** How a B2C payment to `phone` ends (the numbers at the top of this file); a wrong credential fails it. */
  async function b2cFate(phone: string, authorised: boolean): Promise<B2cFate> {
    if (!authorised) return INITIATOR_INVALID
    const listed = B2C_NUMBERS[phone]
    if (listed === 'busy-every-other') return (await busyNow(phone)) ? SYSTEM_BUSY : PAID
    if (listed) return listed
    // Any number ending in 000 is not registered either (older tests and demos use 07XX XXX 000).
    return phone.endsWith('000') ? NOT_REGISTERED : PAID
  }

  /** Alternates, per number: busy, not busy, busy… (under the store's row lock, across instances). */
  async function busyNow(phone: string): Promise<boolean> {
    const key = `b2c-busy:${phone}`
    const flip = () => store.update<{ busy: boolean }>('mpesa', key, (r) => ({ busy: !r.busy }))
    const flipped = await flip()
    if (flipped) return flipped.data.busy
    try {
      await store.put('mpesa', 'b2c-busy', key, { busy: true })
      return true
    } catch {
      // Another payment to this number stored the first turn at the same moment.
      return (await flip())?.data.busy ?? false
    }
  }

  app.post('/mpesa/transactionstatus/v1/query', async (c) => {
    const b = c.get('body')
    if (!str(b.Initiator)) return invalid(c, 'Initiator')
    if (!str(b.SecurityCredential)) return invalid(c, 'SecurityCredential')
    if (b.CommandID !== 'TransactionStatusQuery') return invalid(c, 'CommandID')
    if (str(b.PartyA) !== config.b2cShortCode) return invalid(c, 'PartyA')
    // 4: an organisation's short code, the only kind of PartyA that pays out.
    if (str(b.IdentifierType) !== '4') return invalid(c, 'IdentifierType')
    const originator = str(b.OriginatorConversationID)
    const transactionId = str(b.TransactionID)
    if (!originator && !transactionId) return invalid(c, 'TransactionID')
    const remarks = str(b.Remarks)
    if (!remarks || remarks.length < 2 || remarks.length > 100) return invalid(c, 'Remarks')
    if (!absoluteUrl(b.QueueTimeOutURL)) return invalid(c, 'QueueTimeOutURL')
    if (!absoluteUrl(b.ResultURL)) return invalid(c, 'ResultURL')
    const resultUrl = b.ResultURL as string

    const byOriginator = originator ? await store.get<Payout>('mpesa', `b2c:${originator}`) : null
    const [byReceipt] =
      !byOriginator && transactionId
        ? await store.list<Payout>('mpesa', 'b2c', { receipt: transactionId }, 1)
        : []
    const payout = byOriginator ?? byReceipt ?? null
    const now = clock.now()
    const query = {
      originator: `${randomDigits(5)}-${randomDigits(8)}-1`,
      conversationId: `AG_${darajaTimestamp(now).slice(0, 8)}_${randomBytes(10).toString('hex')}`,
      occasion: str(b.Occasion) ?? '',
    }
    const authorised =
      str(b.Initiator) === config.initiatorName && str(b.SecurityCredential) === config.securityCredential
    // Only a completed payment is a transaction M-Pesa can find: a failed one moved nothing.
    const result = statusResult(
      query,
      authorised,
      payout?.state === 'completed' ? payout : null,
      config.b2cShortCode,
    )
    posts.track(
      new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() =>
        post(resultUrl, result, 'Transaction Status result'),
      ),
    )
    return c.json({
      OriginatorConversationID: query.originator,
      ConversationID: query.conversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    })
  })

  // v1 for older apps, v2 for newer ones (Daraja matches the version to the app's API products).
  app.post('/mpesa/c2b/:version{v[12]}/registerurl', async (c) => {
    const b = c.get('body')
    const shortCode = str(b.ShortCode)
    if (!shortCode || (shortCode !== config.shortCode && shortCode !== config.till))
      return invalid(c, 'ShortCode')
    const responseType = b.ResponseType
    // Sentence case and spelled so, as Daraja insists.
    if (responseType !== 'Completed' && responseType !== 'Cancelled') return invalid(c, 'ResponseType')
    if (!absoluteUrl(b.ConfirmationURL)) return invalid(c, 'ConfirmationURL')
    if (!absoluteUrl(b.ValidationURL)) return invalid(c, 'ValidationURL')
    const registration: C2bRegistration = {
      shortCode,
      responseType,
      confirmationUrl: b.ConfirmationURL as string,
      validationUrl: b.ValidationURL as string,
      registeredAt: clock.now().toISOString(),
    }
    const id = `c2b-urls:${shortCode}`
    if (!(await store.update<C2bRegistration>('mpesa', id, () => registration))) {
      try {
        await store.put('mpesa', 'c2b-urls', id, registration)
      } catch (error) {
        // Another registration for this short code was stored at the same moment: this one replaces it.
        if (!(await store.update<C2bRegistration>('mpesa', id, () => registration))) throw error
      }
    }
    return c.json({
      // Daraja's own spelling.
      OriginatorCoversationID: `${randomDigits(5)}-${randomDigits(8)}-1`,
      ResponseCode: '0',
      ResponseDescription: 'Success',
    })
  })

  // ---- The phone ----

  /**
   * The phone page for `phone`: its waiting prompts (those past their time end now, their callbacks going
   * out in the background: see idle()) and the Pay bill form. `phonePath` is the page's own path.
   */
  async function showPhone(
    c: Context<SandboxEnv>,
    phone: string,
    phonePath: string,
    extra: { notice?: string | null; error?: string; paybill?: PaybillFields },
    status: ContentfulStatusCode = 200,
  ) {
    const listed = await store.list<Prompt>('mpesa', 'prompt', { phone, state: 'waiting' })
    const stale = listed.filter(expired)
    for (const prompt of stale) await timeOut(prompt)
    return page(
      c,
      phonePage({
        given: localNumber(phone),
        phone,
        waiting: listed.filter((prompt) => !stale.includes(prompt)),
        formAction: (id) => `${phonePath}/${encodeURIComponent(id)}`,
        paybillAction: `${phonePath}/paybill`,
        inbox: await inboxHtml(store, phone),
        ...extra,
      }),
      status,
    )
  }

  app.get('/phone', async (c) => {
    const given = c.req.query('number') ?? ''
    const phone = given ? normalizeKenyanMobile(given) : null
    if (!phone)
      return page(
        c,
        phonePage({
          given,
          error: given ? 'That is not a Kenyan mobile number: use 07XX XXX XXX or 2547XX XXX XXX' : null,
        }),
        given ? 400 : 200,
      )
    const done = c.req.query('done')
    const last = done ? await store.get<Prompt>('mpesa', done) : null
    const paid = c.req.query('paid')
    const payment = paid ? await store.get<C2bPayment>('mpesa', `c2b:${paid}`) : null
    return showPhone(c, phone, c.req.path, {
      notice:
        payment?.phone === phone
          ? paidNotice(payment)
          : last?.phone === phone
            ? notice(last, c.req.query('again') === '1')
            : null,
    })
  })

  // Registered before /phone/:id, which would take "paybill" for a prompt's id.
  app.post('/phone/paybill', async (c) => {
    const form = await c.req.parseBody()
    const field = (name: string) => (typeof form[name] === 'string' ? form[name] : '')
    const phone = normalizeKenyanMobile(field('number'))
    if (!phone)
      return page(
        c,
        phonePage({
          given: field('number'),
          error: 'That is not a Kenyan mobile number: use 07XX XXX XXX or 2547XX XXX XXX',
        }),
        400,
      )
    const phonePath = c.req.path.slice(0, -'/paybill'.length)
    const typed: PaybillFields = {
      business: field('business').replace(/\s/g, ''),
      account: field('account'),
      amount: field('amount').trim(),
    }
    const refuse = (error: string) => showPhone(c, phone, phonePath, { error, paybill: typed }, 400)
    if (!/^\d+$/.test(typed.business)) return refuse('Enter the business number: digits only')
    if (!typed.account.trim()) return refuse('Enter the account number')
    const amount = /^\d+$/.test(typed.amount) ? wholeAmount(typed.amount) : null
    if (amount === null) return refuse('Enter the amount in whole shillings, 1 or more')
    if (field('pin') !== PIN) return refuse('Wrong PIN')
    const registration = await store.get<C2bRegistration>('mpesa', `c2b-urls:${typed.business}`)
    if (!registration) return refuse('That business number does not take M-Pesa payments here')

    const payment: C2bPayment = {
      transId: `SBX${randomChars(7)}`,
      phone,
      businessNumber: typed.business,
      accountNumber: typed.account,
      amount,
      paidAt: clock.now().toISOString(),
    }
    await store.put('mpesa', 'c2b', `c2b:${payment.transId}`, payment)
    // Without external validation (off unless Safaricom switches it on) M-Pesa only confirms.
    await post(registration.confirmationUrl, c2bConfirmation(payment), 'C2B confirmation')
    const query = new URLSearchParams({ number: localNumber(phone), paid: payment.transId })
    return c.redirect(`${phonePath}?${query}`, 303)
  })

  app.post('/phone/:id', async (c) => {
    const id = c.req.param('id')
    const form = await c.req.parseBody()
    const action = String(form.action ?? '') as Action
    if (!ACTIONS.includes(action))
      return page(c, phonePage({ given: '', error: 'Choose one of the buttons on the prompt.' }), 400)
    const prompt = await store.get<Prompt>('mpesa', id)
    if (!prompt) return page(c, phonePage({ given: '', error: 'There is no such M-Pesa prompt.' }), 404)

    // A prompt answered after its time is already over, as on a real phone.
    const outcome = expired(prompt)
      ? OUTCOMES.timeout
      : action === 'pay'
        ? form.pin === PIN
          ? OUTCOMES.paid
          : OUTCOMES['wrong-pin']
        : action === 'pay-no-callback'
          ? OUTCOMES.paid
          : OUTCOMES[action]
    const sendCallback = action !== 'pay-no-callback' || outcome !== OUTCOMES.paid
    const settled = await settle(id, outcome, sendCallback)
    await settled?.delivery
    const base = c.req.path.slice(0, c.req.path.length - `/phone/${id}`.length)
    const query = new URLSearchParams({ number: localNumber(prompt.phone), done: id })
    if (settled && !settled.changed) query.set('again', '1')
    return c.redirect(`${base}/phone?${query}`, 303)
  })

  return Object.assign(app, { idle: posts.idle })
}

// ---- Daraja's formats ----

function darajaError(c: Context, status: ContentfulStatusCode, errorCode: string, errorMessage: string) {
  return c.json({ requestId: `${randomDigits(5)}-${randomDigits(8)}-1`, errorCode, errorMessage }, status)
}

const invalid = (c: Context, field: string) =>
  darajaError(c, 400, '400.002.02', `Bad Request - Invalid ${field}`)

function stkCallback(prompt: Prompt) {
  const success = prompt.resultCode === 0
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: prompt.merchantRequestId,
        CheckoutRequestID: prompt.checkoutRequestId,
        ResultCode: prompt.resultCode,
        ResultDesc: prompt.resultDesc,
        ...(success
          ? {
              CallbackMetadata: {
                Item: [
                  { Name: 'Amount', Value: prompt.amount },
                  { Name: 'MpesaReceiptNumber', Value: prompt.receipt },
                  { Name: 'Balance' },
                  {
                    Name: 'TransactionDate',
                    Value: Number(darajaTimestamp(new Date(prompt.settledAt ?? prompt.createdAt))),
                  },
                  { Name: 'PhoneNumber', Value: Number(prompt.phone) },
                ],
              },
            }
          : {}),
      },
    },
  }
}

function c2bConfirmation(payment: C2bPayment) {
  return {
    TransactionType: 'Pay Bill',
    TransID: payment.transId,
    TransTime: darajaTimestamp(new Date(payment.paidAt)),
    TransAmount: `${payment.amount}.00`,
    BusinessShortCode: payment.businessNumber,
    BillRefNumber: payment.accountNumber,
    InvoiceNumber: '',
    OrgAccountBalance: '',
    ThirdPartyTransID: '',
    MSISDN: payment.phone,
    FirstName: 'Sandbox',
    MiddleName: '',
    LastName: 'Customer',
  }
}

function b2cResult(p: {
  originator: string
  conversationId: string
  transactionId: string
  phone: string
  amount: number
  failure: { resultCode: number; resultDesc: string } | null
  at: Date
  timeoutUrl: string
}): Record<string, unknown> {
  const { failure, transactionId } = p
  return {
    Result: {
      ResultType: 0,
      ...(failure
        ? { ResultCode: failure.resultCode, ResultDesc: failure.resultDesc }
        : { ResultCode: 0, ResultDesc: 'The service request is processed successfully.' }),
      OriginatorConversationID: p.originator,
      ConversationID: p.conversationId,
      TransactionID: transactionId,
      ...(failure
        ? {}
        : {
            // The sandbox's accounts never run dry: these balances are fixed figures.
            ResultParameters: {
              ResultParameter: [
                { Key: 'TransactionAmount', Value: p.amount },
                { Key: 'TransactionReceipt', Value: transactionId },
                { Key: 'ReceiverPartyPublicName', Value: `${p.phone} - Sandbox Customer` },
                { Key: 'TransactionCompletedDateTime', Value: dottedDate(p.at) },
                { Key: 'B2CUtilityAccountAvailableFunds', Value: 500000.0 },
                { Key: 'B2CWorkingAccountAvailableFunds', Value: 900000.0 },
                { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
                { Key: 'B2CChargesPaidAccountAvailableFunds', Value: -220.0 },
              ],
            },
          }),
      ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: p.timeoutUrl } },
    },
  }
}

/** What a repeated OriginatorConversationID is told: a duplicate, naming the first request, moving nothing. */
function duplicateResult(payout: Payout): Record<string, unknown> {
  return {
    Result: {
      ResultType: 0,
      ResultCode: 15,
      ResultDesc: 'Duplicate OriginatorConversationID.',
      OriginatorConversationID: payout.originatorConversationId,
      ConversationID: payout.conversationId,
      TransactionID: 'SBX0000000',
    },
  }
}

/**
 * The answer to a Transaction Status query, about `payout` when M-Pesa has it. Daraja names no one code
 * for a transaction it does not have: the sandbox answers a non-zero code with words that say so.
 */
function statusResult(
  query: { originator: string; conversationId: string; occasion: string },
  authorised: boolean,
  payout: Payout | null,
  shortCode: string,
): Record<string, unknown> {
  const head = {
    ResultType: 0,
    OriginatorConversationID: query.originator,
    ConversationID: query.conversationId,
    TransactionID: 'SBX0000000',
    ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: query.occasion } },
  }
  if (!authorised)
    return { Result: { ...head, ResultCode: 2001, ResultDesc: 'The initiator information is invalid.' } }
  if (!payout)
    return { Result: { ...head, ResultCode: 'R000001', ResultDesc: 'The transaction does not exist.' } }
  const at = Number(darajaTimestamp(new Date(payout.createdAt)))
  return {
    Result: {
      ...head,
      ResultCode: 0,
      ResultDesc: 'The service request has been accepted successsfully.',
      TransactionID: payout.receipt,
      ResultParameters: {
        ResultParameter: [
          { Key: 'DebitPartyName', Value: `${shortCode} - Soko` },
          { Key: 'CreditPartyName', Value: `${payout.phone} - Sandbox Customer` },
          { Key: 'OriginatorConversationID', Value: payout.originatorConversationId },
          { Key: 'InitiatedTime', Value: at },
          { Key: 'DebitAccountType', Value: 'Utility Account' },
          { Key: 'DebitPartyCharges' },
          { Key: 'TransactionReason' },
          { Key: 'ReasonType', Value: 'Business Payment to Customer via API' },
          { Key: 'TransactionStatus', Value: 'Completed' },
          { Key: 'FinalisedTime', Value: at },
          { Key: 'Amount', Value: payout.amount },
          { Key: 'ConversationID', Value: payout.conversationId },
          { Key: 'ReceiptNo', Value: payout.receipt },
        ],
      },
    },
  }
}

/** 06.07.2024 22:48:52, in Kenyan time, as B2C results give TransactionCompletedDateTime. */
function dottedDate(at: Date): string {
  const ts = darajaTimestamp(at)
  return `${ts.slice(6, 8)}.${ts.slice(4, 6)}.${ts.slice(0, 4)} ${ts.slice(8, 10)}:${ts.slice(10, 12)}:${ts.slice(12, 14)}`
}

// ---- The phone page ----

function notice(prompt: Prompt, again: boolean): string {
  const outcome = Object.values(OUTCOMES).find((o) => o.resultCode === prompt.resultCode)
  const said =
    prompt.resultCode === 0
      ? `Paid: receipt ${prompt.receipt}${prompt.callbackSent ? '' : ' (the callback was not sent)'}`
      : (outcome?.notice ?? `Ended: ${prompt.resultDesc}`)
  return again ? `That prompt was already answered. ${said}` : said
}

function paidNotice(payment: C2bPayment): string {
  return `Paid KES ${shillings.format(payment.amount)} to ${payment.businessNumber}, account ${payment.accountNumber}: receipt ${payment.transId}`
}

const shillings = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 })

function phonePage(p: {
  given: string
  phone?: string
  waiting?: Prompt[]
  formAction?: (id: string) => string
  paybillAction?: string
  paybill?: PaybillFields
  notice?: string | null
  error?: string | null
  /** The SMS this number received (the SMS sandbox's inbox), as HTML. */
  inbox?: string
}): SandboxPage {
  const waiting = p.waiting ?? []
  // While no prompt waits the page checks again every 2 s; never while one does, so typing a PIN is safe,
  // nor on a refused Pay bill form (it answers a POST). The script skips the check once the Pay bill form
  // is in use, which a plain refresh would empty; the meta refresh is for browsers without scripts.
  const refreshing = Boolean(p.phone) && waiting.length === 0 && !p.error
  const refresh = refreshing ? '<noscript><meta http-equiv="refresh" content="2"></noscript>' : ''
  const refreshScript = refreshing ? REFRESH_SCRIPT : undefined
  const prompts = waiting.map((prompt) => {
    const id = escapeHtml(prompt.checkoutRequestId)
    const question = `Do you want to pay KES ${shillings.format(prompt.amount)} to ${MERCHANT} (Account ${prompt.accountReference})? Enter M-PESA PIN`
    // No aria-labelledby on the section: its text holds "M-PESA PIN" and would label it like the input.
    return `<section class="prompt">
<p class="sim">${escapeHtml(question)}</p>
<form method="post" action="${escapeHtml(p.formAction?.(prompt.checkoutRequestId) ?? '')}">
<label for="pin-${id}">M-PESA PIN</label>
<input id="pin-${id}" name="pin" type="password" inputmode="numeric" autocomplete="off" maxlength="4">
<div class="row"><button name="action" value="pay" class="primary">Pay</button>
<button name="action" value="cancel">Cancel</button></div>
<p class="quiet">Other answers, for testing:</p>
<div class="row"><button name="action" value="timeout">Let it time out</button>
<button name="action" value="no-funds">Not enough balance</button>
<button name="action" value="pay-no-callback">Pay but lose the callback</button></div>
</form>
</section>`
  })
  const list = p.phone
    ? `<h2>Prompts on ${escapeHtml(localNumber(p.phone, true))}</h2>
${prompts.length ? prompts.join('\n') : '<p class="quiet">No M-Pesa prompt on this phone right now. This page checks again every 2 seconds.</p>'}`
    : ''
  const typed = p.paybill ?? { business: '', account: '', amount: '' }
  const paybill =
    p.phone && p.paybillAction
      ? `<section class="paybill" aria-labelledby="paybill-title">
<h2 id="paybill-title">Pay bill</h2>
<p class="quiet">Lipa na M-Pesa → Pay Bill, as from the phone's M-Pesa menu.</p>
<form id="paybill" method="post" action="${escapeHtml(p.paybillAction)}">
<input type="hidden" name="number" value="${escapeHtml(localNumber(p.phone))}">
<label for="paybill-business">Business number</label>
<input id="paybill-business" name="business" inputmode="numeric" autocomplete="off" value="${escapeHtml(typed.business)}">
<label for="paybill-account">Account number</label>
<input id="paybill-account" name="account" autocomplete="off" value="${escapeHtml(typed.account)}">
<label for="paybill-amount">Amount (KES)</label>
<input id="paybill-amount" name="amount" inputmode="numeric" autocomplete="off" value="${escapeHtml(typed.amount)}">
<label for="paybill-pin">M-PESA PIN</label>
<input id="paybill-pin" name="pin" type="password" inputmode="numeric" autocomplete="off" maxlength="4">
<div class="row"><button class="primary">Send money</button></div>
</form>
</section>`
      : ''
  return sandboxPage({
    title: 'M-Pesa sandbox phone',
    head: refresh,
    css: `${PHONE_CSS}${SMS_LIST_CSS}`,
    body: `${p.notice ? `<p class="notice" role="status">${escapeHtml(p.notice)}</p>` : ''}
${p.error ? `<p class="error" role="alert">${escapeHtml(p.error)}</p>` : ''}
<form method="get">
<label for="number">Phone number</label>
<input id="number" name="number" type="tel" inputmode="tel" autocomplete="tel" placeholder="0712 345 678" value="${escapeHtml(p.phone ? localNumber(p.phone, true) : p.given)}">
<div class="row"><button>Show prompts</button></div>
</form>
${list}
${p.inbox ?? ''}
${paybill}
<p class="quiet">The sandbox M-PESA PIN is ${PIN}. Any other PIN is refused as a wrong PIN.</p>`,
    script: refreshScript,
  })
}

/** Reloads the phone page every 2 s unless the Pay bill form is being filled in. */
const REFRESH_SCRIPT = `
const paybill = document.getElementById('paybill')
let typed = false
paybill?.addEventListener('input', () => { typed = true })
setInterval(() => { if (!typed && !paybill?.contains(document.activeElement)) location.reload() }, 2000)
`

const PHONE_CSS = `
body{color:#1c1917;background:#f5f5f4}
main{margin:0 auto;padding:16px}
h1{margin:8px 0 16px}h2{font-size:1.1rem;margin:24px 0 8px}
label{display:block;font-weight:600;margin:12px 0 4px}
input{box-sizing:border-box;width:100%;font:inherit;padding:10px;border:1px solid #78716c;border-radius:8px}
button{font:inherit;padding:10px 14px;border-radius:8px;border:1px solid #57534e;background:#fff;min-height:44px;cursor:pointer}
button.primary{background:#15803d;border-color:#15803d;color:#fff}
.row{display:flex;flex-wrap:wrap;gap:8px;margin-top:12px}
.prompt,.paybill{background:#fff;border:1px solid #d6d3d1;border-radius:12px;padding:16px;margin-bottom:16px}
.sim{margin:0;font-family:ui-monospace,monospace}
.notice{padding:10px 12px;border-radius:8px;background:#dcfce7;color:#14532d}
.error{padding:10px 12px;border-radius:8px;background:#fee2e2;color:#7f1d1d}
.quiet{color:#57534e}`

// ---- Small helpers ----

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

function randomChars(length: number, alphabet = UPPER): string {
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('')
}

function randomDigits(length: number): string {
  return randomChars(length, '0123456789')
}

/** Daraja takes numbers as JSON numbers or strings. */
function str(value: unknown): string | null {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null
}

function wholeAmount(value: unknown): number | null {
  const amount =
    typeof value === 'number' ? value : typeof value === 'string' && value ? Number(value) : Number.NaN
  return Number.isInteger(amount) && amount >= 1 ? amount : null
}

/** Absolute http(s), with no spaces anywhere (Daraja refuses a stray one). */
function absoluteUrl(value: unknown): boolean {
  if (typeof value !== 'string' || /\s/.test(value)) return false
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

/** 254712345678 → 0712345678, or 0712 345 678 for people. */
function localNumber(phone: string, spaced = false): string {
  const local = `0${phone.slice(3)}`
  return spaced ? `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}` : local
}
