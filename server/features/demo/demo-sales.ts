import { randomBytes } from 'node:crypto'
import type { Tx } from '../../db/client'
import type { SaleTerms } from '../../db/columns.types'
import { orders, paymentEvents } from '../../db/schema'
import { uuidv7 } from '../../lib/uuid'
import { createUser } from '../accounts'
import type { ProductRow } from '../catalog'
import { fulfilPaid, hashKey, insertLines, newReference, onlyLine } from '../checkout'

/**
 * The demo seller's first sales: two buyers who paid by card for downloads (one of them also the client of
 * the demo's draft invoice, so the client book shows a person met both ways). Each order is paid through
 * the same step a card payment takes (books, sales count), with a payment event of its own. The buyers
 * have no password: they bought without an account, as most buyers do.
 */
const SALES = [
  { name: 'Amina Yusuf', email: 'amina@soko.test', titles: ['Nairobi Nights', 'Kanga Lettering'] },
  { name: 'Kevin Mwangi', email: 'kevin@soko.test', titles: ['Freelancer Invoice'] },
]

export async function seedDemoSales(tx: Tx, products: ProductRow[], terms: SaleTerms, now: number) {
  for (const sale of SALES) {
    const buyer = await createUser(tx, { email: sale.email, name: sale.name })
    for (const start of sale.titles) {
      const product = products.find((p) => p.kind === 'digital' && p.title.startsWith(start))
      if (!product) throw new Error(`no demo download titled “${start}…”`)
      const paidAt = new Date(now)
      const total = product.priceAmount
      const [row] = await tx
        .insert(orders)
        .values({
          id: uuidv7(),
          reference: newReference(),
          buyerId: buyer.id,
          buyerEmail: buyer.email,
          guest: true,
          sellerId: product.sellerId,
          productId: product.id,
          kind: 'digital',
          status: 'pending',
          item: { title: product.title, unitPrice: total, label: product.title, timeZone: 'Africa/Nairobi' },
          itemKey: '',
          quantity: 1,
          subtotal: total,
          shippingFee: 0,
          total,
          currency: product.priceCurrency,
          method: 'card',
          chargeAmount: total,
          chargeCurrency: product.priceCurrency,
          rate: null,
          terms,
          delivery: null,
          accessKeyHash: hashKey(randomBytes(24).toString('base64url')),
          expiresAt: paidAt,
        })
        .returning()
      if (!row) throw new Error('insert returned no row')
      await insertLines(tx, [onlyLine(row)])
      const outcome = {
        kind: 'paid' as const,
        amount: { amount: total, currency: product.priceCurrency },
        receipt: null,
        details: { demo: true },
      }
      await tx.insert(paymentEvents).values({
        provider: 'card',
        eventId: `demo:${row.id}`,
        orderId: row.id,
        type: 'paid',
        payload: outcome,
      })
      await fulfilPaid(tx, row, outcome, paidAt)
    }
  }
}
