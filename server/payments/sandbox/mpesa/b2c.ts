import { randomBytes } from 'node:crypto'
import { clock } from '../../../lib/clock'
import { darajaTimestamp } from '../../mpesa.wire'
import { absoluteUrl, invalid, type MpesaContext, PHONE, randomChars, str, wholeAmount } from './daraja'
import { initiatorAuthorised } from './security-credential'

/**
 * B2C (business to customer), Soko's payouts: a payment request, answered at once, whose result follows
 * to its ResultURL. Each payment is kept as M-Pesa keeps it, so that a repeated OriginatorConversationID
 * pays once and Transaction Status (status.ts) can answer about it.
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

/** A B2C payment as M-Pesa keeps it: what Transaction Status answers from, and what a repeat is told. */
export interface Payout extends Record<string, unknown> {
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

export function mountB2c({ app, store, config, posts, post }: MpesaContext): void {
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
    const authorised = initiatorAuthorised(config, str(b.InitiatorName), str(b.SecurityCredential))
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
}

// ---- Daraja's formats ----

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

/** 06.07.2024 22:48:52, in Kenyan time, as B2C results give TransactionCompletedDateTime. */
function dottedDate(at: Date): string {
  const ts = darajaTimestamp(at)
  return `${ts.slice(6, 8)}.${ts.slice(4, 6)}.${ts.slice(0, 4)} ${ts.slice(8, 10)}:${ts.slice(10, 12)}:${ts.slice(12, 14)}`
}
