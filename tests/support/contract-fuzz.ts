import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { contract, type SubjectName } from '../../contract'
import { MAX_RPC_BODY_BYTES } from '../../contract/rpc'
import { createUser } from '../../server/features/accounts/accounts.service'
import { createSession } from '../../server/features/accounts/sessions'
import { type RunningApp, startApp } from './app'
import type { DatabaseKind } from './db'
import { productOnSale, sellerOf } from './shop'

/**
 * Every subject of the contract, called with hostile input made from its own schema — wrong types,
 * missing and unknown fields, huge strings, NUL and lone surrogates, negative, fractional and huge
 * numbers, `__proto__` and `constructor` keys, deep nesting — as a visitor, a customer, a seller and an
 * admin without a storefront. Never a 5xx, and a refused call writes nothing: every table has as many rows
 * after it as before (the rate-limit counters, which count refusals on purpose, aside).
 *
 * The cases come from `z.toJSONSchema` of each input, so a new subject is covered without editing this
 * file. They are drawn from a generator seeded by the subject's name: the same cases every run. One test
 * file per database (contract-fuzz.test.ts, contract-fuzz-postgres.test.ts), so the two run side by side.
 */

/**
 * Cases per subject and caller that gets past its access check (each kind of hostility once); a caller
 * the subject is not for gets one. With the contract's 151 subjects, about 3,700 calls per database.
 */
const CASES = 12
/** The access levels each fuzzing caller gets past (the seller is a customer too, the admin as well). */
const MAY_CALL: Record<'anonymous' | 'customer' | 'seller' | 'admin', readonly string[]> = {
  anonymous: ['public'],
  customer: ['public', 'user'],
  seller: ['public', 'user', 'seller'],
  admin: ['public', 'user', 'admin'],
}
/** Tables whose rows a refused call may add to on purpose. */
const BOOKKEEPING = new Set(['rate_limits'])

type Json = Record<string, unknown>

/** A small seeded generator (mulberry32): the same seed, the same cases. */
function generator(seed: string) {
  let state = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261)
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    chance: (p: number) => next() < p,
  }
}
type Rng = ReturnType<typeof generator>

/** A plausible value for a JSON schema, often a real id from `ids`, so that handlers get past "not found". */
function sample(schema: Json, rng: Rng, ids: string[], depth = 0): unknown {
  const choices = (schema.oneOf ?? schema.anyOf) as Json[] | undefined
  if (choices?.length) return sample(rng.pick(choices), rng, ids, depth)
  if ('const' in schema) return schema.const
  if (Array.isArray(schema.enum)) return rng.pick(schema.enum)
  const type = Array.isArray(schema.type) ? rng.pick(schema.type as string[]) : schema.type
  switch (type) {
    case 'object': {
      const out: Json = {}
      const properties = (schema.properties ?? {}) as Record<string, Json>
      const required = new Set((schema.required ?? []) as string[])
      for (const [key, child] of Object.entries(properties))
        if (required.has(key) || rng.chance(0.5)) out[key] = sample(child, rng, ids, depth + 1)
      const extra = schema.additionalProperties
      if (extra && typeof extra === 'object' && depth < 4 && rng.chance(0.5))
        out[`k${rng.int(9)}`] = sample(extra as Json, rng, ids, depth + 1)
      return out
    }
    case 'array': {
      const min = Number(schema.minItems ?? 0)
      const items = (schema.items ?? {}) as Json
      return Array.from({ length: min + (depth < 4 ? rng.int(2) : 0) }, () =>
        sample(items, rng, ids, depth + 1),
      )
    }
    case 'string':
      switch (schema.format) {
        case 'uuid':
          return rng.chance(0.6) ? rng.pick(ids) : crypto.randomUUID()
        case 'email':
          return `fuzz${rng.int(1000)}@example.com`
        case 'date-time':
          return new Date(Date.now() + (rng.int(60) - 5) * 86_400_000).toISOString()
        case 'date':
          return '2027-01-15'
        case 'uri':
          return 'https://example.com/fuzz'
        default:
          return 'fuzz-text'
            .padEnd(Number(schema.minLength ?? 0), 'x')
            .slice(0, Number(schema.maxLength ?? 50))
      }
    case 'integer':
    case 'number': {
      const min = Number(schema.minimum ?? 0)
      const max = Math.min(Number(schema.maximum ?? min + 100), min + 1000)
      return min + rng.int(max - min + 1)
    }
    case 'boolean':
      return rng.chance(0.5)
    case 'null':
      return null
    default:
      return rng.pick(['x', 1, true, null, {}, []])
  }
}

