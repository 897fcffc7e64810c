import type { SandboxStore } from '../store'

/**
 * How a payment intent is kept: with its one charge, in the record `pi:{id}` (kind payment_intent), and
 * how either is found again.
 */

export interface PaymentIntentRecord extends Record<string, unknown> {
  paymentIntent: Record<string, unknown> & { id: string; amount: number; currency: string }
  charge: Record<string, unknown> & { id: string; amount_refunded: number }
}

export const intentRecord = (store: SandboxStore, id: string) =>
  store.get<PaymentIntentRecord>('stripe', `pi:${id}`)

/** The payment intent record a charge belongs to (each payment intent has one charge, kept with it). */
export async function chargeRecord(store: SandboxStore, id: string): Promise<PaymentIntentRecord | null> {
  const [record] = await store.list<PaymentIntentRecord>('stripe', 'payment_intent', { charge: { id } }, 1)
  return record ?? null
}
