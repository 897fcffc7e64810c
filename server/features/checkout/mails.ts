import { eq } from 'drizzle-orm'
import { METHOD_NAMES } from '../../../contract/checkout.constants'
import type { OrderDelivery } from '../../../contract/checkout.contract'
import { formatMoney } from '../../../contract/format-money'
import { intlLocale, type Lang, type Message, type MessageParams } from '../../../contract/i18n'
import type { Db } from '../../db/client'
import { sellers, users } from '../../db/schema'
import { translate } from '../../lib/i18n'
import { slotText } from '../../lib/when'
import { compose } from '../../mail/templates'
import { userLanguage } from '../settings'
import { bookingFacts, calendarParts } from './booking-event'
import type { CheckoutServices } from './deps'
import { checkoutNoteIn } from './notes'
import { linesOf, onlyLine } from './order-lines'
import type { OrderRow } from './orders'

const money = (amount: number, currency: string) => formatMoney(amount, currency, 'en')
/** Money as the buyer reads it: as before in English, Kenya's Kiswahili otherwise. */
const moneyIn = (lang: Lang, amount: number, currency: string) =>
  lang === 'en'
    ? money(amount, currency)
    : formatMoney(amount, currency, intlLocale(lang, undefined, 'en-KE'))

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
    const lang = order.language
    const t = (message: { id: string; message: string }, params?: Record<string, string | number>) =>
      translate(lang, message, params)
    // Every line the order bought (an offer taken at checkout is the second).
    const lines = await linesOf(deps.db, order.id)
    const line = (lines.length > 0 ? lines : [onlyLine(order)])
      .map(
        ({ item, quantity }) =>
          `${item.title}${item.label !== item.title ? ` (${item.label})` : ''} × ${quantity}`,
      )
      .join(', ')
    const paidWith =
      order.method === 'free'
        ? t(/*i18n*/ { id: 'mail.receipt.free', message: 'Nothing to pay.' })
        : order.payment?.receipt
          ? t(
              /*i18n*/ {
                id: 'mail.receipt.paid-with-receipt',
                message: 'Paid {amount} by {method}, receipt {receipt}.',
              },
              {
                amount: moneyIn(lang, order.chargeAmount, order.chargeCurrency),
                method: METHOD_NAMES[order.method],
                receipt: String(order.payment.receipt),
              },
            )
          : t(
              /*i18n*/ { id: 'mail.receipt.paid-with', message: 'Paid {amount} by {method}.' },
              {
                amount: moneyIn(lang, order.chargeAmount, order.chargeCurrency),
                method: METHOD_NAMES[order.method],
              },
            )
    const next = {
      digital: () =>
        t(
          /*i18n*/ {
            id: 'mail.receipt.next.digital',
            message: 'Download your files from the link below; it works on any device.',
          },
        ),
      event: () =>
        t(
          /*i18n*/ {
            id: 'mail.receipt.next.event',
            message: 'Your tickets, with their QR codes to show at the door, are on your order page.',
          },
        ),
      service: () =>
        item.slot
          ? t(
              /*i18n*/ {
                id: 'mail.receipt.next.booked',
                message: 'Booked for {when}. The details are on your order page.',
              },
              {
                when: slotText(item.slot, item.timeZone ?? 'Africa/Nairobi', lang),
              },
            )
          : t(/*i18n*/ { id: 'mail.receipt.next.service', message: 'Your booking is confirmed.' }),
      merch: () =>
        order.delivery?.kind === 'pickup'
          ? t(
              /*i18n*/ {
                id: 'mail.receipt.next.pickup',
                message: 'Collect it at {address}; the seller will tell you when it is ready.',
              },
              {
                address: String(order.delivery.address),
              },
            )
          : t(
              /*i18n*/ {
                id: 'mail.receipt.next.ship',
                message: 'The seller will ship it to the address you gave and mark it sent.',
              },
            ),
      membership: () =>
        t(
          /*i18n*/ {
            id: 'mail.receipt.next.membership',
            message:
              'Your membership is on your Memberships page, with its posts and files, the next payment and a way to cancel.',
          },
        ),
    }[order.kind]()
    const guest = order.guest
      ? [
          t(
            /*i18n*/ {
              id: 'mail.receipt.guest',
              message:
                'To keep your purchases together, set a password for {email} on Soko (“Forgot password” on the sign-in page); purchases made before show in your account once the address is verified.',
            },
            { email: order.buyerEmail },
          ),
        ]
      : []
    // A booking comes with its calendar file and a link that adds it to Google Calendar.
    const booking = await bookingFacts(deps.db, order, orderLink(order))
    const calendar = booking ? calendarParts(booking, lang) : null
    await send({
      ...compose(
        order.buyerEmail,
        t(
          /*i18n*/ { id: 'mail.receipt.subject', message: 'Your Soko receipt: {title} ({reference})' },
          {
            title: item.bundle?.title ?? item.title,
            reference: order.reference,
          },
        ),
        [
          order.kind === 'service'
            ? t(/*i18n*/ { id: 'mail.receipt.thanks.booking', message: 'Thank you for your booking.' })
            : t(/*i18n*/ { id: 'mail.receipt.thanks', message: 'Thank you for your purchase.' }),
          `${line}: ${moneyIn(lang, order.total, order.currency)}. ${paidWith}`,
          t(
            /*i18n*/ { id: 'mail.receipt.reference', message: 'Order reference {reference}.' },
            {
              reference: order.reference,
            },
          ),
          next,
          ...(calendar ? [calendar.line] : []),
          ...guest,
        ],
        {
          label:
            order.kind === 'digital'
              ? t(/*i18n*/ { id: 'mail.receipt.action.download', message: 'Download your files' })
              : t(/*i18n*/ { id: 'mail.receipt.action.order', message: 'Open your order' }),
          url: orderLink(order),
        },
        lang,
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
      const seller = await sellerOf(deps.db, order.sellerId)
      if (!seller) return
      const lang = seller.lang
      const t = (message: Message, params?: MessageParams) => translate(lang, message, params)
      await send(
        compose(
          seller.email,
          t(
            /*i18n*/ { id: 'mail.sale.subject', message: 'You made a sale: {title} ({reference})' },
            { title: item.bundle?.title ?? item.title, reference: order.reference },
          ),
          [
            t(
              /*i18n*/ { id: 'mail.sale.bought', message: '{buyer} bought {line} for {amount}.' },
              {
                buyer: order.buyerEmail,
                line,
                amount: moneyIn(lang, order.total, order.currency),
              },
            ),
            ...(order.kind === 'merch' && order.delivery?.kind === 'ship'
              ? [
                  t(
                    /*i18n*/ { id: 'mail.sale.ship-to', message: 'Ship to: {address}.' },
                    { address: shipTo(order.delivery) },
                  ),
                ]
              : []),
            ...(booking && item.slot
              ? [
                  t(
                    /*i18n*/ { id: 'mail.sale.booked', message: 'Booked for {when}.' },
                    {
                      when: slotText(item.slot, booking.details.timeZone, lang),
                    },
                  ),
                ]
              : []),
            t(
              /*i18n*/ {
                id: 'mail.sale.earnings',
                message: 'Your earnings can be withdrawn after the hold period.',
              },
            ),
          ],
          booking
            ? {
                label: t(/*i18n*/ { id: 'mail.sale.action.bookings', message: 'See your bookings' }),
                url: `${config.publicUrl}/account/bookings`,
              }
            : {
                label: t(/*i18n*/ { id: 'mail.sale.action.orders', message: 'See your orders' }),
                url: `${config.publicUrl}/account/customers?view=orders`,
              },
          lang,
        ),
      )
    },
    async refunded(
      order: OrderRow,
      stored: string,
      reasonCode: string | null = null,
      /** What went back: the whole charge, or the share of the lines refunded. */
      back: { amount: number; currency: string } = {
        amount: order.chargeAmount,
        currency: order.chargeCurrency,
      },
    ) {
      const item = order.item
      const lang = order.language
      const reason = checkoutNoteIn(lang, stored, reasonCode)
      const t = (message: { id: string; message: string }, params?: Record<string, string | number>) =>
        translate(lang, message, params)
      const params = {
        amount: moneyIn(lang, back.amount, back.currency),
        title: item.bundle?.title ?? item.title,
      }
      const refundedTo =
        order.method === 'mpesa'
          ? t(
              /*i18n*/ {
                id: 'mail.refund.mpesa',
                message: 'Your payment of {amount} for {title} has been refunded to your M-Pesa number.',
              },
              params,
            )
          : order.method === 'card'
            ? t(
                /*i18n*/ {
                  id: 'mail.refund.card',
                  message:
                    'Your payment of {amount} for {title} has been refunded to your card (it can take 5–10 days to show).',
                },
                params,
              )
            : order.method === 'paypal'
              ? t(
                  /*i18n*/ {
                    id: 'mail.refund.paypal',
                    message: 'Your payment of {amount} for {title} has been refunded to your PayPal account.',
                  },
                  params,
                )
              : t(
                  /*i18n*/ {
                    id: 'mail.refund.other',
                    message: 'Your payment of {amount} for {title} has been refunded.',
                  },
                  params,
                )
      await send(
        compose(
          order.buyerEmail,
          t(
            /*i18n*/ { id: 'mail.refund.subject', message: 'Refunded: {title} ({reference})' },
            {
              title: item.bundle?.title ?? item.title,
              reference: order.reference,
            },
          ),
          [
            refundedTo,
            ...(reason ? [t(/*i18n*/ { id: 'mail.refund.why', message: 'Why: {reason}' }, { reason })] : []),
            order.kind === 'service'
              ? t(
                  /*i18n*/ {
                    id: 'mail.refund.booking',
                    message: 'The booking is cancelled and its time is free for others.',
                  },
                )
              : t(/*i18n*/ { id: 'mail.refund.access', message: 'Access to what it bought has ended.' }),
          ],
          undefined,
          lang,
        ),
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

/** Sellers' names for mails, with their address and the language of their account. */
export async function sellerOf(db: Db, sellerId: string) {
  const [row] = await db
    .select({ displayName: sellers.displayName, email: users.email, settings: users.settings })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.userId, sellerId))
  return row ? { displayName: row.displayName, email: row.email, lang: userLanguage(row) } : null
}
