import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { type CalendarEvent, icsFile } from '../../../contract/calendar'
import type { Order } from '../../../contract/checkout.contract'
import { currencies, isCurrencyCode } from '../../../contract/currencies'
import type { Message } from '../../../contract/i18n'
import { mpesaResult } from '../../../contract/mpesa'
import { orders } from '../../db/schema'
import { bookingFacts, type OrderRow } from '../../features/checkout'
import { escapeHtml } from '../../lib/html'
import { translate } from '../../lib/i18n'
import { cookieOf } from '../../lib/session-cookie'
import { BUNDLE } from './bundle-words'
import { button, hidden } from './fields'
import {
  type PlainKit,
  type PlainRequest,
  plainRequest,
  postedFields,
  redirectTo,
  runFor,
  sendPage,
} from './kit'
import { tokenField } from './layout'
import { orderOfCookie, orderPath, PLAIN_ORDER_COOKIE } from './order-link'
import { ORDER } from './order-words'
import { phoneText, type Words, wordsFor } from './words'

/** How often the waiting page looks again, in seconds. */
const REFRESH_SECONDS = 4

/**
 * An order's page as its key opens it (a 404 for a wrong key): waiting for the payment (refreshing itself
 * at its own address), the receipt, or why it failed. Also the answer to the checkout's post itself.
 */
export async function orderPage(
  kit: PlainKit,
  req: PlainRequest,
  orderId: string,
  key: string | undefined,
): Promise<Response> {
  const { gateway, db } = kit.services
  const read = await runFor(kit, req, 'getOrder', { orderId, ...keyOf(key) })
  if (!read.ok) return notFound(kit, req)
  const order = read.data.order
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId))
  const here = orderPath(gateway, orderId)
  const w = wordsFor(req)
  if (order.status === 'pending')
    return sendPage(kit, req, {
      title: w.text(ORDER.waitingTitle),
      main: waiting(req, w, order, row, here),
      refresh: { seconds: REFRESH_SECONDS, url: here },
    })
  if (order.status === 'paid' || order.status === 'refunding')
    return sendPage(kit, req, {
      title: w.text(ORDER.paidTitle),
      main: receipt(w, order, here),
    })
  return sendPage(kit, req, { title: w.text(titleOf(order)), main: failed(req, w, order, row) })
}

/**
 * An order's plain page (`/buy/order/{id}?key=…`), where a checkout posted without script lands: while
 * the payment waits it refreshes itself; then it is the receipt (the files to download, the tickets' QR
 * codes, the booking with its calendar file); a failed or cancelled payment says why and offers to try
 * again or to pay another way. Read through the contract's `getOrder`, as the app reads it.
 */
