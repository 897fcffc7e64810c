import { and, asc, eq } from 'drizzle-orm'
import { TICKETS } from '../../../contract/errors/tickets'
import type { DbOrTx } from '../../db/client'
import { orders, products } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { translate } from '../../lib/i18n'
import type { Logger } from '../../lib/log'
import type { Mailer } from '../../mail/mailer'
import { compose } from '../../mail/templates'

/**
 * A seller's message to everyone holding a valid ticket to their event: one mail per buyer's address
 * (a buyer of several tickets gets it once), naming the event and the seller. Answers how many went.
 */
export async function messageAttendees(
  deps: { db: DbOrTx; mailer: Mailer; log: Logger },
  sellerId: string,
  input: { eventId: string; title: string; message: string },
): Promise<number> {
  const [event] = await deps.db
    .select({ title: products.title })
    .from(products)
    .where(and(eq(products.id, input.eventId), eq(products.sellerId, sellerId), eq(products.kind, 'event')))
  if (!event) throw new AppError(404, TICKETS.noSuchEvent)
  const paid = await deps.db
    .select({ email: orders.buyerEmail, language: orders.language })
    .from(orders)
    .where(and(eq(orders.productId, input.eventId), eq(orders.status, 'paid')))
    .orderBy(asc(orders.createdAt))
  // One mail per address, in the language of its latest order.
  const buyers = new Map(paid.map((row) => [row.email, row.language]))
  let sent = 0
  for (const [email, lang] of buyers) {
    try {
      await deps.mailer.send(
        compose(
          email,
          `${event.title}: ${input.title}`,
          [
            ...input.message.split(/\n{2,}/),
            translate(
              lang,
              /*i18n*/ {
                id: 'mail.attendees.why',
                message: 'You get this because you have tickets to {event} on Soko.',
              },
              { event: event.title },
            ),
          ],
          undefined,
          lang,
        ),
      )
      sent++
    } catch (error) {
      deps.log.error('attendee message not sent', { eventId: input.eventId, error })
    }
  }
  return sent
}