/** Every path into a value whose leaf is a string, number, boolean or null. */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, i]))
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]))
  return [path]
}

function setAt(root: Json, path: (string | number)[], value: unknown): Json {
  const copy = structuredClone(root)
  if (path.length === 0) return copy
  let node: Record<string | number, unknown> = copy
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>
  node[path.at(-1) as string | number] = value
  return copy
}

const deep = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`
const HOSTILE_VALUES: unknown[] = [
  -1,
  0.5,
  -0.000001,
  1e308,
  -1e308,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  '',
  'x'.repeat(300_000),
  'before\u0000after',
  'lone \ud800 surrogate',
  'trailing \udfff',
  '🙂'.repeat(5000),
  "<script>alert(1)</script>$`$&$'",
  true,
  null,
  [],
  {},
  [1, 2, 3],
  { amount: -5, currency: 'KES' },
]

/** One hostile request body (JSON text) for a subject: a plausible input, then something done to it. */
function hostileBody(subject: string, schema: Json, rng: Rng, ids: string[], n: number): string {
  const base = sample(schema, rng, ids)
  const input: Json = base && typeof base === 'object' && !Array.isArray(base) ? (base as Json) : {}
  const paths = leaves(input).filter((p) => p.length > 0)
  const text = (value: Json) => JSON.stringify({ subject, ...value })
  // Each kind of hostility in turn, so every subject and caller meets each of them.
  switch (n % 12) {
    case 0:
      return text(input)
    case 1: {
      // A wrong or hostile value in one field.
      const path = paths.length ? rng.pick(paths) : ['anything']
      return text(setAt(input, path, rng.pick(HOSTILE_VALUES)))
    }
    case 2: {
      // A required field left out.
      const keys = Object.keys(input)
      if (keys.length) delete input[rng.pick(keys)]
      return text(input)
    }
    case 3:
      return text({ ...input, [`unexpected${rng.int(9)}`]: rng.pick(HOSTILE_VALUES) })
    case 4: {
      // Prototype keys, as raw JSON: an object literal would swallow them.
      const key = rng.pick(['__proto__', 'constructor', 'prototype'])
      const where = paths.length && rng.chance(0.5) ? rng.pick(paths).slice(0, -1) : []
      const polluted = setAt(input, where, { ...(where.length ? {} : input), POLLUTE: 1 })
      return text(polluted).replace('"POLLUTE":1', `"${key}":{"isAdmin":true,"roles":["admin"]}`)
    }
    case 5: {
      // Deeply nested arrays in place of a field, or the whole input.
      const path = paths.length ? rng.pick(paths) : ['nested']
      return text(setAt(input, path, 'DEEP')).replace('"DEEP"', deep(rng.pick([50, 5_000])))
    }
    case 6:
      return rng.pick([
        JSON.stringify({ subject, ...Object.fromEntries(Object.keys(input).map((k) => [k, null])) }),
        JSON.stringify({ subject, input: [input] }),
        JSON.stringify(subject),
        `{"subject":"${subject}",`,
      ])
    case 7: {
      // Every field at once replaced by a hostile value.
      let out = input
      for (const path of paths) out = setAt(out, path, rng.pick(HOSTILE_VALUES))
      return text(out)
    }
    default: {
      // Well-formed but for its text or its numbers: every string with a NUL, half a surrogate pair or
      // 20 000 more characters; every number negative, fractional or past 2^53.
      const change = (n % 12) - 8
      let out = input
      for (const path of paths) {
        const value = path.reduce<unknown>(
          (node, key) => (node as Record<string | number, unknown>)[key],
          input,
        )
        if (typeof value === 'string' && change < 3)
          out = setAt(out, path, [`${value}\u0000`, `${value}\ud83d`, value + 'é'.repeat(20_000)][change])
        else if (typeof value === 'number' && change === 3)
          out = setAt(out, path, rng.pick([-1, 0.5, 1e308, 2 ** 53]))
      }
      return text(out)
    }
  }
}