export function orderRoutes(kit: PlainKit) {
  const app = new Hono()
  const { gateway } = kit.services

  app.get('/buy/order/:id', async (c) => {
    const req = await plainRequest(kit, c)
    return orderPage(kit, req, c.req.param('id'), c.req.query('key'))
  })

  app.post('/buy/order/:id/cancel', async (c) => {
    const req = await plainRequest(kit, c)
    const fields = await postedFields(kit, req)
    const orderId = c.req.param('id')
    if (fields) await runFor(kit, req, 'cancelOrder', { orderId, ...keyOf(c.req.query('key')) })
    return redirectTo(req, orderPath(gateway, orderId))
  })

  // A file of a paid order: a fresh signed link each time (the download limit counts it, as in the app).
  app.get('/buy/order/:id/file/:fileId', async (c) => {
    const req = await plainRequest(kit, c)
    const asked = { orderId: c.req.param('id'), fileId: c.req.param('fileId'), ...keyOf(c.req.query('key')) }
    const link = await runFor(kit, req, 'getDownloadUrl', asked)
    if (!link.ok) {
      const w = wordsFor(req)
      const said = translate(
        req.lang,
        { id: link.error.code, message: link.error.message },
        link.error.params,
      )
      return sendPage(kit, req, {
        title: w.text(ORDER.files),
        main: `<h1>${w.say(ORDER.files)}</h1><p class="form-message form-message-error" role="alert">${escapeHtml(said)}</p><p><a href="${escapeHtml(orderPath(gateway, asked.orderId))}">${w.say(ORDER.reload)}</a></p>`,
        status: link.error.status,
      })
    }
    return redirectTo(req, link.data.url)
  })

  // A booking's or an event's calendar file.
  app.get('/buy/order/:id/calendar.ics', async (c) => {
    const req = await plainRequest(kit, c)
    const orderId = c.req.param('id')
    const read = await runFor(kit, req, 'getOrder', { orderId, ...keyOf(c.req.query('key')) })
    const event = read.ok
      ? await calendarOf(kit, read.data.order, kit.services.config.publicUrl + orderPath(gateway, orderId))
      : null
    if (!event) return notFound(kit, req)
    return c.body(icsFile(event), 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="${read.ok && read.data.order.kind === 'event' ? 'event' : 'booking'}.ics"`,
      'cache-control': 'private, no-store',
    })
  })

  // Back from the card's or PayPal's page: a browser that posted the checkout without script goes on to
  // the order's plain page; the app's page is for everyone else.
  app.get('/sucess-payment', async (c, next) => {
    const orderId = c.req.query('order') ?? ''
    if (!orderOfCookie(gateway, cookieOf(c.req.header('cookie'), PLAIN_ORDER_COOKIE), orderId)) return next()
    return c.redirect(orderPath(gateway, orderId), 303)
  })

  return app
}

/** The order's key from its link; none for its buyer, signed in by the session cookie. */
const keyOf = (key: string | undefined) => (key ? { key } : {})

function waiting(req: PlainRequest, w: Words, order: Order, row: OrderRow | undefined, here: string): string {
  const phone = typeof row?.payment?.phone === 'string' ? row.payment.phone : ''
  const lines =
    order.method === 'mpesa'
      ? [
          `<h1>${w.say(ORDER.waitingTitle)}</h1>`,
          `<p class="lead" role="status">${w.say(ORDER.mpesaSent, { phone: phoneText(phone), amount: w.money(order.charge) })}</p>`,
          order.paybill
            ? `<p>${w.say(ORDER.paybill, { business: order.paybill.businessNumber, account: order.paybill.account, amount: w.money(order.paybill.amount) })}</p>`
            : '',
          order.sandboxPhone
            ? `<p><a href="${escapeHtml(order.sandboxPhone)}">${w.say(ORDER.sandboxPhone)}</a></p>`
            : '',
        ]
      : [`<h1>${w.say(ORDER.waitingProvider)}</h1>`]
  return [
    ...lines,
    `<p class="muted">${w.say(ORDER.refreshes)}</p>`,
    `<p class="actions"><a class="button" href="${escapeHtml(here)}">${w.say(ORDER.reload)}</a></p>`,
    `<form method="post" action="${escapeHtml(here.replace('?', '/cancel?'))}">${tokenField(req.formToken)}${button(w.text(ORDER.cancel), { secondary: true })}</form>`,
  ].join('')
}

function receipt(w: Words, order: Order, here: string): string {
  const key = new URL(here, 'http://x').searchParams.get('key') ?? ''
  const parts = [
    `<h1>${w.say(ORDER.paidTitle)}</h1>`,
    `<p class="lead">${w.say(ORDER.paidText, { reference: order.reference, amount: w.money(order.charge), email: order.buyerEmail })}</p>`,
    order.receipt ? `<p class="muted">${w.say(ORDER.receipt, { receipt: order.receipt })}</p>` : '',
    order.bundle
      ? `<h2>${escapeHtml(order.bundle.title)}</h2><p>${w.say(BUNDLE.includes)}: ${order.lines.map((line) => escapeHtml(line.label === line.title ? line.title : `${line.title} (${line.label})`)).join(', ')}</p>`
      : '',
  ]
  const calendar = `<p><a class="button secondary" href="/buy/order/${order.id}/calendar.ics?key=${escapeHtml(key)}">${w.say(ORDER.calendar)}</a></p>`
  const place = order.address
    ? `<p>${w.say(ORDER.where, { place: order.address })}</p>`
    : order.joinUrl
      ? `<p><a href="${escapeHtml(order.joinUrl)}" rel="noopener noreferrer">${w.say(ORDER.join)}</a></p>`
      : ''
  if (order.files.length)
    parts.push(
      `<h2>${w.say(ORDER.files)}</h2><ul class="plain-list">${order.files
        .map(
          (file) =>
            `<li><a class="button" href="/buy/order/${order.id}/file/${file.id}?key=${escapeHtml(key)}">${w.say(ORDER.download, { name: file.name })}</a>${file.downloadsLeft === null ? '' : ` <span class="muted">${w.say(ORDER.downloadsLeft, { count: file.downloadsLeft })}</span>`}</li>`,
        )
        .join('')}</ul>`,
    )
  if (order.kind === 'event') {
    const when = order.event
      ? `<p>${w.say(ORDER.when, { time: w.time(order.event.startsAt, order.event.timeZone) })}</p>`
      : ''
    const tickets = order.tickets
      .map(
        (ticket) =>
          `<li class="card ticket"><img src="data:image/svg+xml;charset=utf-8,${encodeURIComponent(ticket.qrSvg)}" alt="${w.say(ORDER.ticketAlt, { code: ticket.code })}" width="192" height="192"><span>${ticket.holder ? `<strong>${escapeHtml(ticket.holder)}</strong><br>` : ''}${escapeHtml(ticket.ticketType)}<br><code>${escapeHtml(ticket.code)}</code></span></li>`,
      )
      .join('')
    parts.push(
      `<h2>${w.say(ORDER.tickets)}</h2>${when}${place}${order.event ? calendar : ''}<p class="muted">${w.say(ORDER.showAtDoor)}</p><ul class="plain-list tickets">${tickets}</ul>`,
    )
  }
  if (order.kind === 'service' && order.slot)
    parts.push(
      `<h2>${w.say(ORDER.booking)}</h2><p>${w.say(ORDER.when, { time: w.time(order.slot.start, order.slot.timeZone) })}</p>${place}${calendar}`,
    )
  if (order.delivery)
    parts.push(
      `<p>${
        order.delivery.kind === 'ship'
          ? w.say(ORDER.shipsTo, {
              address: [
                order.delivery.name,
                order.delivery.line1,
                order.delivery.city,
                order.delivery.country,
              ].join(', '),
            })
          : w.say(ORDER.pickupAt, { address: order.delivery.address })
      }</p>`,
    )
  parts.push(`<p><a href="/explore">${w.say(ORDER.more)}</a></p>`)
  return parts.join('')
}

function titleOf(order: Order): Message {
  if (order.status === 'cancelled') return ORDER.cancelledTitle
  if (order.status === 'expired') return ORDER.expiredTitle
  if (order.status === 'refunded') return ORDER.refundedTitle
  return ORDER.failedTitle
}

/** Why it failed, with a retry of the same checkout (a new prompt) and the way to choose another method. */
function failed(req: PlainRequest, w: Words, order: Order, row: OrderRow | undefined): string {
  const parts = [`<h1>${w.say(titleOf(order))}</h1>`]
  if (order.status === 'refunded') return parts.join('')
  if (order.failure) {
    if (order.method === 'mpesa') {
      const said = mpesaResult(order.failure.code)
      parts.push(
        `<p class="form-message form-message-error" role="alert">${escapeHtml(translate(req.lang, { id: said.titleId, message: said.title }, said.params))}</p>`,
        `<p>${escapeHtml(translate(req.lang, { id: said.nextStepId, message: said.nextStep }))}</p>`,
      )
    } else
      parts.push(
        `<p class="form-message form-message-error" role="alert">${escapeHtml(order.failure.message)}</p>`,
      )
  }
  parts.push(`<p>${w.say(ORDER.notTaken)}</p>`)
  const fields = row ? retryFields(row) : {}
  const action = `/buy/${encodeURIComponent(order.product.slug)}`
  const carried = Object.entries(fields)
    .map(([name, value]) => hidden(name, value))
    .join('')
  const { method: _method, phone: _phone, ...choices } = fields
  const other = `${action}?${new URLSearchParams({ ...choices, step: 'pay' })}`
  parts.push(
    `<form method="post" action="${escapeHtml(action)}" class="actions">${tokenField(req.formToken)}${carried}${button(w.text(ORDER.tryAgain))}</form>`,
    `<p><a class="button secondary" href="${escapeHtml(other)}">${w.say(ORDER.otherWay)}</a></p>`,
  )
  return parts.join('')
}

/** The answers of the checkout that made an order, as the plain checkout's form names them. */
function retryFields(row: OrderRow): Record<string, string> {
  const item = row.item as unknown as Record<string, unknown>
  const fields: Record<string, string> = { method: row.method === 'free' ? '' : row.method }
  if (row.kind === 'merch' || row.kind === 'event') fields.quantity = String(row.quantity)
  for (const key of ['variantId', 'ticketTypeId'] as const)
    if (typeof item[key] === 'string') fields[key] = item[key] as string
  const slot = item.slot as { start?: string } | undefined
  if (slot?.start) fields.slot = slot.start
  const holders = Array.isArray(item.holders) ? (item.holders as string[]) : []
  holders.forEach((name, i) => {
    fields[`holders.${i}`] = name
  })
  if (row.delivery)
    for (const [key, value] of Object.entries(row.delivery))
      if (
        typeof value === 'string' &&
        key !== 'zone' &&
        !(row.delivery.kind === 'pickup' && key === 'address')
      )
        fields[`delivery.${key}`] = value
  if (row.guest) fields.email = row.buyerEmail
  const phone = row.payment?.phone
  if (typeof phone === 'string') fields.phone = phone
  if (row.kind === 'digital' && row.subtotal > 0) {
    const digits = isCurrencyCode(row.currency) ? currencies[row.currency].minorUnits : 2
    fields.amount = String(row.subtotal / 10 ** digits)
  }
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''))
}

/** The calendar event of a paid booking or event ticket; null for anything else. */
async function calendarOf(kit: PlainKit, order: Order, url: string): Promise<CalendarEvent | null> {
  if (order.status !== 'paid') return null
  if (order.kind === 'service') {
    const [row] = await kit.services.db.select().from(orders).where(eq(orders.id, order.id))
    return row ? ((await bookingFacts(kit.services.db, row, url))?.event ?? null) : null
  }
  if (order.kind !== 'event' || !order.event) return null
  return {
    uid: `${order.id}@soko`,
    sequence: 0,
    start: order.event.startsAt,
    end: order.event.endsAt ?? new Date(Date.parse(order.event.startsAt) + 2 * 3_600_000).toISOString(),
    title: order.product.title,
    description: `Soko ${order.reference}`,
    location: order.address ?? order.joinUrl ?? '',
    url,
  }
}

function notFound(kit: PlainKit, req: PlainRequest): Response {
  const w = wordsFor(req)
  return sendPage(kit, req, {
    title: w.text(ORDER.notFoundTitle),
    main: `<h1>${w.say(ORDER.notFoundTitle)}</h1><p><a href="/explore">${w.say(ORDER.more)}</a></p>`,
    status: 404,
  })
}
