import { randomBytes } from 'node:crypto'
import { type Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { type CurrencyCode, currencies } from '../../../contract/currencies'
import { clock } from '../../lib/clock'
import { escapeHtml } from '../../lib/html'
import { fromDecimal, isCurrencyCode, toDecimal } from '../provider-money'
import { page, type SandboxPage, sandboxPage } from './pages'
import type { SandboxStore } from './store'

/**
 * PayPal Payouts in the PayPal sandbox (docs/payments.md): create a batch, read it and its items, cancel an
 * unclaimed item, with PayPal's webhooks, and a page where a tester sees the payouts and decides how the
 * waiting ones end. What happens to an item depends on its receiver (PAYPAL_SANDBOX_RECEIVERS); any other
 * address is paid at once. Mounted inside paypalSandbox, whose OAuth tokens the API takes.
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
const ITEM_ERRORS = Object.keys(ERRORS).filter((name) => name !== 'INSUFFICIENT_FUNDS')

type ItemStatus = 'SUCCESS' | 'FAILED' | 'PENDING' | 'UNCLAIMED' | 'RETURNED' | 'DENIED'

/** Where the page's buttons may take an item, from where it waits (UNCLAIMED: claimed, or given back). */
const NEXT: Partial<Record<ItemStatus, ItemStatus[]>> = {
  PENDING: ['SUCCESS', 'FAILED', 'UNCLAIMED'],
  UNCLAIMED: ['SUCCESS', 'RETURNED'],
}

/** What the page's buttons ask for. */
const ACTIONS: readonly ItemStatus[] = ['SUCCESS', 'FAILED', 'UNCLAIMED', 'RETURNED']

/** The webhook PayPal sends when an item reaches a status. */
const ITEM_EVENTS: Partial<Record<ItemStatus, string>> = {
  SUCCESS: 'SUCCEEDED',
  FAILED: 'FAILED',
  UNCLAIMED: 'UNCLAIMED',
  RETURNED: 'RETURNED',
}

interface Amount {
  currency: string
  value: string
}

interface PayoutItem {
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

interface PayoutRecord extends Record<string, unknown> {
  header: BatchHeader
  items: PayoutItem[]
}

const INFORMATION_LINK = 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors'

export function paypalPayoutsSandbox(ctx: PayoutsSandboxContext): Hono {
  const { store, base } = ctx
  const app = new Hono()
  const loadBatch = (id: string) => store.get<PayoutRecord>('paypal', `payout:${id}`)
  const batchOfItem = async (itemId: string) => {
    const pointer = await store.get<{ batchId: string }>('paypal', `payout-item:${itemId}`)
    return pointer ? loadBatch(pointer.batchId) : null
  }

  app.post('/v1/payments/payouts', async (c) => {
    const requestId = c.req.header('paypal-request-id')
    // The same PayPal-Request-Id answers the batch it made, as it stands now.
    const known = requestId ? await store.get<{ id: string }>('paypal', `request:payout:${requestId}`) : null
    const replay = known ? await loadBatch(known.id) : null
    if (replay) return c.json(created(replay), 200)

    const read = readPayout(await c.req.text())
    if ('issue' in read) return validationError(c, read.field, read.issue)
    const batchId = ctx.paypalId(13)
    const senderBatchId = read.header.sender_batch_id
    if (senderBatchId && !(await ctx.claim(`payout-sender:${senderBatchId}`, batchId))) {
      const first = await store.get<{ id: string }>('paypal', `payout-sender:${senderBatchId}`)
      return duplicate(c, first?.id ?? '')
    }
    const record = processBatch(batchId, read)
    await store.put<PayoutRecord>('paypal', 'payout', `payout:${batchId}`, record)
    for (const item of record.items)
      await store.put('paypal', 'payout-item', `payout-item:${item.payout_item_id}`, { batchId })
    if (requestId) await ctx.claim(`request:payout:${requestId}`, batchId)
    // The results follow the answer, as PayPal's do: the caller may hold locks its webhook handler needs.
    void ctx.track(nextTick().then(() => announce(record)))
    return c.json(created(record), 201)
  })

  app.get('/v1/payments/payouts/:id', async (c) => {
    const record = await loadBatch(c.req.param('id'))
    if (!record) return notFound(c)
    return c.json({ batch_header: record.header, items: record.items, links: [batchLink(record, 'self')] })
  })

  app.get('/v1/payments/payouts-item/:id', async (c) => {
    const item = (await batchOfItem(c.req.param('id')))?.items.find(
      (i) => i.payout_item_id === c.req.param('id'),
    )
    return item ? c.json(item) : notFound(c)
  })

  app.post('/v1/payments/payouts-item/:id/cancel', async (c) => {
    const id = c.req.param('id')
    const record = await batchOfItem(id)
    if (!record) return notFound(c)
    const result = await change(record.header.payout_batch_id, id, (status) =>
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

  // --- The tester's page ---

  app.get('/payouts', async (c) => {
    const records = await store.list<PayoutRecord>('paypal', 'payout', {}, 50)
    const done = c.req.query('done')
    const item = done ? records.flatMap((r) => r.items).find((i) => i.payout_item_id === done) : undefined
    const notice = item
      ? `${c.req.query('again') === '1' ? 'That item had already moved on. ' : ''}Item ${item.payout_item_id} is ${item.transaction_status}.`
      : null
    return page(c, payoutsPage(records, c.req.path, notice))
  })

  app.post('/payouts/:id', async (c) => {
    const id = c.req.param('id')
    const pagePath = c.req.path.replace(/\/[^/]*$/, '')
    const form = await c.req.parseBody()
    const action = String(form.action ?? '') as ItemStatus
    const errorName = String(form.error ?? '')
    if (!ACTIONS.includes(action))
      return page(c, messagePage('Choose one of the buttons of the item.', pagePath), 400)
    const record = await batchOfItem(id)
    if (!record) return page(c, messagePage('There is no such payout item.', pagePath), 404)
    if (action === 'FAILED' && !ITEM_ERRORS.includes(errorName))
      return page(c, messagePage('Choose the PayPal error to fail the item with.', pagePath), 400)
    const result = await change(
      record.header.payout_batch_id,
      id,
      (status) => (NEXT[status]?.includes(action) ? action : null),
      errorName,
    )
    // Awaited: the tester sees the page again once Soko has heard of the change.
    if (result?.changed) await announceItem(result.item)
    const query = new URLSearchParams({ done: id, ...(result?.changed ? {} : { again: '1' }) })
    return c.redirect(`${pagePath}?${query}`, 303)
  })

  /**
   * Moves one item of a batch from its status to the one `next` answers (null: it stays), under the
   * batch's row lock, so two clicks or two instances move it once.
   */
  async function change(
    batchId: string,
    itemId: string,
    next: (status: ItemStatus) => ItemStatus | null,
    errorName = '',
  ): Promise<{ item: PayoutItem; changed: boolean } | null> {
    const result = await store.update<PayoutRecord>('paypal', `payout:${batchId}`, (record) => {
      const current = record.items.find((i) => i.payout_item_id === itemId)
      const status = current && next(current.transaction_status)
      if (!current || !status) return null
      const moved = settle(current, status, errorName)
      return { ...record, items: record.items.map((i) => (i === current ? moved : i)) }
    })
    const item = result?.data.items.find((i) => i.payout_item_id === itemId)
    return result && item ? { item, changed: result.changed } : null
  }

  /** Makes the batch and its items as PayPal has them once it has processed the batch. */
  function processBatch(batchId: string, read: ReadPayout): PayoutRecord {
    const now = clock.now().toISOString()
    const denied = read.items.map((i) => outcomeOf(i.receiver)).find((o) => o && 'batchDenied' in o)
    const deniedName = denied && 'batchDenied' in denied ? denied.batchDenied : null
    const items = read.items.map((i) => {
      const itemId = ctx.paypalId(13)
      const item: PayoutItem = {
        payout_item_id: itemId,
        transaction_status: 'PENDING',
        payout_item_fee: { currency: i.currency, value: toDecimal(0, i.currency) },
        payout_batch_id: batchId,
        ...(read.header.sender_batch_id ? { sender_batch_id: read.header.sender_batch_id } : {}),
        payout_item: {
          recipient_type: 'EMAIL',
          amount: { currency: i.currency, value: toDecimal(i.minor, i.currency) },
          ...(i.note ? { note: i.note } : {}),
          receiver: i.receiver,
          ...(i.senderItemId ? { sender_item_id: i.senderItemId } : {}),
          recipient_wallet: 'PAYPAL',
        },
        time_processed: now,
        links: [
          {
            href: `${base}/v1/payments/payouts-item/${itemId}`,
            rel: 'item',
            method: 'GET',
            encType: 'application/json',
          },
          {
            href: `${base}/v1/payments/payouts/${batchId}`,
            rel: 'batch',
            method: 'GET',
            encType: 'application/json',
          },
        ],
      }
      if (deniedName) return settle(item, 'DENIED', deniedName)
      const outcome = outcomeOf(i.receiver)
      if (!outcome || !('status' in outcome)) return settle(item, 'SUCCESS')
      return settle(item, outcome.status, 'error' in outcome ? outcome.error : '')
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
        amount: { currency: first.currency, value: toDecimal(total, first.currency) },
        fees: { currency: first.currency, value: toDecimal(fees, first.currency) },
        ...(deniedName ? { errors: errorOf(deniedName) } : {}),
      },
      items,
    }
  }

  /** The webhooks of a batch just processed: its denial, or each item that reached a result. */
  async function announce(record: PayoutRecord) {
    if (record.header.batch_status === 'DENIED') {
      await ctx.notify(
        'PAYMENT.PAYOUTSBATCH.DENIED',
        'payouts',
        { batch_header: record.header, links: [batchLink(record, 'self')] },
        'Payouts batch got denied.',
      )
      return
    }
    for (const item of record.items) await announceItem(item)
  }

  function announceItem(item: PayoutItem): Promise<void> {
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
  function settle(item: PayoutItem, status: ItemStatus, errorName = ''): PayoutItem {
    const { errors: _previous, ...rest } = item
    const currency = item.payout_item.amount.currency as CurrencyCode
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
      payout_item_fee: { currency, value: toDecimal(fee, currency) },
      time_processed: clock.now().toISOString(),
      ...(error ? { errors: errorOf(error) } : kept ? { errors: kept } : {}),
    }
  }

  function batchLink(record: PayoutRecord, rel: string): Link {
    return {
      href: `${base}/v1/payments/payouts/${record.header.payout_batch_id}`,
      rel,
      method: 'GET',
      encType: 'application/json',
    }
  }

  /** PayPal's answer to a create: the batch header, PENDING as PayPal says while it processes. */
  function created(record: PayoutRecord) {
    const { payout_batch_id, sender_batch_header } = record.header
    return {
      batch_header: { payout_batch_id, batch_status: 'PENDING', sender_batch_header },
      links: [batchLink(record, 'self')],
    }
  }

  /** A sender_batch_id used before: refused, with a link to the batch that has it. */
  function duplicate(c: Context, batchId: string) {
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

  return app
}

// --- Reading a create request, as PayPal checks it ---

interface ReadItem {
  receiver: string
  currency: CurrencyCode
  minor: number
  note?: string
  senderItemId?: string
}

interface ReadPayout {
  header: { sender_batch_id?: string; email_subject?: string }
  items: ReadItem[]
}

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
  if (typeof amount.currency !== 'string' || !isCurrencyCode(amount.currency))
    return { field: `${at}.amount.currency`, issue: 'Currency is not supported by the sandbox' }
  const currency = amount.currency
  const digits = currencies[currency].minorUnits
  if (
    typeof amount.value !== 'string' ||
    !/^\d{1,10}(\.\d+)?$/.test(amount.value) ||
    (amount.value.split('.')[1]?.length ?? 0) > digits
  )
    return { field: `${at}.amount.value`, issue: `Must be a decimal with at most ${digits} decimal places` }
  const minor = fromDecimal(amount.value, currency)
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

function errorOf(name: string) {
  return { name, message: ERRORS[name] ?? name, information_link: INFORMATION_LINK }
}

function minorOf(amount: Amount): number {
  return isCurrencyCode(amount.currency) ? fromDecimal(amount.value, amount.currency) : 0
}

function debugId(): string {
  return randomBytes(7).toString('hex').slice(0, 13)
}

const nextTick = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

// --- The page ---

function payoutsPage(records: PayoutRecord[], pagePath: string, notice: string | null): SandboxPage {
  const batches = records.map((record) => {
    const { header } = record
    const id = escapeHtml(header.payout_batch_id)
    const items = record.items.map((item) =>
      itemHtml(item, `${pagePath}/${encodeURIComponent(item.payout_item_id)}`),
    )
    return `<section class="batch" aria-labelledby="batch-${id}">
<h2 id="batch-${id}">Batch ${id}</h2>
<p class="quiet">${escapeHtml(header.batch_status)}${header.errors ? ` (${escapeHtml(header.errors.name)})` : ''} · sender_batch_id ${escapeHtml(header.sender_batch_header.sender_batch_id ?? '—')}</p>
<ul>${items.join('\n')}</ul>
</section>`
  })
  const receivers = Object.entries(PAYPAL_SANDBOX_RECEIVERS)
    .map(([email, outcome]) => {
      const what =
        'batchDenied' in outcome
          ? `the batch is DENIED (${outcome.batchDenied})`
          : `${outcome.status}${'error' in outcome ? ` (${outcome.error})` : ''}`
      return `<li><code>${escapeHtml(email)}</code>: ${escapeHtml(what)}</li>`
    })
    .join('\n')
  return sandboxPage({
    title: 'PayPal payouts (sandbox)',
    css: PAYOUTS_CSS,
    body: `${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ''}
<p>The payouts Soko sent to the PayPal sandbox, newest first. Each change below sends PayPal's webhook to Soko.</p>
${batches.length ? batches.join('\n') : '<p class="quiet">No payouts yet.</p>'}
<section aria-labelledby="receivers">
<h2 id="receivers">Receivers for testing</h2>
<p>Payouts to any other address succeed at once.</p>
<ul class="receivers">${receivers}</ul>
</section>`,
  })
}

function itemHtml(item: PayoutItem, action: string): string {
  const id = escapeHtml(item.payout_item_id)
  const amount = `${item.payout_item.amount.currency} ${item.payout_item.amount.value}`
  const next = NEXT[item.transaction_status] ?? []
  const buttons: string[] = []
  if (next.includes('SUCCESS'))
    buttons.push(
      `<button name="action" value="SUCCESS" class="primary">${item.transaction_status === 'UNCLAIMED' ? 'Claimed: pay it' : 'Pay it'}</button>`,
    )
  if (next.includes('FAILED'))
    buttons.push(`<label for="error-${id}">PayPal error</label>
<select id="error-${id}" name="error">${ITEM_ERRORS.map((name) => `<option>${name}</option>`).join('')}</select>
<button name="action" value="FAILED">Fail with this error</button>`)
  if (next.includes('UNCLAIMED'))
    buttons.push('<button name="action" value="UNCLAIMED">Leave it unclaimed</button>')
  if (next.includes('RETURNED'))
    buttons.push('<button name="action" value="RETURNED">Nobody claimed it: return it</button>')
  return `<li class="item">
<dl>
<dt>Receiver</dt><dd>${escapeHtml(item.payout_item.receiver)}</dd>
<dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
<dt>Status</dt><dd><strong>${escapeHtml(item.transaction_status)}</strong>${item.errors ? ` (${escapeHtml(item.errors.name)})` : ''}</dd>
<dt>Item</dt><dd>${id}</dd>
</dl>
${buttons.length ? `<form method="post" action="${escapeHtml(action)}" aria-label="End item ${id}">${buttons.join('\n')}</form>` : ''}
</li>`
}

function messagePage(text: string, pagePath: string): SandboxPage {
  return sandboxPage({
    title: 'PayPal payouts (sandbox)',
    css: PAYOUTS_CSS,
    body: `<p role="alert">${escapeHtml(text)}</p><p><a href="${escapeHtml(pagePath)}">Back to the payouts</a></p>`,
  })
}

const PAYOUTS_CSS = `
  body { color: #001c64; background: #f5f7fa; }
  main { margin: 0 auto; padding: 1rem .75rem; }
  h2 { font-size: 1.1rem; margin: 0 0 .25rem; }
  ul { list-style: none; margin: 0; padding: 0; }
  .batch { margin: 1rem 0; padding: 1rem; background: #fff; border-radius: .75rem; box-shadow: 0 1px 4px #0002; }
  .item { border-top: 1px solid #d9dee4; padding: .75rem 0 0; margin-top: .75rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; margin: 0; }
  dt { color: #545d68; } dd { margin: 0; }
  form { display: grid; grid-template-columns: minmax(0, 1fr); gap: .5rem; margin-top: .75rem; }
  label { font-weight: 600; }
  select { width: 100%; min-height: 44px; }
  button { padding: .5rem 1rem; border-radius: 2rem; border: 2px solid #0070e0; background: #fff; color: #0070e0; cursor: pointer; }
  button.primary { background: #0070e0; color: #fff; }
  .quiet { color: #545d68; }
  .receivers li { margin: .25rem 0; }
  .notice { padding: .75rem; border-radius: .5rem; background: #e6f4ea; color: #0f5323; }
  [role=alert] { padding: .75rem; border-radius: .5rem; background: #fdecea; color: #8a1c12; }`