/**
 * What is wrong with a 4xx answer's codes, or null: each carries a code (the message's id) beside its
 * English, and a code for each field that has an English message, under the same keys.
 */
function uncoded(answer: unknown): string | null {
  if (typeof answer !== 'object' || answer === null) return 'is not a JSON object'
  const { code, errors, fieldCodes } = answer as { code?: unknown; errors?: unknown; fieldCodes?: unknown }
  if (typeof code !== 'string' || code === '') return 'has no code'
  if (errors === undefined) return null
  if (typeof fieldCodes !== 'object' || fieldCodes === null) return 'has errors but no fieldCodes'
  const keys = (o: object) => Object.keys(o).sort().join(',')
  if (keys(errors as object) !== keys(fieldCodes)) return 'has fieldCodes whose keys are not those of errors'
  return null
}

/** The fuzz of every subject on one kind of database, as a `describe` of the calling test file. */
export function fuzzEverySubject(kind: DatabaseKind) {
  describe(`every subject under hostile input on ${kind}`, () => {
    let app: RunningApp
    let tables: string[] = []
    const ids: string[] = []
    const tokens: Record<'anonymous' | 'customer' | 'seller' | 'admin', () => Promise<string | null>> = {
      anonymous: async () => null,
      customer: async () => null,
      seller: async () => null,
      admin: async () => null,
    }

    beforeAll(async () => {
      app = await startApp(kind)
      const db = app.database.db
      const rows = (await db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )) as unknown as { rows: { table_name: string }[] }
      tables = rows.rows.map((r) => r.table_name).filter((t) => !t.startsWith('__'))
      const seller = await sellerOf(app, 'fuzz-seller')
      const customer = await createUser(db, {
        email: 'fuzz-customer@example.com',
        name: 'Fuzz',
        password: 'baobab-shade-2026',
      })
      const admin = await createUser(db, {
        email: 'fuzz-admin@example.com',
        name: 'Admin',
        password: 'baobab-shade-2026',
        roles: ['admin'],
      })
      const product = await productOnSale(
        app,
        seller.id,
        {
          kind: 'digital',
          title: 'Fuzzed presets',
          description: '',
          price: { amount: 500_00, currency: 'KES' },
          details: { payWhatYouWant: null, downloadLimit: 2, free: false },
        },
        [{ name: 'presets.zip', body: Buffer.from('PK\u0003\u0004 fuzz') }],
      )
      const started = await app.call('startCheckout', {
        productId: product,
        method: 'card',
        email: 'fuzz-buyer@example.com',
      })
      ids.push(seller.id, customer.id, admin.id, product, String((started.body.data as Json).orderId))
      // A fresh session per subject: one subject (signOutEverywhere) may end the sessions it is given.
      const session = (userId: string) => async () => (await createSession(db, userId, null)).token
      tokens.customer = session(customer.id)
      tokens.seller = session(seller.id)
      tokens.admin = session(admin.id)
    }, 60_000)
    afterAll(() => app.close())
    // Admin subjects may suspend the fuzzing people or take a role away: each subject starts with them as
    // they were, so the next one is fuzzed as every role.
    afterEach(async () => {
      const [seller, customer, admin] = ids
      await app.database.db.execute(
        sql`update users set suspended_at = null, suspension_reason = null where id in (${seller}, ${customer}, ${admin})`,
      )
      await app.database.db.execute(sql`update users set roles = '{customer,seller}' where id = ${seller}`)
      await app.database.db.execute(sql`update users set roles = '{customer,admin}' where id = ${admin}`)
    })

    async function counts(): Promise<Record<string, number>> {
      const query = tables
        .map((t) => `select '${t}' as t, count(*)::int as n from "${t}"`)
        .join(' union all ')
      const result = (await app.database.db.execute(sql.raw(query))) as unknown as {
        rows: { t: string; n: number }[]
      }
      return Object.fromEntries(
        result.rows.filter((r) => !BOOKKEEPING.has(r.t)).map((r) => [r.t, Number(r.n)]),
      )
    }

    /** The next transaction id the database will hand out: unchanged while nothing is written. */
    async function nextXid(): Promise<string> {
      const result = (await app.database.db.execute(
        sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xid`,
      )) as unknown as { rows: { xid: string }[] }
      return String(result.rows[0]?.xid)
    }

    /**
     * POSTs a body. A body over the limit is refused (413) as soon as its length is known, and the server
     * then closes the connection, maybe while the body is still being sent (the client sees an error), and
     * the pooled connection with it (the next request on it fails once, then goes on a new one).
     */
    async function send(
      body: string,
      token: string | null,
      retried = false,
    ): Promise<{ status: number; answer?: unknown }> {
      try {
        const answer = await fetch(`${app.url}/`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body,
        })
        const text = await answer.text()
        let parsed: unknown
        try {
          parsed = JSON.parse(text)
        } catch {
          parsed = text
        }
        return { status: answer.status, answer: parsed }
      } catch (error) {
        if (Buffer.byteLength(body) > MAX_RPC_BODY_BYTES) return { status: 413 }
        if (retried) throw error
        return send(body, token, true)
      }
    }

    const subjects = Object.keys(contract) as SubjectName[]
    it.each(subjects)('%s: no 5xx and no partial write', async (subject) => {
      const schema = z.toJSONSchema(contract[subject].input, { io: 'input', unrepresentable: 'any' }) as Json
      const rng = generator(subject)
      const problems: string[] = []
      // Rows are counted again only when something was written since they were last counted: then the
      // database has handed out a transaction id (a read-only call, most refusals, hands out none). On
      // PostgreSQL other test files write all the time, so there it counts around every call.
      let known = null as { xid: string; rows: Record<string, number> } | null
      for (const role of ['anonymous', 'customer', 'seller', 'admin'] as const) {
        const token = await tokens[role]()
        // A caller the subject is not for is refused before its input is read (server/rpc/dispatcher.ts):
        // one case shows that refusal; the hostile cases are for the callers that get past it.
        const cases = MAY_CALL[role].includes(contract[subject].access) ? CASES : 1
        for (let i = 0; i < cases; i++) {
          const body = hostileBody(subject, schema, rng, ids, i)
          // The id first: a write between the two reads makes the next comparison count again.
          const xid = await nextXid()
          if (known?.xid !== xid) known = { xid, rows: await counts() }
          const before = known.rows
          const res = await send(body, token)
          const shown = body.length > 300 ? `${body.slice(0, 300)}… (${body.length} characters)` : body
          if (res.status >= 500 && res.status !== 600) problems.push(`${role}: ${res.status} for ${shown}`)
          if (res.status >= 400 && res.status < 500 && 'answer' in res) {
            const wrong = uncoded(res.answer)
            if (wrong) problems.push(`${role}: ${res.status} ${wrong} for ${shown}`)
          } else if (res.status !== 200 && (await nextXid()) !== xid) {
            const after = await counts()
            const changed = Object.keys(after).filter((t) => after[t] !== before[t])
            if (changed.length)
              problems.push(`${role}: ${res.status} but rows changed in ${changed.join(', ')} for ${shown}`)
          }
        }
      }
      expect(problems).toEqual([])
    })
  })
}
