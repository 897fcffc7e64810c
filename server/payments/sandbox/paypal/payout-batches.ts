import { clock } from '../../../lib/clock'
import type { SandboxStore } from '../store'
import { toMinor, toValue } from './money'

/**
 * PayPal payout batches as the sandbox keeps them: the statuses an item moves through, the receivers whose
 * payouts do not simply succeed, how a batch is processed, and the webhooks each change sends.
 */

/** What the PayPal sandbox lends its payouts: its records, address, webhooks and helpers. */
export interface PayoutsSandboxContext {
  store: SandboxStore
  /** The PayPal sandbox's own address (`…/sandbox/paypal`), for HATEOAS links. */
  base: string
  /** Sends a signed webhook; never rejects. */
  notify(eventType: string, resourceType: string, resource: object, summary: string): Promise<void>
  /** Keeps work that ends in webhooks under way for idle(). */
  track(work: Promise<void>): Promise<void>
  /** Records that a request key made this object; false when another request took the key first. */
  claim(key: string, id: string): Promise<boolean>
  /** A PayPal-like id: upper-case letters and digits. */
  paypalId(length: number): string
}

/**
 * The documented receivers whose payouts do not simply succeed. `status` is where the item goes when the
 * batch is processed; `batchDenied` refuses the whole batch instead.
 */
export const PAYPAL_SANDBOX_RECEIVERS = {
  'unregistered@paypal.test': { status: 'FAILED', error: 'RECEIVER_UNREGISTERED' },
  'locked@paypal.test': { status: 'FAILED', error: 'RECEIVER_ACCOUNT_LOCKED' },
  'unclaimed@paypal.test': { status: 'UNCLAIMED', error: 'RECEIVER_UNREGISTERED' },
  'pending@paypal.test': { status: 'PENDING' },
  'nofunds@paypal.test': { batchDenied: 'INSUFFICIENT_FUNDS' },
} as const satisfies Record<string, { status: ItemStatus; error?: string } | { batchDenied: string }>

/** What the sandbox does with a payout to `receiver`: null for most addresses (paid at once). */
function outcomeOf(receiver: string) {
  const key = receiver.toLowerCase()
  return Object.hasOwn(PAYPAL_SANDBOX_RECEIVERS, key)
    ? PAYPAL_SANDBOX_RECEIVERS[key as keyof typeof PAYPAL_SANDBOX_RECEIVERS]
    : null
}

/** PayPal's words for the error names the sandbox can give an item or a batch. */
const ERRORS: Record<string, string> = {
  RECEIVER_UNREGISTERED: 'Receiver is unregistered',
  RECEIVER_UNCONFIRMED: 'Receiver is unconfirmed',
  RECEIVER_ACCOUNT_LOCKED: 'Receiver account is locked or inactive',
  RECEIVING_LIMIT_EXCEEDED: 'The payment exceeds the receiving limit of the receiver',
  CURRENCY_NOT_SUPPORTED_FOR_RECEIVER: 'The receiver does not accept payments in this currency',
  INSUFFICIENT_FUNDS: 'Sender does not have sufficient funds. Please add funds and retry.',
}
/** The names a tester can fail an item with on the payouts page. */
export const ITEM_ERRORS = Object.keys(ERRORS).filter((name) => name !== 'INSUFFICIENT_FUNDS')

export type ItemStatus = 'SUCCESS' | 'FAILED' | 'PENDING' | 'UNCLAIMED' | 'RETURNED' | 'DENIED'

/** Where the page's buttons may take an item, from where it waits (UNCLAIMED: claimed, or given back). */
export const NEXT: Partial<Record<ItemStatus, ItemStatus[]>> = {
  PENDING: ['SUCCESS', 'FAILED', 'UNCLAIMED'],
  UNCLAIMED: ['SUCCESS', 'RETURNED'],
}

/** The webhook PayPal sends when an item reaches a status. */
const ITEM_EVENTS: Partial<Record<ItemStatus, string>> = {
  SUCCESS: 'SUCCEEDED',
  FAILED: 'FAILED',
  UNCLAIMED: 'UNCLAIMED',
  RETURNED: 'RETURNED',
}

