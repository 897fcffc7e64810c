import { Hono } from 'hono'
import type { PaymentMethod } from '../../contract/checkout.constants'
import type { Config } from '../env'
import { createLogger, type Logger } from '../lib/log'
import { CardAdapter } from './card.adapter'
import { CardProvider, cardHooks } from './card.provider'
import { createLinks, createSigner, type Links, type SignaturePurpose } from './links'
import { MpesaAdapter } from './mpesa.adapter'
import { MpesaProvider, mpesaHooks } from './mpesa.provider'
import type { Fetch } from './payments'
import { PaypalAdapter } from './paypal.adapter'
import { paypalHooks } from './paypal.hooks'
import { PaypalProvider } from './paypal.provider'
import type { PaymentEvents, PaymentProvider } from './provider'

export type { SignaturePurpose } from './links'

/**
 * The payment providers, pointed at the real services or at this server's /sandbox/: their adapters
 * (each provider's HTTP API), the providers behind one interface, the signed addresses they call back, and
 * the routes that receive those calls.
 */
export interface Gateway {
  mpesa: MpesaAdapter
  paypal: PaypalAdapter
  card: CardAdapter
  providers: Record<PaymentMethod, PaymentProvider>
  /** The number buyers pay by Paybill (or the till for Buy Goods). */
  paybillNumber: string
  /** M-Pesa in sandbox mode: the simulator's phone page, where a tester answers prompts. Live: null. */
  mpesaSandboxPhone: string | null
  urls: Links
  sign(purpose: SignaturePurpose, id: string): string
  verify(purpose: SignaturePurpose, id: string, signature: string): boolean
  /** Every provider's callback and webhook routes, telling `events` what they verified; mount at /hooks. */
  hooks(events: PaymentEvents): Hono
}

/**
 * `fetch` carries every adapter's calls (tests count or fail them); `sandboxFetch` only those of adapters
 * in sandbox mode, whose provider is this server itself.
 */
export function createGateway(
  config: Config,
  opts: { fetch?: Fetch; sandboxFetch?: Fetch; log?: Logger } = {},
): Gateway {
  const { payments, publicUrl } = config
  const log = opts.log ?? createLogger('silent')
  const signer = createSigner(config)
  const urls = createLinks(publicUrl, signer)
  const transport = (live: boolean) => {
    const chosen = opts.fetch ?? (live ? undefined : opts.sandboxFetch)
    return chosen ? { fetch: chosen } : {}
  }
  const m = payments.mpesa
  const mpesaBase = (m.baseUrl ?? `${publicUrl}/sandbox/mpesa`).replace(/\/+$/, '')
  const mpesa = new MpesaAdapter({
    ...m,
    baseUrl: mpesaBase,
    ...transport(m.live),
  })
  const paypal = new PaypalAdapter({
    baseUrl: payments.paypal.baseUrl ?? `${publicUrl}/sandbox/paypal`,
    clientId: payments.paypal.clientId,
    clientSecret: payments.paypal.clientSecret,
    webhookId: payments.paypal.webhookId,
    ...transport(payments.paypal.live),
  })
  const card = new CardAdapter({
    apiBase: payments.card.apiBase ?? `${publicUrl}/sandbox/stripe`,
    secretKey: payments.card.secretKey,
    webhookSecret: payments.card.webhookSecret,
    ...transport(payments.card.live),
  })
  return {
    mpesa,
    paypal,
    card,
    providers: {
      mpesa: new MpesaProvider(mpesa, urls),
      paypal: new PaypalProvider(paypal, urls),
      card: new CardProvider(card, urls),
    },
    paybillNumber: m.till ?? m.shortCode,
    mpesaSandboxPhone: m.live ? null : `${mpesaBase}/phone`,
    urls,
    sign: signer.sign,
    verify: signer.verify,
    hooks(events) {
      return new Hono()
        .route('/', mpesaHooks(mpesa, signer, events, log))
        .route('/', paypalHooks(paypal, signer, urls, events, log))
        .route('/', cardHooks(card, signer, urls, events))
    },
  }
}
