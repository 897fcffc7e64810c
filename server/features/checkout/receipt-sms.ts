import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { orderLinks, users } from '../../db/schema'
import { hashToken } from '../../sms/sms.routes'
import { receiptSms } from '../../sms/templates'
import { resolveUserSettings } from '../settings'
import type { CheckoutServices } from './deps'
import type { OrderRow } from './orders'

/** The number an M-Pesa payment came from (the one prompted when M-Pesa did not say), 2547XXXXXXXX. */
export function payerPhone(order: Pick<OrderRow, 'method' | 'payment'>): string | null {
  if (order.method !== 'mpesa') return null
  const phone = String(order.payment?.payerPhone ?? order.payment?.phone ?? '')
  return /^254\d{9}$/.test(phone) ? phone : null
}

/**
 * The SMS receipt of an order paid by M-Pesa, to the number that paid: what was bought, its reference and a
 * short link (`/o/{token}`, 128 random bits) that opens the order and its downloads with no account. Sent
 * once per order; not to a person who turned SMS receipts off, nor to a number that asked to stop them.
 */
export async function queueReceiptSms(deps: CheckoutServices, order: OrderRow): Promise<void> {
  const phone = payerPhone(order)
  if (!phone) return
  try {
    if (!order.guest) {
      const [buyer] = await deps.db.select().from(users).where(eq(users.id, order.buyerId))
      if (buyer && !resolveUserSettings(buyer).smsReceipts) return
    }
    const token = randomBytes(16).toString('base64url')
    const text = receiptSms({
      amount: order.chargeAmount,
      currency: order.chargeCurrency,
      title: order.item.bundle?.title ?? order.item.title,
      reference: order.reference,
      link: `${deps.config.publicUrl}/o/${token}`,
      lang: order.language,
    })
    await deps.db.transaction(async (tx) => {
      const queued = await deps.sms.queue(tx, {
        eventKey: `receipt:${order.id}`,
        kind: 'receipt',
        phone,
        text,
      })
      if (queued) await tx.insert(orderLinks).values({ tokenHash: hashToken(token), orderId: order.id })
    })
  } catch (error) {
    // The order stands without its SMS: the receipt mail and the order page have it all.
    deps.log.error('receipt SMS not queued', { orderId: order.id, error })
  }
}
