import { z } from 'zod'
import { type Money, PaymentProviderError } from './payments'
import { type ApiAnswer, describe, type PaypalError, type PaypalHttp, UNAVAILABLE } from './paypal.http'
import { fromDecimal, isCurrencyCode, toDecimal } from './provider-money'

/**
 * PayPal Payouts (v1): money out to a PayPal account's e-mail address. Soko sends one batch of one item per
 * payout, with the payout's id as sender_batch_id: PayPal pays a sender_batch_id once in 30 days, so asking
 * again after a lost answer finds the first batch instead of paying twice. PaypalAdapter exposes these
 * calls; they share its token.
 */

export interface PaypalPayoutRequest {
  /** sender_batch_id, and the PayPal-Request-Id: PayPal makes one batch per id. */
  senderBatchId: string
  /** sender_item_id: comes back on the item and in its webhooks. */
  senderItemId: string
  /** The e-mail address of the PayPal account to pay. */
  receiver: string
  amount: Money
  /** Shown to the receiver with the payment. */
  note: string
  /** The subject of PayPal's e-mail to the receiver. */
  emailSubject: string
}

/** Why PayPal failed, held or denied a payout: its error name (RECEIVER_UNREGISTERED, …) and sentence. */
export interface PaypalPayoutError {
  name: string
  message: string | null
}

export interface PaypalPayoutItem {
  itemId: string
  batchId: string
  /** Ours, as sent: the payout's id. Null when PayPal leaves it out. */
  senderItemId: string | null
  /** transaction_status: SUCCESS, FAILED, PENDING, UNCLAIMED, RETURNED, ONHOLD, BLOCKED, REFUNDED, REVERSED. */
  status: string
  /** PayPal's transaction, once money has moved. */
  transactionId: string | null
  error: PaypalPayoutError | null
  amount: Money
  /** What PayPal charged Soko for the item (payout_item_fee), when it says and in a currency Soko knows. */
  fee: Money | null
  receiver: string | null
}

export interface PaypalPayoutBatch {
  batchId: string
  /** DENIED, PENDING, PROCESSING, SUCCESS or CANCELED. */
  status: string
  senderBatchId: string | null
  /** Why a batch was DENIED, when PayPal says. */
  error: PaypalPayoutError | null
  items: PaypalPayoutItem[]
}

/** The seller's side of "PayPal is not answering": nothing for them to do, Soko asks again. */
const PAYOUT_UNAVAILABLE = 'PayPal is not answering right now: Soko will try the payout again shortly'

// --- PayPal's wire format. Optional fields are nullish: PayPal sends null as readily as it leaves one out.

const amountSchema = z.object({ currency: z.string(), value: z.string() })
const errorSchema = z.object({ name: z.string().min(1), message: z.string().nullish() })

const itemSchema = z.object({
  payout_item_id: z.string().min(1),
  payout_batch_id: z.string().min(1),
  transaction_id: z.string().nullish(),
  transaction_status: z.string().min(1),
  payout_item_fee: amountSchema.nullish(),
  payout_item: z.object({
    amount: amountSchema,
    receiver: z.string().nullish(),
    sender_item_id: z.string().nullish(),
  }),
  errors: errorSchema.nullish(),
})

const batchHeaderSchema = z.object({
  payout_batch_id: z.string().min(1),
  batch_status: z.string().min(1),
  sender_batch_header: z.object({ sender_batch_id: z.string().nullish() }).nullish(),
  errors: errorSchema.nullish(),
})

/** A batch's details, and the body of a PAYMENT.PAYOUTSBATCH.* webhook (which has no items). */
const batchSchema = z.object({
  batch_header: batchHeaderSchema,
  items: z.array(itemSchema).nullish(),
})

export async function createPayout(
  http: PaypalHttp,
  req: PaypalPayoutRequest,
): Promise<{ batchId: string; batchStatus: string }> {
  const res = await call(http, 'POST', '/v1/payments/payouts', {
    requestId: req.senderBatchId,
    body: {
      sender_batch_header: {
        sender_batch_id: req.senderBatchId,
        email_subject: req.emailSubject,
        recipient_type: 'EMAIL',
      },
      items: [
        {
          amount: { value: toDecimal(req.amount.amount, req.amount.currency), currency: req.amount.currency },
          receiver: req.receiver,
          sender_item_id: req.senderItemId,
          note: req.note,
        },
      ],
    },
  })
  if (res.ok) {
    const batch = parseBatch(res.body, res)
    return { batchId: batch.batchId, batchStatus: batch.status }
  }
  // The batch was made by an earlier request whose answer was lost: PayPal names it instead of paying again.
  const existing = duplicateBatchId(res)
  if (existing) {
    const batch = await getPayoutBatch(http, existing)
    if (batch.senderBatchId !== null && batch.senderBatchId !== req.senderBatchId)
      throw new PaymentProviderError(
        "PayPal named another payout's batch: Soko is looking into it",
        `${describe(res)}: batch ${existing} is sender_batch_id ${batch.senderBatchId}`,
        'USER_BUSINESS_ERROR',
      )
    return { batchId: batch.batchId, batchStatus: batch.status }
  }
  throw refusal(res)
}

export async function getPayoutBatch(http: PaypalHttp, batchId: string): Promise<PaypalPayoutBatch> {
  const res = await call(http, 'GET', `/v1/payments/payouts/${encodeURIComponent(batchId)}`)
  if (!res.ok) throw refusal(res)
  return parseBatch(res.body, res)
}

export async function getPayoutItem(http: PaypalHttp, itemId: string): Promise<PaypalPayoutItem> {
  const res = await call(http, 'GET', `/v1/payments/payouts-item/${encodeURIComponent(itemId)}`)
  if (!res.ok) throw refusal(res)
  return parsePayoutItem(res.body, res)
}

