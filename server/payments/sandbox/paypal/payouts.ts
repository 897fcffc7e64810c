import { randomBytes } from 'node:crypto'
import { type Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { unstorableText } from '../../../../contract/text'
import { decimalsOf, toMinor } from './money'
import {
  type Amount,
  announce,
  batchLink,
  batchOfItem,
  change,
  INFORMATION_LINK,
  loadBatch,
  type PayoutRecord,
  type PayoutsSandboxContext,
  processBatch,
  type ReadItem,
  type ReadPayout,
} from './payout-batches'
import { mountPayoutsPage } from './payouts-page'

/**
 * PayPal Payouts in the PayPal sandbox (docs/payments.md): create a batch, read it and its items, cancel an
 * unclaimed item, with PayPal's webhooks, and a page where a tester sees the payouts and decides how the
 * waiting ones end (payouts-page.ts). What happens to an item depends on its receiver
 * (PAYPAL_SANDBOX_RECEIVERS, in payout-batches.ts); any other address is paid at once. Mounted inside
 * paypalSandbox, whose OAuth tokens the API takes.
 */

export function paypalPayoutsSandbox(ctx: PayoutsSandboxContext): Hono {
  const { store, base } = ctx
  const app = new Hono()

  app.post('/v1/payments/payouts', async (c) => {
    const requestId = c.req.header('paypal-request-id')
    // The same PayPal-Request-Id answers the batch it made, as it stands now.
    const known = requestId ? await store.get<{ id: string }>('paypal', `request:payout:${requestId}`) : null
    const replay = known ? await loadBatch(store, known.id) : null
    if (replay) return c.json(created(base, replay), 200)

    const read = readPayout(await c.req.text())
    if ('issue' in read) return validationError(c, read.field, read.issue)
    const batchId = ctx.paypalId(13)
    const senderBatchId = read.header.sender_batch_id
    if (senderBatchId && !(await ctx.claim(`payout-sender:${senderBatchId}`, batchId))) {
      const first = await store.get<{ id: string }>('paypal', `payout-sender:${senderBatchId}`)
      return duplicate(c, base, first?.id ?? '')
    }
    const record = processBatch(ctx, batchId, read)
    await store.put<PayoutRecord>('paypal', 'payout', `payout:${batchId}`, record)
    for (const item of record.items)
      await store.put('paypal', 'payout-item', `payout-item:${item.payout_item_id}`, { batchId })
    if (requestId) await ctx.claim(`request:payout:${requestId}`, batchId)
    // The results follow the answer, as PayPal's do: the caller may hold locks its webhook handler needs.
    void ctx.track(nextTick().then(() => announce(ctx, record)))
    return c.json(created(base, record), 201)
  })

  app.get('/v1/payments/payouts/:id', async (c) => {
    const record = await loadBatch(store, c.req.param('id'))
    if (!record) return notFound(c)
    return c.json({
      batch_header: record.header,
      items: record.items,
      links: [batchLink(base, record, 'self')],
    })
  })

  app.get('/v1/payments/payouts-item/:id', async (c) => {
    const item = (await batchOfItem(store, c.req.param('id')))?.items.find(
      (i) => i.payout_item_id === c.req.param('id'),
    )
    return item ? c.json(item) : notFound(c)
  })

  app.post('/v1/payments/payouts-item/:id/cancel', async (c) => {
    const id = c.req.param('id')
    const record = await batchOfItem(store, id)
    if (!record) return notFound(c)
    const result = await change(ctx, record.header.payout_batch_id, id, (status) =>
      status === 'UNCLAIMED' ? 'RETURNED' : null,
    )
    if (!result) return notFound(c)
    const { item } = result
    if (!result.changed)
      return item.transaction_status === 'RETURNED'
        ? payoutError(c, 400, 'ITEM_ALREADY_CANCELLED', 'Item has already been cancelled.')
        : payoutError(c, 400, 'ITEM_INCORRECT_STATUS', 'Only items in Unclaimed status can be cancelled.')
    await ctx.notify('PAYMENT.PAYOUTS-ITEM.CANCELED', 'payouts_item', item, 'A payouts item was canceled.')
    return c.json(item)
  })

  mountPayoutsPage(app, ctx)
  return app
}

/** PayPal's answer to a create: the batch header, PENDING as PayPal says while it processes. */
function created(base: string, record: PayoutRecord) {
  const { payout_batch_id, sender_batch_header } = record.header
  return {
    batch_header: { payout_batch_id, batch_status: 'PENDING', sender_batch_header },
    links: [batchLink(base, record, 'self')],
  }
}

/** A sender_batch_id used before: refused, with a link to the batch that has it. */
function duplicate(c: Context, base: string, batchId: string) {
  return c.json(
    {
      name: 'USER_BUSINESS_ERROR',
      message: 'User business error.',
      debug_id: debugId(),
      information_link: INFORMATION_LINK,
      details: [
        {
          field: 'SENDER_BATCH_ID',
          location: 'body',
          issue: 'Batch with given sender_batch_id already exists',
          link: [
            {
              href: `${base}/v1/payments/payouts/${batchId}`,
              rel: 'self',
              method: 'GET',
              encType: 'application/json',
            },
          ],
        },
      ],
      links: [],
    },
    400,
  )
}

// --- Reading a create request, as PayPal checks it ---

type Refusal = { field: string; issue: string }

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const MAX_ITEMS = 15_000

function readPayout(text: string): ReadPayout | Refusal {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return { field: 'body', issue: 'The request JSON is not well formed' }
  }
  // Text no database holds (a NUL, half a surrogate pair), as for orders: malformed, not a failure later.
  if (Object.keys(unstorableText(body)).length > 0)
    return { field: 'body', issue: 'The request JSON is not well formed' }
  if (typeof body !== 'object' || body === null) return { field: 'body', issue: 'Must be an object' }
  const { sender_batch_header: header, items } = body as Record<string, unknown>
  if (typeof header !== 'object' || header === null)
    return { field: 'sender_batch_header', issue: 'Required field is missing' }
  const h = header as Record<string, unknown>
  for (const [field, max] of [
    ['sender_batch_id', 256],
    ['email_subject', 255],
  ] as const)
    if (h[field] !== undefined && (typeof h[field] !== 'string' || h[field].length > max))
      return { field: `sender_batch_header.${field}`, issue: `Must be a string of at most ${max} characters` }
  if (h.recipient_type !== undefined && h.recipient_type !== 'EMAIL')
    return { field: 'sender_batch_header.recipient_type', issue: 'The sandbox pays e-mail addresses only' }
  if (!Array.isArray(items) || items.length === 0)
    return { field: 'items', issue: 'Required field is missing' }
  if (items.length > MAX_ITEMS) return { field: 'items', issue: `At most ${MAX_ITEMS} items` }
  const read: ReadItem[] = []
  for (const [n, raw] of items.entries()) {
    const item = readItem(raw, `items[${n}]`)
    if ('issue' in item) return item
    read.push(item)
  }
  return {
    header: {
      ...(typeof h.sender_batch_id === 'string' ? { sender_batch_id: h.sender_batch_id } : {}),
      ...(typeof h.email_subject === 'string' ? { email_subject: h.email_subject } : {}),
    },
    items: read,
  }
}

