import { eq } from 'drizzle-orm'
import { METHOD_NAMES } from '../../../contract/checkout.constants'
import type { OrderDelivery } from '../../../contract/checkout.contract'
import { formatMoney } from '../../../contract/format-money'
import type { Db } from '../../db/client'
import { sellers, users } from '../../db/schema'
import { slotText } from '../../lib/when'
import { compose } from '../../mail/templates'
import { bookingFacts, calendarParts } from './booking-event'
import type { CheckoutServices } from './deps'
import type { OrderRow } from './orders'

const money = (amount: number, currency: string) => formatMoney(amount, currency, 'en')

/** The order's page, with a key that opens it on any device without signing in. */
export function orderLinkWithKey(
  { config, gateway }: Pick<CheckoutServices, 'config' | 'gateway'>,
  order: { id: string; kind: string },
): string {
  return order.kind === 'digital'
    ? `${config.publicUrl}/download/${order.id}?key=${gateway.sign('receipt', order.id)}`
    : `${gateway.urls.orderPage(order.id)}&key=${gateway.sign('receipt', order.id)}`
}

/** Mails about an order: the buyer's receipt and refund notice, the seller's sale notice. */
export function orderMails(deps: CheckoutServices) {
  const { mailer, log, config } = deps
  const orderLink = (order: OrderRow) => orderLinkWithKey(deps, order)
  const send = async (message: Parameters<typeof mailer.send>[0]) => {
    try {
      await mailer.send(message)
    } catch (error) {
      // The order stands without its mail: the buyer sees it on the order page and in their purchases.
      log.error('order mail not sent', { subject: message.subject, error })
    }
  }
  /** The buyer's receipt; also what the seller's sale mail says of the item and the booking. */
  async function receipt(order: OrderRow) {
    const item = order.item
    const line = `${item.title}${item.label !== item.title ? ` (${item.label})` : ''} × ${order.quantity}`
    const paidWith =
      order.method === 'free'
        ? 'Nothing to pay.'
        : `Paid ${money(order.chargeAmount, order.chargeCurrency)} by ${METHOD_NAMES[order.method]}${
            order.payment?.receipt ? `, receipt ${String(order.payment.receipt)}` : ''
          }.`
    const next = {
      digital: 'Download your files from the link below; it works on any device.',
      event: 'Your tickets, with their QR codes to show at the door, are on your order page.',
      service: item.slot
        ? `Booked for ${slotText(item.slot, item.timeZone ?? 'Africa/Nairobi')}. The details are on your order page.`
        : 'Your booking is confirmed.',
      merch:
        order.delivery?.kind === 'pickup'
          ? `Collect it at ${String(order.delivery.address)}; the seller will tell you when it is ready.`
          : 'The seller will ship it to the address you gave and mark it sent.',
    }[order.kind]
    const guest = order.guest
      ? [
          `To keep your purchases together, set a password for ${order.buyerEmail} on Soko (“Forgot password” on the sign-in page); purchases made before show in your account once the address is verified.`,
        ]
      : []
    // A booking comes with its calendar file and a link that adds it to Google Calendar.
    const booking = await bookingFacts(deps.db, order, orderLink(order))
    const calendar = booking ? calendarParts(booking) : null
    await send({
      ...compose(
        order.buyerEmail,
        `Your Soko receipt: ${item.title} (${order.reference})`,
        [
          order.kind === 'service' ? 'Thank you for your booking.' : 'Thank you for your purchase.',
          `${line}: ${money(order.total, order.currency)}. ${paidWith}`,
          `Order reference ${order.reference}.`,
          next,
          ...(calendar ? [calendar.line] : []),
          ...guest,
        ],
        {
          label: order.kind === 'digital' ? 'Download your files' : 'Open your order',
          url: orderLink(order),
        },
      ),
      ...(calendar ? { attachments: [calendar.attachment] } : {}),
    })
    return { line, booking }
  }
  return {
    /** The receipt alone, sent again by an admin. */
    receipt,
    async paid(order: OrderRow) {
      const item = order.item
      const { line, booking } = await receipt(order)
      const seller = await sellerEmail(deps, order.sellerId)
      if (seller)
        await send(
          compose(
            seller,
            `You made a sale: ${item.title} (${order.reference})`,
            [
              `${order.buyerEmail} bought ${line} for ${money(order.total, order.currency)}.`,
              ...(order.kind === 'merch' && order.delivery?.kind === 'ship'
                ? [`Ship to: ${shipTo(order.delivery)}.`]
                : []),
              ...(booking && item.slot
                ? [`Booked for ${slotText(item.slot, booking.details.timeZone)}.`]
                : []),
              'Your earnings can be withdrawn after the hold period.',
            ],
            booking
              ? { label: 'See your bookings', url: `${config.publicUrl}/account/bookings` }
              : { label: 'See your orders', url: `${config.publicUrl}/account/customers?view=orders` },
          ),
        )
    },
    async refunded(order: OrderRow, reason: string) {
      const item = order.item
      await send(
        compose(order.buyerEmail, `Refunded: ${item.title} (${order.reference})`, [
          `Your payment of ${money(order.chargeAmount, order.chargeCurrency)} for ${item.title} has been refunded${
            order.method === 'mpesa'
              ? ' to your M-Pesa number'
              : order.method === 'card'
                ? ' to your card (it can take 5–10 days to show)'
                : order.method === 'paypal'
                  ? ' to your PayPal account'
                  : ''
          }.`,
          ...(reason ? [`Why: ${reason}`] : []),
          order.kind === 'service'
            ? 'The booking is cancelled and its time is free for others.'
            : 'Access to what it bought has ended.',
        ]),
      )
    },
  }
}

/** A merch order's address on one line, for the seller's mail. */
function shipTo(to: Extract<OrderDelivery, { kind: 'ship' }>): string {
  return [to.name, to.line1, to.line2, to.city, to.region, to.postalCode, to.country]
    .filter(Boolean)
    .join(', ')
}

async function sellerEmail(deps: CheckoutServices, sellerId: string): Promise<string | null> {
  return (await sellerOf(deps.db, sellerId))?.email ?? null
}

/** Sellers' names for mails. */
export async function sellerOf(db: Db, sellerId: string) {
  const [row] = await db
    .select({ displayName: sellers.displayName, email: users.email })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.userId, sellerId))
  return row ?? null
}