export interface Amount {
  currency: string
  value: string
}

export interface PayoutItem {
  payout_item_id: string
  transaction_id?: string
  transaction_status: ItemStatus
  payout_item_fee: Amount
  payout_batch_id: string
  sender_batch_id?: string
  payout_item: {
    recipient_type: 'EMAIL'
    amount: Amount
    note?: string
    receiver: string
    sender_item_id?: string
    recipient_wallet: 'PAYPAL'
  }
  time_processed: string
  errors?: { name: string; message: string; information_link: string }
  links: Link[]
}

interface BatchHeader {
  payout_batch_id: string
  batch_status: 'DENIED' | 'PENDING' | 'PROCESSING' | 'SUCCESS'
  time_created: string
  time_completed?: string
  sender_batch_header: { sender_batch_id?: string; email_subject?: string; recipient_type: 'EMAIL' }
  amount: Amount
  fees: Amount
  errors?: { name: string; message: string; information_link: string }
}

interface Link {
  href: string
  rel: string
  method: 'GET' | 'POST'
  encType: 'application/json'
}

export interface PayoutRecord extends Record<string, unknown> {
  header: BatchHeader
  items: PayoutItem[]
}

export const INFORMATION_LINK = 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors'

export interface ReadItem {
  receiver: string
  /** One of PayPal's currencies (money.ts). */
  currency: string
  minor: number
  note?: string
  senderItemId?: string
}

export interface ReadPayout {
  header: { sender_batch_id?: string; email_subject?: string }
  items: ReadItem[]
}

export const loadBatch = (store: SandboxStore, id: string) =>
  store.get<PayoutRecord>('paypal', `payout:${id}`)

/** The batch an item belongs to, if there is such an item. */
export async function batchOfItem(store: SandboxStore, itemId: string) {
  const pointer = await store.get<{ batchId: string }>('paypal', `payout-item:${itemId}`)
  return pointer ? loadBatch(store, pointer.batchId) : null
}

/**
 * Moves one item of a batch from its status to the one `next` answers (null: it stays), under the
 * batch's row lock, so two clicks or two instances move it once.
 */
export async function change(
  ctx: PayoutsSandboxContext,
  batchId: string,
  itemId: string,
  next: (status: ItemStatus) => ItemStatus | null,
  errorName = '',
): Promise<{ item: PayoutItem; changed: boolean } | null> {
  const result = await ctx.store.update<PayoutRecord>('paypal', `payout:${batchId}`, (record) => {
    const current = record.items.find((i) => i.payout_item_id === itemId)
    const status = current && next(current.transaction_status)
    if (!current || !status) return null
    const moved = settle(ctx, current, status, errorName)
    return { ...record, items: record.items.map((i) => (i === current ? moved : i)) }
  })
  const item = result?.data.items.find((i) => i.payout_item_id === itemId)
  return result && item ? { item, changed: result.changed } : null
}

