import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Config } from '../env'
import { storageSecret } from '../storage/signed-url'

/**
 * What a signature is for. Each purpose has a key of its own (an HMAC of the secret with the purpose's
 * label), so a signature handed out for one purpose — a cancel link the buyer can read, say — is worth
 * nothing for another, such as the secret M-Pesa's callback URL carries.
 */
export type SignaturePurpose =
  | 'stk-callback'
  | 'b2c-result'
  | 'b2c-timeout'
  | 'b2c-status'
  | 'b2c-status-timeout'
  | 'paybill'
  | 'paypal-return'
  | 'paypal-cancel'
  | 'card-cancel'
  | 'receipt'
  | 'sms-report'
  | 'invoice-link'
  | 'invoice-short'
  | 'form'

/**
 * The addresses providers call back and send payers to, each signed for its purpose. M-Pesa's callbacks
 * carry no signature of their own, so each callback URL carries an HMAC of the order (or refund) it is for:
 * a forged or guessed callback is refused before it is read.
 */
export interface Links {
  stkCallback(orderId: string): string
  b2cResult(id: string): string
  b2cTimeout(id: string): string
  /** Where M-Pesa answers a Transaction Status query about the B2C payment `id` (a payout or refund). */
  b2cStatusResult(id: string): string
  b2cStatusTimeout(id: string): string
  /** Paybill payments: Daraja refuses C2B URLs that contain "mpesa", so these live under /hooks/paybill. */
  c2bConfirmation: string
  c2bValidation: string
  paypalReturn(orderId: string): string
  paypalCancel(orderId: string): string
  cardSuccess(orderId: string): string
  cardCancel(orderId: string): string
  orderPage(orderId: string): string
}

export interface Signer {
  sign(purpose: SignaturePurpose, id: string): string
  verify(purpose: SignaturePurpose, id: string, signature: string): boolean
}

export function createSigner(config: Config): Signer {
  const secret =
    config.payments.hooksSecret ??
    createHmac('sha256', storageSecret(config.dataDir, config.storageSigningSecret ?? undefined))
      .update('soko-payment-hooks')
      .digest('hex')
  const keys = new Map<SignaturePurpose, Buffer>()
  const keyFor = (purpose: SignaturePurpose) => {
    let key = keys.get(purpose)
    if (!key) {
      key = createHmac('sha256', secret).update(`soko-signature:${purpose}`).digest()
      keys.set(purpose, key)
    }
    return key
  }
  const sign = (purpose: SignaturePurpose, id: string) =>
    createHmac('sha256', keyFor(purpose)).update(id).digest('base64url').slice(0, 32)
  // Before signatures had purposes, one key signed everything. Two of its forms could never be made from a
  // link anyone sees (an id is a UUID, never "c2b" or "order:…"), so they stay good: receipt links already
  // mailed, and the Paybill address registered with M-Pesa until the next registration replaces it.
  const legacy = (value: string) =>
    createHmac('sha256', secret).update(value).digest('base64url').slice(0, 32)
  const legacyForms: Partial<Record<SignaturePurpose, (id: string) => string>> = {
    receipt: (id) => legacy(`order:${id}`),
    paybill: () => legacy('c2b'),
  }
  const same = (a: string, b: string) => {
    const x = Buffer.from(a)
    const y = Buffer.from(b)
    return x.length === y.length && timingSafeEqual(x, y)
  }
  return {
    sign,
    verify(purpose, id, signature) {
      const old = legacyForms[purpose]
      return same(signature, sign(purpose, id)) || (old !== undefined && same(signature, old(id)))
    },
  }
}

export function createLinks(publicUrl: string, { sign }: Signer): Links {
  const hooks = `${publicUrl}/hooks`
  // Our ids (UUIDs) need no escaping; escaped, any other text still makes a URL that a redirect's Location
  // header can carry, instead of an error.
  const q = encodeURIComponent
  return {
    stkCallback: (id) => `${hooks}/mpesa/stk/${id}/${sign('stk-callback', id)}`,
    b2cResult: (id) => `${hooks}/mpesa/b2c/${id}/${sign('b2c-result', id)}`,
    b2cTimeout: (id) => `${hooks}/mpesa/b2c-timeout/${id}/${sign('b2c-timeout', id)}`,
    b2cStatusResult: (id) => `${hooks}/mpesa/b2c-status/${id}/${sign('b2c-status', id)}`,
    b2cStatusTimeout: (id) => `${hooks}/mpesa/b2c-status-timeout/${id}/${sign('b2c-status-timeout', id)}`,
    c2bConfirmation: `${hooks}/paybill/confirm/${sign('paybill', 'c2b')}`,
    c2bValidation: `${hooks}/paybill/validate/${sign('paybill', 'c2b')}`,
    paypalReturn: (id) => `${hooks}/paypal/return?order=${q(id)}&sig=${sign('paypal-return', id)}`,
    paypalCancel: (id) => `${hooks}/paypal/cancel?order=${q(id)}&sig=${sign('paypal-cancel', id)}`,
    cardSuccess: (id) => `${publicUrl}/sucess-payment?order=${q(id)}`,
    cardCancel: (id) => `${hooks}/stripe/cancel?order=${q(id)}&sig=${sign('card-cancel', id)}`,
    orderPage: (id) => `${publicUrl}/sucess-payment?order=${q(id)}`,
  }
}
