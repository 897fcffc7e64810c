import { and, eq, inArray } from 'drizzle-orm'
import type { Lang } from '../../../contract/i18n'
import type { DbOrTx } from '../../db/client'
import { invoicePayments } from '../../db/schema'
import { userLanguageOf } from '../settings'
import type { InvoiceRow } from './invoice-rows'

/**
 * The language an invoice's mails and PDF are written in: its client's, once the client has said it (by
 * paying on the pay page, which keeps their language on the invoice), else its seller's account language.
 * `client_language` starts as English, so English counts as the client's only once they have paid online.
 */
export async function invoiceLanguage(
  db: DbOrTx,
  row: Pick<InvoiceRow, 'id' | 'sellerId' | 'clientLanguage'>,
): Promise<Lang> {
  if (row.clientLanguage !== 'en') return row.clientLanguage
  const [paidOnline] = await db
    .select({ id: invoicePayments.id })
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.invoiceId, row.id),
        inArray(invoicePayments.method, ['mpesa', 'card', 'paypal']),
      ),
    )
    .limit(1)
  return paidOnline ? row.clientLanguage : userLanguageOf(db, row.sellerId)
}