/** Makes the batch and its items as PayPal has them once it has processed the batch. */
export function processBatch(ctx: PayoutsSandboxContext, batchId: string, read: ReadPayout): PayoutRecord {
  const now = clock.now().toISOString()
  const denied = read.items.map((i) => outcomeOf(i.receiver)).find((o) => o && 'batchDenied' in o)
  const deniedName = denied && 'batchDenied' in denied ? denied.batchDenied : null
  const items = read.items.map((i) => {
    const itemId = ctx.paypalId(13)
    const item: PayoutItem = {
      payout_item_id: itemId,
      transaction_status: 'PENDING',
      payout_item_fee: { currency: i.currency, value: toValue(0, i.currency) },
      payout_batch_id: batchId,
      ...(read.header.sender_batch_id ? { sender_batch_id: read.header.sender_batch_id } : {}),
      payout_item: {
        recipient_type: 'EMAIL',
        amount: { currency: i.currency, value: toValue(i.minor, i.currency) },
        ...(i.note ? { note: i.note } : {}),
        receiver: i.receiver,
        ...(i.senderItemId ? { sender_item_id: i.senderItemId } : {}),
        recipient_wallet: 'PAYPAL',
      },
      time_processed: now,
      links: [
        {
          href: `${ctx.base}/v1/payments/payouts-item/${itemId}`,
          rel: 'item',
          method: 'GET',
          encType: 'application/json',
        },
        {
          href: `${ctx.base}/v1/payments/payouts/${batchId}`,
          rel: 'batch',
          method: 'GET',
          encType: 'application/json',
        },
      ],
    }
    if (deniedName) return settle(ctx, item, 'DENIED', deniedName)
    const outcome = outcomeOf(i.receiver)
    if (!outcome || !('status' in outcome)) return settle(ctx, item, 'SUCCESS')
    return settle(ctx, item, outcome.status, 'error' in outcome ? outcome.error : '')
  })
  const first = read.items[0] as ReadItem
  const total = read.items.reduce((sum, i) => sum + (i.currency === first.currency ? i.minor : 0), 0)
  const fees = items.reduce(
    (sum, i) => sum + (i.payout_item_fee.currency === first.currency ? minorOf(i.payout_item_fee) : 0),
    0,
  )
  return {
    header: {
      payout_batch_id: batchId,
      batch_status: deniedName ? 'DENIED' : 'SUCCESS',
      time_created: now,
      time_completed: now,
      sender_batch_header: { ...read.header, recipient_type: 'EMAIL' },
      amount: { currency: first.currency, value: toValue(total, first.currency) },
      fees: { currency: first.currency, value: toValue(fees, first.currency) },
      ...(deniedName ? { errors: errorOf(deniedName) } : {}),
    },
    items,
  }
}

/** The webhooks of a batch just processed: its denial, or each item that reached a result. */
export async function announce(ctx: PayoutsSandboxContext, record: PayoutRecord) {
  if (record.header.batch_status === 'DENIED') {
    await ctx.notify(
      'PAYMENT.PAYOUTSBATCH.DENIED',
      'payouts',
      { batch_header: record.header, links: [batchLink(ctx.base, record, 'self')] },
      'Payouts batch got denied.',
    )
    return
  }
  for (const item of record.items) await announceItem(ctx, item)
}

export function announceItem(ctx: PayoutsSandboxContext, item: PayoutItem): Promise<void> {
  const event = ITEM_EVENTS[item.transaction_status]
  if (!event) return Promise.resolve()
  return ctx.notify(
    `PAYMENT.PAYOUTS-ITEM.${event}`,
    'payouts_item',
    item,
    `A payout item has ${event.toLowerCase()}.`,
  )
}

/** An item in a new status, with what PayPal gives one in it (a transaction, a fee, an error). */
function settle(
  ctx: PayoutsSandboxContext,
  item: PayoutItem,
  status: ItemStatus,
  errorName = '',
): PayoutItem {
  const { errors: _previous, ...rest } = item
  const currency = item.payout_item.amount.currency
  const paid = status === 'SUCCESS'
  // A fee of 2 % on what was paid, in the payout's currency; nothing when the money did not arrive.
  const fee = paid ? Math.round(minorOf(item.payout_item.amount) * 0.02) : 0
  const error = status === 'FAILED' || status === 'UNCLAIMED' || status === 'DENIED' ? errorName : ''
  // RETURNED keeps the reason it went unclaimed.
  const kept = status === 'RETURNED' ? item.errors : undefined
  return {
    ...rest,
    transaction_status: status,
    ...(paid || status === 'UNCLAIMED' ? { transaction_id: item.transaction_id ?? ctx.paypalId(17) } : {}),
    payout_item_fee: { currency, value: toValue(fee, currency) },
    time_processed: clock.now().toISOString(),
    ...(error ? { errors: errorOf(error) } : kept ? { errors: kept } : {}),
  }
}

export function batchLink(base: string, record: PayoutRecord, rel: string): Link {
  return {
    href: `${base}/v1/payments/payouts/${record.header.payout_batch_id}`,
    rel,
    method: 'GET',
    encType: 'application/json',
  }
}

function errorOf(name: string) {
  return { name, message: ERRORS[name] ?? name, information_link: INFORMATION_LINK }
}

function minorOf(amount: Amount): number {
  return toMinor(amount.value, amount.currency) ?? 0
}
