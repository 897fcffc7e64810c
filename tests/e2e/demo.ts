import { randomBytes } from 'node:crypto'
import { type APIRequestContext, expect } from '@playwright/test'
import { eventInput } from '../support/event-input'
import { rpc } from './seller'

/** The demo accounts the server seeds into an empty database (server/features/demo/seed.ts). */
export const DEMO_SELLER = { email: 'wanjiru@soko.test', password: 'soko-demo-2026' }
export const DEMO_HANDLE = 'wanjiru'
export const DEMO_ADMIN = { email: 'admin@soko.test', password: 'soko-demo-2026' }

interface MyProduct {
  id: string
  slug: string
  kind: string
  title: string
  category: string | null
  status: string
}

/** The demo seller's published products, read through the API as the seller. */
export async function demoProducts(request: APIRequestContext, sellerToken: string): Promise<MyProduct[]> {
  const { products } = await rpc<{ products: MyProduct[] }>(request, 'listMyProducts', {}, sellerToken)
  return products.filter((p) => p.status === 'published')
}

/** A new customer account, signed up through the API: its token (the app's `auth_token` cookie). */
export async function newBuyer(request: APIRequestContext, who: string) {
  const email = `${who}.${randomBytes(4).toString('hex')}@example.com`
  const password = 'a-long-walk-to-lamu'
  const { token } = await rpc<{ token: string }>(request, 'signUp', {
    name: 'Achieng Otieno',
    email,
    password,
  })
  return { email, password, token }
}

/**
 * Buys a product by card as the token's owner (or signed out with `email`): starts the checkout through
 * the API and submits the sandbox card page with the card that pays, as its form does.
 */
export async function buyByCard(
  request: APIRequestContext,
  productId: string,
  buyer: { token?: string; email?: string },
  /** More of the checkout's input: a quantity, the names on tickets. */
  more: Record<string, unknown> = {},
): Promise<{ orderId: string; accessKey: string }> {
  const started = await rpc<{ orderId: string; accessKey: string; next: { kind: string; url: string } }>(
    request,
    'startCheckout',
    { productId, method: 'card', ...(buyer.email ? { email: buyer.email } : {}), ...more },
    buyer.token,
  )
  if (started.next.kind !== 'redirect') throw new Error(`card checkout answered ${started.next.kind}`)
  const paid = await request.post(started.next.url, {
    form: { step: 'card', number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Achieng' },
    maxRedirects: 0,
  })
  if (paid.status() !== 303 && paid.status() !== 302)
    throw new Error(`the sandbox card page answered ${paid.status()}: ${await paid.text()}`)
  // The card page's webhook settles the order: wait for the books to say so.
  await expect
    .poll(async () => {
      const { order } = await rpc<{ order: { status: string } }>(
        request,
        'getOrder',
        { orderId: started.orderId, key: started.accessKey },
        buyer.token,
      )
      return order.status
    })
    .toBe('paid')
  return { orderId: started.orderId, accessKey: started.accessKey }
}

/**
 * The demo seller puts an event on sale through the API (`eventInput`'s options: days ahead, price,
 * capacity) and one buyer pays by card for a ticket per holder named: the event's id and the tickets'
 * codes, with whose name each carries.
 */
export async function eventWithTickets(
  request: APIRequestContext,
  title: string,
  opts: Parameters<typeof eventInput>[1],
  buyerEmail: string,
  holders: string[],
): Promise<{ eventId: string; tickets: { code: string; holder: string }[] }> {
  const token = (await rpc<{ token: string }>(request, 'signIn', DEMO_SELLER)).token
  const { product } = await rpc<{ product: { id: string } }>(
    request,
    'createProduct',
    eventInput(title, opts),
    token,
  )
  await rpc(request, 'publishProduct', { id: product.id }, token)
  const bought = await buyByCard(
    request,
    product.id,
    { email: buyerEmail },
    { ...(holders.length > 1 ? { quantity: holders.length } : {}), holders },
  )
  const { order } = await rpc<{ order: { tickets: { code: string; holder: string }[] } }>(
    request,
    'getOrder',
    {
      orderId: bought.orderId,
      key: bought.accessKey,
    },
  )
  return { eventId: product.id, tickets: order.tickets }
}
