import { Hono } from 'hono'
import { deliveries } from '../deliveries'
import type { SandboxDeps } from '../sandbox-deps'
import { mountB2c } from './b2c'
import { mountC2b } from './c2b'
import { darajaError, type MpesaContext, type SandboxEnv } from './daraja'
import { mountOauth } from './oauth'
import { mountPhone } from './phone'
import { mountCertificate } from './security-credential'
import { mountTransactionStatus } from './status'
import { mountStk, stkPrompts } from './stk'

/**
 * A local Daraja (docs/payments.md): OAuth, STK push and query, C2B URL registration and simulated
 * payments, B2C, Transaction Status (answered from its own record of B2C payments), and a "phone" page where
 * a tester answers the STK prompt instead of a real handset, or pays a bill from the M-Pesa menu (C2B).
 * Mounted at /sandbox/mpesa. It accepts exactly the credentials of deps.payments.mpesa (and an initiator
 * password encrypted with its certificate) and answers in Daraja's formats, errors included, so that the
 * adapter cannot tell it from Daraja. All state is in the sandbox store (every server instance sees it).
 *
 * Each API has a module here: OAuth (oauth.ts), STK push (stk.ts), B2C (b2c.ts, with the test numbers whose
 * payments fail), Transaction Status (status.ts), C2B (c2b.ts), the initiator's credential and the
 * certificate it is encrypted with (security-credential.ts), and the phone page (phone.ts).
 */

export interface MpesaSandboxOptions {
  /** A prompt nobody answers ends as 1037 after this long (Daraja: about a minute). */
  promptTimeoutMs?: number
}

export type MpesaSandbox = Hono<SandboxEnv> & {
  /** Resolves once every callback and B2C result the sandbox has started sending has been delivered. */
  idle(): Promise<void>
}

const DELIVERY_TIMEOUT_MS = 10_000

export function mpesaSandbox(deps: SandboxDeps, options: MpesaSandboxOptions = {}): MpesaSandbox {
  const app = new Hono<SandboxEnv>()
  const posts = deliveries({ ...deps, from: 'M-Pesa sandbox', timeoutMs: DELIVERY_TIMEOUT_MS })
  const ctx: MpesaContext = {
    app,
    store: deps.store,
    config: deps.payments.mpesa,
    posts,
    post: (url, body, what) => posts.send({ url, body: JSON.stringify(body), what }),
  }
  const prompts = stkPrompts(ctx, options.promptTimeoutMs ?? 60_000)
  // The routes join in this order: the token check comes before the API it guards.
  mountOauth(ctx)
  mountStk(ctx, prompts)
  mountB2c(ctx)
  mountTransactionStatus(ctx)
  mountC2b(ctx)
  mountPhone(ctx, prompts)
  mountCertificate(ctx)
  // Last: any other path answers as Daraja answers one it does not have, in its JSON, which clients parse.
  app.all('*', (c) => darajaError(c, 404, '404.001.01', 'Resource not found'))
  return Object.assign(app, { idle: posts.idle })
}
