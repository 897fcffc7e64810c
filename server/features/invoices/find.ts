import { and, desc, eq, isNotNull, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { LIMITS } from '../../../contract/errors/limits'
import type { findPayInvoiceInput } from '../../../contract/invoice-find.contract'
import { invoices } from '../../db/schema'
import { enforceRateLimit } from '../../lib/rate-limit'
import type { ContextFor } from '../../rpc/context'
import { invoiceKey } from './invoice-rows'

/** A few tries an hour from one network: enough for a typo or two, far too few to guess numbers. */
export const findInvoiceLimits = {
  perIp: { max: 10, windowSeconds: 3600 },
}

/**
 * `/p` without a link: the invoice whose number (or reference) and e-mail or phone both match, sent and
 * not a draft, answered as the path of its pay page. One query answers every case, so a wrong number and a
 * wrong contact take the same time and say the same thing: nothing tells a stranger an invoice exists.
 */
export async function findPayInvoice(
  ctx: ContextFor<'public'>,
  input: z.output<typeof findPayInvoiceInput>,
): Promise<{ link: string | null }> {
  await enforceRateLimit(ctx.db, [
    {
      key: `find-invoice:ip:${ctx.ip}`,
      limit: findInvoiceLimits.perIp,
      refusal: LIMITS.invoiceSearches,
    },
  ])
  const number = input.number.toUpperCase()
  const contact =
    'email' in input.contact
      ? eq(sql`lower(${invoices.clientEmail})`, input.contact.email)
      : eq(invoices.clientPhone, input.contact.phone)
  const [row] = await ctx.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        or(eq(sql`upper(${invoices.number})`, number), eq(sql`upper(${invoices.reference})`, number)),
        isNotNull(invoices.sentAt),
        contact,
      ),
    )
    .orderBy(desc(invoices.sentAt))
    .limit(1)
  return { link: row ? `/p?invoice=${row.id}&key=${invoiceKey(ctx.gateway, row.id)}` : null }
}
