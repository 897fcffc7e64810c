import { randomBytes } from 'node:crypto'
import { clock } from '../../../lib/clock'
import { darajaTimestamp } from '../../mpesa.wire'
import type { Payout } from './b2c'
import { absoluteUrl, invalid, type MpesaContext, randomDigits, str } from './daraja'
import { initiatorAuthorised } from './security-credential'

/**
 * Transaction Status: what M-Pesa knows of a B2C payment, asked by its OriginatorConversationID or its
 * receipt, with the answer posted to the query's ResultURL. Answered from the sandbox's own record of B2C
 * payments (b2c.ts).
 */

export function mountTransactionStatus({ app, store, config, posts, post }: MpesaContext): void {
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
    const authorised = initiatorAuthorised(config, str(b.Initiator), str(b.SecurityCredential))
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