function readItem(raw: unknown, at: string): ReadItem | Refusal {
  const item = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>
  if (item.recipient_type !== undefined && item.recipient_type !== 'EMAIL')
    return { field: `${at}.recipient_type`, issue: 'The sandbox pays e-mail addresses only' }
  if (typeof item.receiver !== 'string' || !EMAIL.test(item.receiver))
    return { field: `${at}.receiver`, issue: 'Receiver is invalid or does not match with type' }
  const amount = (item.amount ?? {}) as Partial<Amount>
  // PayPal's currencies and decimals (money.ts), as for orders: not Soko's list.
  const digits = typeof amount.currency === 'string' ? decimalsOf(amount.currency) : null
  if (typeof amount.currency !== 'string' || digits === null)
    return { field: `${at}.amount.currency`, issue: 'Currency is not supported' }
  const currency = amount.currency
  const minor =
    typeof amount.value === 'string' && /^\d{1,10}(\.\d+)?$/.test(amount.value)
      ? toMinor(amount.value, currency)
      : null
  if (minor === null)
    return { field: `${at}.amount.value`, issue: `Must be a decimal with at most ${digits} decimal places` }
  if (minor <= 0) return { field: `${at}.amount.value`, issue: 'Must be greater than zero' }
  if (item.note !== undefined && (typeof item.note !== 'string' || item.note.length > 4000))
    return { field: `${at}.note`, issue: 'Must be a string of at most 4000 characters' }
  if (
    item.sender_item_id !== undefined &&
    (typeof item.sender_item_id !== 'string' || item.sender_item_id.length > 63)
  )
    return { field: `${at}.sender_item_id`, issue: 'Must be a string of at most 63 characters' }
  return {
    receiver: item.receiver,
    currency,
    minor,
    ...(typeof item.note === 'string' ? { note: item.note } : {}),
    ...(typeof item.sender_item_id === 'string' ? { senderItemId: item.sender_item_id } : {}),
  }
}

// --- PayPal's answers ---

function payoutError(
  c: Context,
  status: ContentfulStatusCode,
  name: string,
  message: string,
  details?: object[],
) {
  return c.json(
    {
      name,
      message,
      debug_id: debugId(),
      information_link: INFORMATION_LINK,
      ...(details ? { details } : {}),
      links: [],
    },
    status,
  )
}

const validationError = (c: Context, field: string, issue: string) =>
  payoutError(c, 400, 'VALIDATION_ERROR', 'Invalid request - see details', [
    { field, location: 'body', issue },
  ])

const notFound = (c: Context) =>
  payoutError(c, 404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.')

function debugId(): string {
  return randomBytes(7).toString('hex').slice(0, 13)
}

const nextTick = () => new Promise<void>((resolve) => setTimeout(resolve, 0))
