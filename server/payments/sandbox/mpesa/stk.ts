import type { Context } from 'hono'
import { clock } from '../../../lib/clock'
import { darajaTimestamp } from '../../mpesa.wire'
import {
  absoluteUrl,
  darajaError,
  invalid,
  type MpesaContext,
  PHONE,
  randomChars,
  randomDigits,
  type SandboxEnv,
  str,
  wholeAmount,
} from './daraja'

/**
 * M-Pesa Express (Lipa na M-Pesa Online): STK push, which puts a prompt on the payer's phone, its query,
 * and the callback that tells how the prompt ended. A tester answers the prompts on the phone page
 * (phone.ts).
 */

export interface Prompt extends Record<string, unknown> {
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

/** What each button on the phone page does to a prompt. */
export const OUTCOMES = {
  cancel: {
    resultCode: 1032,
    resultDesc: 'Request cancelled by user',
    notice: /*i18n*/ { id: 'sandbox.mpesa.cancelled', message: 'Cancelled' },
  },
  timeout: {
    resultCode: 1037,
    resultDesc: 'DS timeout user cannot be reached',
    notice: /*i18n*/ { id: 'sandbox.mpesa.timedOut', message: 'Timed out: the phone did not answer' },
  },
  'no-funds': {
    resultCode: 1,
    resultDesc: 'The balance is insufficient for the transaction.',
    notice: /*i18n*/ { id: 'sandbox.mpesa.declinedNoFunds', message: 'Declined: not enough balance' },
  },
  'wrong-pin': {
    resultCode: 2001,
    resultDesc: 'The initiator information is invalid.',
    notice: /*i18n*/ { id: 'sandbox.mpesa.declinedWrongPin', message: 'Declined: wrong PIN' },
  },
  paid: {
    resultCode: 0,
    resultDesc: 'The service request is processed successfully.',
    notice: /*i18n*/ { id: 'sandbox.mpesa.paidShort', message: 'Paid' },
  },
} as const

/** What the phone page does with prompts: ends one, and tells (and ends) one past its time. */
export type Prompts = ReturnType<typeof stkPrompts>

/** How a prompt ends, once, with its callback; `promptTimeoutMs` is how long one waits for an answer. */
export function stkPrompts({ store, post }: MpesaContext, promptTimeoutMs: number) {
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

  return { settle, expired, timeOut }
}

/**
 * The longest TransactionDesc taken. Daraja documents 13 characters but does not hold to it: a public
 * report shows it accepting 27, and Node clients send 20 by default. None longer is known to pass, so the
 * sandbox takes up to what has been seen to pass (Soko's own adapter keeps to 13).
 */
const DESCRIPTION_MAX = 27

export function mountStk({ app, store, config }: MpesaContext, { expired, timeOut }: Prompts): void {
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
    if (!description || description.length > DESCRIPTION_MAX) return invalid(c, 'TransactionDesc')
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
}

// ---- Daraja's formats ----

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
