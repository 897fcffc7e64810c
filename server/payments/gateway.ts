import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Config } from '../env'
import { storageSecret } from '../storage/signed-url'
import { CardAdapter } from './card.adapter'
import { MpesaAdapter } from './mpesa.adapter'
import type { Fetch } from './payments'
import { PaypalAdapter } from './paypal.adapter'

/**
 * The three adapters, pointed at the real providers or at this server's /sandbox/, and the addresses
 * providers call back. M-Pesa's callbacks carry no signature, so each callback URL carries an HMAC of the
 * order (or refund) it is for: a forged or guessed callback is refused before it is read.
 */
export interface Gateway {
  mpesa: MpesaAdapter
  paypal: PaypalAdapter
  card: CardAdapter
  /** The number buyers pay by Paybill (or the till for Buy Goods). */
  paybillNumber: string
  urls: {
    stkCallback(orderId: string): string
    b2cResult(refundId: string): string
    b2cTimeout(refundId: string): string
    /** Paybill payments: Daraja refuses C2B URLs that contain "mpesa", so these live under /hooks/paybill. */
    c2bConfirmation: string
    c2bValidation: string
    paypalReturn(orderId: string): string
    paypalCancel(orderId: string): string
    cardSuccess(orderId: string): string
    cardCancel(orderId: string): string
    orderPage(orderId: string): string
  }
  sign(id: string): string
  verify(id: string, signature: string): boolean
}

export function createGateway(config: Config, opts: { fetch?: Fetch } = {}): Gateway {
  const { payments, publicUrl } = config
  const secret =
    payments.hooksSecret ??
    createHmac('sha256', storageSecret(config.dataDir, config.storageSigningSecret ?? undefined))
      .update('soko-payment-hooks')
      .digest('hex')
  const sign = (id: string) => createHmac('sha256', secret).update(id).digest('base64url').slice(0, 32)
  const hooks = `${publicUrl}/hooks`
  const m = payments.mpesa
  return {
    mpesa: new MpesaAdapter({
      ...m,
      baseUrl: m.baseUrl ?? `${publicUrl}/sandbox/mpesa`,
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
    }),
    paypal: new PaypalAdapter({
      baseUrl: payments.paypal.baseUrl ?? `${publicUrl}/sandbox/paypal`,
      clientId: payments.paypal.clientId,
      clientSecret: payments.paypal.clientSecret,
      webhookId: payments.paypal.webhookId,
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
    }),
    card: new CardAdapter({
      apiBase: payments.card.apiBase ?? `${publicUrl}/sandbox/stripe`,
      secretKey: payments.card.secretKey,
      webhookSecret: payments.card.webhookSecret,
    }),
    paybillNumber: m.till ?? m.shortCode,
    urls: {
      stkCallback: (id) => `${hooks}/mpesa/stk/${id}/${sign(id)}`,
      b2cResult: (id) => `${hooks}/mpesa/b2c/${id}/${sign(id)}`,
      b2cTimeout: (id) => `${hooks}/mpesa/b2c-timeout/${id}/${sign(id)}`,
      c2bConfirmation: `${hooks}/paybill/confirm/${sign('c2b')}`,
      c2bValidation: `${hooks}/paybill/validate/${sign('c2b')}`,
      paypalReturn: (id) => `${hooks}/paypal/return?order=${id}&sig=${sign(id)}`,
      paypalCancel: (id) => `${hooks}/paypal/cancel?order=${id}&sig=${sign(id)}`,
      cardSuccess: (id) => `${publicUrl}/sucess-payment?order=${id}`,
      cardCancel: (id) => `${hooks}/stripe/cancel?order=${id}&sig=${sign(id)}`,
      orderPage: (id) => `${publicUrl}/sucess-payment?order=${id}`,
    },
    sign,
    verify(id, signature) {
      const expected = Buffer.from(sign(id))
      const given = Buffer.from(signature)
      return given.length === expected.length && timingSafeEqual(given, expected)
    },
  }
}
