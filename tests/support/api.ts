import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { API_SCOPES, type ApiScope } from '../../contract/developers.constants'
import { digitalDetails } from '../../contract/product-details.schema'
import { orders } from '../../server/db/schema'
import type { RunningApp } from './app'
import { invoiceDraft } from './invoices'
import { data, payoutSteps } from './payouts'
import { productOnSale } from './shop'

export interface ApiReply {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: the API answers whatever JSON its endpoint gives
  body: any
  headers: Headers
}

/** A request to /api/v1 as a tool would make it: the key as Bearer, JSON, and an Idempotency-Key on a POST. */
export function apiOf(app: RunningApp) {
  return async function api(
    method: string,
    path: string,
    opts: {
      key?: string | null
      body?: unknown
      idempotencyKey?: string | null
      headers?: Record<string, string>
    } = {},
  ): Promise<ApiReply> {
    const headers: Record<string, string> = { ...opts.headers }
    if (opts.key) headers.authorization = `Bearer ${opts.key}`
    if (opts.body !== undefined) headers['content-type'] = 'application/json'
    const idempotency = opts.idempotencyKey === undefined ? randomUUID() : opts.idempotencyKey
    if (method === 'POST' && idempotency) headers['idempotency-key'] = idempotency
    const res = await fetch(`${app.url}/api/v1${path}`, {
      method,
      headers,
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers }
  }
}

/** Makes a key with the scopes given as the seller does on the developers page; answers its secret. */
export async function keyOf(app: RunningApp, token: string, scopes: ApiScope[], name = 'Test tool') {
  const made = await app.call('createApiKey', { name, scopes }, token)
  expect(made.status, JSON.stringify(made.body)).toBe(200)
  const data = made.body.data as { secret: string; key: { id: string } }
  return { secret: data.secret, id: data.key.id }
}

/** Every scope a key can have. */
export const ALL_SCOPES: ApiScope[] = [...API_SCOPES]

/** A bundle's body (its products are made up: a seller with them gets a refusal about them, not about who asks). */
const bundleBody = {
  title: 'Tool bundle',
  price: { amount: 1_000_00, currency: 'KES' },
  parts: [{ productId: randomUUID() }, { productId: randomUUID() }],
}

/** A body each write endpoint takes as valid, so a refusal is about who asks, not what was sent. */
export function validBody(operationId: string, ids?: Pick<StoreIds, 'membershipId'>): unknown {
  const post = {
    productId: ids?.membershipId ?? randomUUID(),
    title: 'From a tool',
    body: '<p>Hello, members</p>',
  }
  const bodies: Record<string, unknown> = {
    createProduct: {
      kind: 'digital',
      title: 'Nairobi Night Presets',
      description: 'Twelve presets for city lights.',
      price: { amount: 900_00, currency: 'KES' },
    },
    updateProduct: { title: 'Renamed by a tool' },
    refundOrder: { reason: 'Asked by the buyer' },
    rescheduleBooking: { slot: new Date(Date.now() + 10 * 86_400_000).toISOString() },
    cancelBooking: { reason: 'The studio is closed' },
    checkIn: {
      deviceId: 'api-door-0001',
      door: 'Main gate',
      checkIns: [{ id: randomUUID(), code: 'NOPE-0000', at: new Date().toISOString() }],
    },
    updateCustomerNote: { note: 'Prefers M-Pesa' },
    createInvoice: { invoice: invoiceDraft() },
    voidInvoice: { reason: 'Sent by mistake' },
    createWebhookEndpoint: { url: 'https://hooks.example.com/soko', events: ['order.paid'] },
    updateWebhookEndpoint: { events: ['order.paid', 'order.refunded'] },
    createDiscountCode: { code: `TOOL${randomUUID().slice(0, 8)}`, kind: 'percent', percentBps: 1000 },
    pauseDiscountCode: { paused: true },
    createBundle: bundleBody,
    replaceBundle: bundleBody,
    createMembershipPost: post,
    replaceMembershipPost: post,
  }
  return bodies[operationId]
}

/** The ids of one seller's records, to fill an endpoint's path with. */
export interface StoreIds {
  id: string
  token: string
  productId: string
  orderId: string
  eventId: string
  customerKey: string
  invoiceId: string
  payoutId: string
  endpointId: string
  deliveryId: string
  codeId: string
  bundleId: string
  /** A membership product of the seller's, and a post of it. */
  membershipId: string
  postId: string
}

/**
 * A seller with one record of each kind the API reaches: a sale of an event, a product, a client, a draft
 * invoice, an approved payout, a webhook endpoint and a delivery to it (a test event, refused: tests
 * resolve no names, but it is logged).
 */
export async function storeOf(
  app: RunningApp,
  admin: () => string,
  handle: string,
  phone: string,
): Promise<StoreIds> {
  const steps = payoutSteps(app, admin)
  const seller = await steps.sellerWithSale(handle)
  const [order] = await app.database.db.select().from(orders).where(eq(orders.sellerId, seller.id))
  if (!order) throw new Error('no sale')
  const made = await app.call('createProduct', validBody('createProduct') as never, seller.token)
  const invoice = await app.call('createInvoice', { invoice: invoiceDraft() }, seller.token)
  const hook = data(
    await app.call(
      'createWebhookEndpoint',
      { url: `https://hooks.example.com/${handle}`, events: ['order.paid'] },
      seller.token,
    ),
  )
  const tested = data(await app.call('sendTestWebhook', { endpointId: hook.endpoint.id }, seller.token))
  const code = data(
    await app.call(
      'createDiscountCode',
      { code: `${handle}-10`, kind: 'percent', percentBps: 1000 },
      seller.token,
    ),
  )
  const bundle = await app.call(
    'saveBundle',
    {
      title: `${handle} bundle`,
      price: { amount: 1_000_00, currency: 'KES' },
      parts: await Promise.all(
        [1, 2].map(async (n) => ({
          productId: await productOnSale(
            app,
            seller.id,
            {
              kind: 'digital',
              title: `${handle} pack ${n}`,
              slug: `${handle}-pack-${n}`,
              price: { amount: 900_00, currency: 'KES' },
              details: digitalDetails.parse({}),
            },
            [{ name: `pack-${n}.zip`, body: Buffer.from(`pack ${n}`) }],
          ),
        })),
      ),
    },
    seller.token,
  )
  expect(bundle.status, JSON.stringify(bundle.body)).toBe(200)
  const membershipId = await productOnSale(app, seller.id, {
    kind: 'membership',
    title: `${handle} circle`,
    slug: `${handle}-circle`,
    price: { amount: 300_00, currency: 'KES' },
    details: {
      tiers: [
        { name: 'Supporter', prices: [{ interval: 'month', price: { amount: 300_00, currency: 'KES' } }] },
      ],
    },
  })
  const post = await app.call(
    'saveMembershipPost',
    { productId: membershipId, title: `${handle} news`, body: '<p>News</p>' },
    seller.token,
  )
  expect(post.status, JSON.stringify(post.body)).toBe(200)
  return {
    id: seller.id,
    token: seller.token,
    productId: data(made).product.id,
    bundleId: data(bundle).bundle.id,
    orderId: order.id,
    eventId: order.productId,
    customerKey: `e:buyer-${handle}@example.com`,
    invoiceId: data(invoice).invoice.id,
    payoutId: await steps.approvedPayout(seller.token, await steps.mpesaDestination(seller.token, phone)),
    endpointId: hook.endpoint.id,
    deliveryId: tested.delivery.id,
    codeId: code.code.id,
    membershipId,
    postId: data(post).post.id,
  }
}

/** `/orders/{id}` with the store's record of the endpoint's kind. */
export function pathFor(
  endpoint: { path: string; params?: Record<string, string>; subject: string },
  ids: StoreIds,
): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const field = endpoint.params?.[name] ?? name
    const value = endpoint.subject.includes('Bundle')
      ? ids.bundleId
      : endpoint.subject.includes('MembershipPost') && field === 'id'
        ? ids.postId
        : endpoint.subject.includes('Membership') || endpoint.subject === 'getMembersOverview'
          ? ids.membershipId
          : field === 'orderId'
            ? ids.orderId
            : field === 'eventId'
              ? ids.eventId
              : field === 'invoiceId'
                ? ids.invoiceId
                : field === 'payoutId'
                  ? ids.payoutId
                  : field === 'key'
                    ? ids.customerKey
                    : field === 'endpointId'
                      ? ids.endpointId
                      : field === 'deliveryId'
                        ? ids.deliveryId
                        : field === 'codeId'
                          ? ids.codeId
                          : ids.productId
    return encodeURIComponent(value)
  })
}
