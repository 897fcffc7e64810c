/**
 * Form bodies as the stripe SDK sends them (bracketed keys for nested objects and lists), read as Stripe
 * reads them, and the checks the API's parameters share.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue }
export type Params = { [key: string]: FormValue }

const MAX_INDEX = 1000

/**
 * `line_items[0][price_data][unit_amount]=500&metadata[orderId]=…&expand[]=x` into nested objects and
 * arrays, as Stripe reads them.
 */
export function parseForm(text: string): Params {
  const root: Params = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const [head = '', ...rest] = key.split('[')
    const path = [head, ...rest.map((part) => part.replace(/\]$/, ''))]
    if (path.some((part) => part === '__proto__' || part === 'constructor' || part === 'prototype')) continue
    let node: Params | FormValue[] = root
    for (const [i, part] of path.entries()) {
      const last = i === path.length - 1
      const slot: string | number = Array.isArray(node) ? (part === '' ? node.length : Number(part)) : part
      // Indices past any list Stripe takes are dropped: `a[99999999]` must not make a huge sparse array.
      if (typeof slot === 'number' && !(Number.isInteger(slot) && slot <= MAX_INDEX)) break
      const container = node as Record<string | number, FormValue | undefined>
      if (last) {
        container[slot] = value
        break
      }
      const wantsArray = /^\d*$/.test(path[i + 1] ?? '')
      const existing: FormValue | undefined = container[slot]
      const next: Params | FormValue[] =
        typeof existing === 'object' && existing !== null ? existing : wantsArray ? [] : {}
      container[slot] = next
      node = next
    }
  }
  return root
}

export function isParams(value: FormValue | undefined): value is Params {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function integer(value: FormValue | undefined): number | null {
  return typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : null
}

export function isText(value: FormValue | undefined, max: number): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= max
}

/** Stripe's metadata: up to 50 string values, keys up to 40 characters, values up to 500. */
export function readMetadata(value: FormValue | undefined): Record<string, string> | string {
  if (value === undefined || value === '') return {}
  if (!isParams(value)) return 'Invalid hash: metadata must be a set of keys and values.'
  const entries = Object.entries(value)
  if (entries.length > 50) return 'Metadata can have up to 50 keys.'
  const out: Record<string, string> = {}
  for (const [key, v] of entries) {
    if (typeof v !== 'string') return `Metadata values must be strings (${key}).`
    if (key.length > 40) return `Metadata keys can be up to 40 characters long (${key}).`
    if (v.length > 500) return `Metadata values can be up to 500 characters long (${key}).`
    out[key] = v
  }
  return out
}

export function isHttpUrl(value: FormValue | undefined): value is string {
  if (typeof value !== 'string') return false
  try {
    return ['http:', 'https:'].includes(new URL(value.replaceAll('{CHECKOUT_SESSION_ID}', 'x')).protocol)
  } catch {
    return false
  }
}
