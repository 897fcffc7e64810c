import type { Context, Hono } from 'hono'
import type { SandboxStore } from '../store'
import { noSuch, stripeError } from './api'
import { type FormValue, type Params, parseForm } from './form'
import { chargeRecord, intentRecord } from './records'

/**
 * Stripe's `expand`: a field that holds another object's id (a session's payment_intent, a payment
 * intent's latest_charge) is answered as that whole object when the request names it, and a dotted path
 * (`payment_intent.latest_charge`) expands inside what was expanded. Clients read
 * `session.payment_intent.id` after asking for it, so an id left as a string breaks them.
 */

export type ObjectType = 'checkout.session' | 'payment_intent' | 'charge' | 'refund'

/**
 * For each object the sandbox answers, the fields that can be expanded and what object their id names.
 * null: a field Stripe can expand that is always empty here (no customers, invoices or balance
 * transactions), accepted and left as it is, as Stripe leaves an empty field.
 */
const EXPANDABLE: Record<ObjectType, Partial<Record<string, ObjectType | null>>> = {
  'checkout.session': {
    payment_intent: 'payment_intent',
    customer: null,
    invoice: null,
    payment_link: null,
    setup_intent: null,
    subscription: null,
  },
  payment_intent: {
    latest_charge: 'charge',
    customer: null,
    invoice: null,
    payment_method: null,
    review: null,
  },
  charge: {
    payment_intent: 'payment_intent',
    balance_transaction: null,
    customer: null,
    invoice: null,
    review: null,
  },
  refund: { charge: 'charge', payment_intent: 'payment_intent', balance_transaction: null },
}

/** Stripe expands at most four levels (`a.b.c.d`). */
const MAX_DEPTH = 4

/** A GET's parameters, from its query string, read as a form body is. */
export const queryParams = (c: Context): Params => parseForm(new URL(c.req.url).search.slice(1))

/**
 * The paths `expand` names (`expand[]=a.b` or `expand[0]=a.b`, as the stripe SDK sends them), checked
 * against what an object of `type` can expand, before the request does anything; or Stripe's refusal.
 */
export function readExpand(c: Context, p: Params, type: ObjectType): string[][] | Response {
  const given: FormValue | undefined = p.expand
  if (given === undefined || given === '') return []
  if (!Array.isArray(given))
    return stripeError(c, 400, { type: 'invalid_request_error', param: 'expand', message: 'Invalid array' })
  const paths: string[][] = []
  for (const [i, entry] of given.entries()) {
    if (typeof entry !== 'string' || entry === '')
      return stripeError(c, 400, {
        type: 'invalid_request_error',
        param: `expand[${i}]`,
        message: 'Invalid string: expand takes the names of properties, such as payment_intent.',
      })
    const path = entry.split('.')
    if (path.length > MAX_DEPTH)
      return stripeError(c, 400, {
        type: 'invalid_request_error',
        message: `You cannot expand more than ${MAX_DEPTH} levels of a property.`,
      })
    let at: ObjectType | null = type
    for (const field of path) {
      // Past an empty field there is nothing to expand, nor to refuse.
      if (at === null) break
      // Own fields only: `constructor` or `toString` name nothing here.
      const next: ObjectType | null | undefined = Object.hasOwn(EXPANDABLE[at], field)
        ? EXPANDABLE[at][field]
        : undefined
      if (next === undefined)
        return stripeError(c, 400, {
          type: 'invalid_request_error',
          message: `This property cannot be expanded (${field}).`,
        })
      at = next
    }
    paths.push(path)
  }
  return paths
}

/**
 * `object`, of `type`, with each path's ids replaced by the objects they name, as they are now (the paths
 * as readExpand answered them). A field that is null stays null; an id the sandbox cannot find stays an id.
 */
export async function expand(
  store: SandboxStore,
  type: ObjectType,
  object: object,
  paths: string[][],
): Promise<object> {
  if (paths.length === 0) return object
  const byField = new Map<string, string[][]>()
  for (const [field, ...rest] of paths) {
    if (field === undefined) continue
    const deeper = byField.get(field) ?? []
    if (rest.length) deeper.push(rest)
    byField.set(field, deeper)
  }
  const out: Record<string, unknown> = { ...object }
  for (const [field, deeper] of byField) {
    const id = out[field]
    const to = Object.hasOwn(EXPANDABLE[type], field) ? EXPANDABLE[type][field] : null
    if (typeof id !== 'string' || !to) continue
    const found = await load(store, to, id)
    if (found) out[field] = await expand(store, to, found, deeper)
  }
  return out
}

/** The payment intent or charge with this id, as GET would answer it. */
async function load(store: SandboxStore, type: ObjectType, id: string): Promise<object | null> {
  if (type === 'payment_intent') return (await intentRecord(store, id))?.paymentIntent ?? null
  if (type === 'charge') return (await chargeRecord(store, id))?.charge ?? null
  return null
}

/**
 * GET `path` (ending in `/:id`): the object of `type` that `find` loads, with what the query asks expanded,
 * or Stripe's "No such …" when there is none.
 */
export function getExpanded(
  { app, store }: { app: Hono; store: SandboxStore },
  path: string,
  type: ObjectType,
  find: (id: string) => Promise<object | null | undefined>,
): void {
  app.get(path, async (c) => {
    const paths = readExpand(c, queryParams(c), type)
    if (paths instanceof Response) return paths
    const id = c.req.param('id') ?? ''
    const object = await find(id)
    if (!object) return noSuch(c, type, id)
    return c.json(await expand(store, type, object, paths))
  })
}