/** PayPal cancels UNCLAIMED items only; an item already cancelled is answered as it stands. */
export async function cancelPayoutItem(http: PaypalHttp, itemId: string): Promise<PaypalPayoutItem> {
  const res = await call(http, 'POST', `/v1/payments/payouts-item/${encodeURIComponent(itemId)}/cancel`)
  if (res.ok) return parsePayoutItem(res.body, res)
  if (errorName(res) === 'ITEM_ALREADY_CANCELLED') return getPayoutItem(http, itemId)
  throw refusal(res)
}

/** A payout item: an answer's body, or a PAYMENT.PAYOUTS-ITEM.* webhook's resource (`res` null). */
export function parsePayoutItem(raw: unknown, res: ApiAnswer | null): PaypalPayoutItem {
  const parsed = itemSchema.safeParse(raw)
  if (!parsed.success) throw unreadable(`a payout item Soko cannot read (${issues(parsed.error)})`, res)
  const item = parsed.data
  return {
    itemId: item.payout_item_id,
    batchId: item.payout_batch_id,
    senderItemId: item.payout_item.sender_item_id || null,
    status: item.transaction_status,
    transactionId: item.transaction_id || null,
    error: item.errors ? { name: item.errors.name, message: item.errors.message ?? null } : null,
    amount: money(item.payout_item.amount, res),
    fee: item.payout_item_fee ? feeOf(item.payout_item_fee) : null,
    receiver: item.payout_item.receiver ?? null,
  }
}

/** A batch: an answer's body, or a PAYMENT.PAYOUTSBATCH.* webhook's resource (`res` null, no items). */
export function parseBatch(raw: unknown, res: ApiAnswer | null): PaypalPayoutBatch {
  const parsed = batchSchema.safeParse(raw)
  if (!parsed.success) throw unreadable(`a payout batch Soko cannot read (${issues(parsed.error)})`, res)
  const { batch_header: header, items } = parsed.data
  return {
    batchId: header.payout_batch_id,
    status: header.batch_status,
    senderBatchId: header.sender_batch_header?.sender_batch_id || null,
    error: header.errors ? { name: header.errors.name, message: header.errors.message ?? null } : null,
    items: (items ?? []).map((item) => parsePayoutItem(item, res)),
  }
}

/** Calls PayPal, in the seller's words when it cannot be reached (the shared words are the buyer's). */
async function call(http: PaypalHttp, ...args: Parameters<PaypalHttp['call']>): Promise<ApiAnswer> {
  try {
    return await http.call(...args)
  } catch (error) {
    if (error instanceof PaymentProviderError && error.message === UNAVAILABLE)
      throw new PaymentProviderError(PAYOUT_UNAVAILABLE, error.detail, error.code, error.retryable)
    throw error
  }
}

/**
 * The batch a refused duplicate names: PayPal answers a sender_batch_id used in the last 30 days with 400
 * USER_BUSINESS_ERROR and a link to the batch that has it.
 */
function duplicateBatchId(res: ApiAnswer): string | null {
  const body = (res.body ?? {}) as PaypalError
  if (res.status !== 400 || body.name !== 'USER_BUSINESS_ERROR') return null
  const links = [...(body.details ?? []).flatMap((d) => d.link ?? []), ...(body.links ?? [])]
  for (const link of links) {
    const id = /\/v1\/payments\/payouts\/([^/?#]+)$/.exec(link.href ?? '')?.[1]
    if (id) return decodeURIComponent(id)
  }
  return null
}

/** What a refusal means for whoever asked; PayPal's name is the error's code, its words go to the log. */
function refusal(res: ApiAnswer): PaymentProviderError {
  const name = errorName(res)
  const refused = (message: string, retryable = false) =>
    new PaymentProviderError(message, describe(res), name, retryable)
  if (name === 'INSUFFICIENT_FUNDS')
    return refused(
      "Soko's PayPal balance cannot cover this payout yet: Soko will send it once it is topped up",
    )
  if (res.status === 404 || name === 'INVALID_RESOURCE_ID' || name === 'RESOURCE_NOT_FOUND')
    return refused('PayPal has no such payout')
  if (name === 'ITEM_INCORRECT_STATUS') return refused('PayPal takes back only a payout nobody has claimed')
  if (name === 'VALIDATION_ERROR' && JSON.stringify(res.body).includes('receiver'))
    return refused('PayPal does not take that e-mail address: check it, then withdraw again')
  if (name === 'USER_BUSINESS_ERROR')
    return refused('PayPal already has a payout with this id and did not say which: Soko is looking into it')
  return refused('PayPal could not send this payout: Soko will look into it')
}

function errorName(res: ApiAnswer): string | null {
  return (res.body as PaypalError | null)?.name ?? null
}

function money(amount: z.infer<typeof amountSchema>, res: ApiAnswer | null): Money {
  if (!isCurrencyCode(amount.currency))
    throw unreadable(`an amount in a currency Soko does not know (${amount.currency})`, res)
  try {
    return { amount: fromDecimal(amount.value, amount.currency), currency: amount.currency }
  } catch (error) {
    throw unreadable(error instanceof Error ? error.message : 'an amount Soko cannot read', res)
  }
}

/** A fee is for the books, not for deciding anything: one Soko cannot read is left out. */
function feeOf(amount: z.infer<typeof amountSchema>): Money | null {
  try {
    return money(amount, null)
  } catch {
    return null
  }
}

function unreadable(what: string, res: ApiAnswer | null) {
  return new PaymentProviderError(
    PAYOUT_UNAVAILABLE,
    `PayPal${res ? ` ${res.path}` : ''} answered ${what}`,
    null,
    true,
  )
}

function issues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ')
}
