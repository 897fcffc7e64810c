import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm'
import { INVOICES } from '../../../contract/errors/invoices'
import { invoicePayments, invoices, unmatchedPayments } from '../../db/schema'
import { audit } from '../../lib/audit'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import type { ContextFor, Handlers } from '../../rpc/context'
import { acceptExcess, refundExcess } from './excess'
import { findPayInvoice } from './find'
import { type InvoiceRow, keyOpens, ownInvoice, statusOf } from './invoice-rows'
import {
  createInvoice,
  duplicateInvoice,
  invoiceClients,
  listInvoices,
  recordPayment,
  updateInvoice,
  voidInvoice,
} from './invoices.service'
import { checkPendingInvoiceCharge, payInvoice } from './pay'
import { sendInvoice } from './send'
import { invoiceView, payInvoiceView } from './view'

const viewOf = (ctx: ContextFor<'seller'>, row: InvoiceRow) =>
  invoiceView(
    { db: ctx.db, gateway: ctx.gateway, publicUrl: ctx.config.publicUrl, lang: ctx.lang },
    row,
  ).then((invoice) => ({
    invoice,
  }))

/** Link previews (WhatsApp, Slack, mail scanners) open links too: they do not count as the client's open. */
const PREVIEW_AGENT =
  /bot|crawler|spider|preview|whatsapp|facebookexternalhit|slack|telegram|discord|skype|curl|wget/i

/** An invoice opened by its link: the key must match, and a draft has no link yet. */
async function byKey(ctx: ContextFor<'public'>, invoiceId: string, key: string): Promise<InvoiceRow> {
  const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoiceId))
  // A wrong key and a missing invoice answer alike: the link names nothing.
  if (!row || !keyOpens(ctx.gateway, invoiceId, key) || !row.sentAt)
    throw new AppError(404, INVOICES.noSuchInvoice)
  return row
}

export const invoicesHandlers: Pick<
  Handlers,
  | 'createInvoice'
  | 'updateInvoice'
  | 'sendInvoice'
  | 'voidInvoice'
  | 'duplicateInvoice'
  | 'listInvoices'
  | 'getInvoice'
  | 'recordInvoicePayment'
  | 'refundInvoiceExcess'
  | 'acceptInvoiceExcess'
  | 'listInvoiceClients'
  | 'listUnmatchedPayments'
  | 'resolveUnmatchedPayment'
  | 'getPayInvoice'
  | 'findPayInvoice'
  | 'payInvoice'
> = {
  createInvoice: async ({ draftKey, invoice }, ctx) =>
    viewOf(ctx, await createInvoice(ctx, ctx.caller.user.id, invoice, draftKey)),

  updateInvoice: async ({ invoiceId, invoice }, ctx) =>
    viewOf(ctx, await updateInvoice(ctx, ctx.caller.user.id, invoiceId, invoice)),

  sendInvoice: async ({ invoiceId }, ctx) =>
    viewOf(ctx, await sendInvoice(ctx, ctx.caller.user.id, invoiceId)),

  voidInvoice: async ({ invoiceId, reason }, ctx) =>
    viewOf(ctx, await voidInvoice(ctx, ctx.caller.user.id, invoiceId, reason)),

  duplicateInvoice: async ({ invoiceId }, ctx) =>
    viewOf(ctx, await duplicateInvoice(ctx, ctx.caller.user.id, invoiceId)),

  listInvoices: async (input, ctx) => listInvoices(ctx.db, ctx.caller.user.id, input),

  getInvoice: async ({ invoiceId }, ctx) =>
    viewOf(ctx, await ownInvoice(ctx.db, ctx.caller.user.id, invoiceId)),

  recordInvoicePayment: async (input, ctx) =>
    viewOf(ctx, await recordPayment(ctx, ctx.caller.user.id, input)),

  refundInvoiceExcess: async ({ invoiceId, paymentId }, ctx) => {
    await refundExcess(ctx, ctx.caller.user.id, invoiceId, paymentId)
    return viewOf(ctx, await ownInvoice(ctx.db, ctx.caller.user.id, invoiceId))
  },

  acceptInvoiceExcess: async ({ invoiceId, paymentId }, ctx) => {
    await acceptExcess(ctx, ctx.caller.user.id, invoiceId, paymentId)
    return viewOf(ctx, await ownInvoice(ctx.db, ctx.caller.user.id, invoiceId))
  },

  listInvoiceClients: async ({ query }, ctx) => ({
    clients: await invoiceClients(ctx.db, ctx.caller.user.id, query),
  }),

  listUnmatchedPayments: async ({ resolved }, ctx) => {
    const rows = await ctx.db
      .select()
      .from(unmatchedPayments)
      .where(resolved ? isNotNull(unmatchedPayments.resolvedAt) : isNull(unmatchedPayments.resolvedAt))
      .orderBy(asc(unmatchedPayments.createdAt))
      .limit(200)
    return {
      payments: rows.map((row) => {
        const payload = (row.payload ?? {}) as { phone?: unknown; MSISDN?: unknown }
        const payer = payload.phone ?? payload.MSISDN
        return {
          id: row.id,
          provider: row.provider,
          reference: row.reference,
          amount: { amount: row.amount, currency: row.currency },
          receipt: row.receipt,
          payer: typeof payer === 'string' && payer ? payer : null,
          receivedAt: row.createdAt.toISOString(),
          resolvedAt: row.resolvedAt?.toISOString() ?? null,
          note: row.note,
        }
      }),
    }
  },

  resolveUnmatchedPayment: async ({ id, note }, ctx) => {
    const row = await ctx.db.transaction(async (tx) => {
      const [resolved] = await tx
        .update(unmatchedPayments)
        .set({ resolvedAt: clock.now(), note: `${note} (${ctx.caller.user.email})` })
        .where(and(eq(unmatchedPayments.id, id), isNull(unmatchedPayments.resolvedAt)))
        .returning()
      if (resolved)
        await audit(tx, ctx, {
          action: 'unmatched.resolve',
          target: { kind: 'unmatched', id, label: resolved.receipt ?? id },
          reason: note,
          before: { resolved: false },
          after: { resolved: true },
        })
      return resolved
    })
    if (!row) throw new AppError(404, INVOICES.noSuchUnmatchedPayment)
    return { ok: true as const }
  },

  getPayInvoice: async ({ invoiceId, key }, ctx) => {
    let row = await byKey(ctx, invoiceId, key)
    const deps = ctx
    // The client's first open: not the seller looking at their own link, not a link preview.
    const isSeller = ctx.caller?.user.id === row.sellerId
    if (!row.viewedAt && !isSeller && !PREVIEW_AGENT.test(ctx.userAgent ?? '')) {
      const [viewed] = await ctx.db
        .update(invoices)
        .set({ viewedAt: clock.now() })
        .where(and(eq(invoices.id, row.id), isNull(invoices.viewedAt)))
        .returning()
      if (viewed) {
        row = viewed
        await ctx.db
          .update(invoices)
          .set({ status: statusOf(viewed, clock.now()) })
          .where(eq(invoices.id, row.id))
      }
    }
    // A waiting payment whose callback is late is asked about (at most every 10 s).
    const pending = await ctx.db
      .select({ id: invoicePayments.id })
      .from(invoicePayments)
      .where(and(eq(invoicePayments.invoiceId, row.id), eq(invoicePayments.status, 'pending')))
    if (pending.length > 0) {
      for (const p of pending) await checkPendingInvoiceCharge(deps, p.id)
      row = await byKey(ctx, invoiceId, key)
    }
    return {
      invoice: await payInvoiceView(
        { db: ctx.db, gateway: ctx.gateway, publicUrl: ctx.config.publicUrl, lang: ctx.lang },
        row,
      ),
    }
  },

  findPayInvoice: async (input, ctx) => findPayInvoice(ctx, input),

  payInvoice: async ({ invoiceId, key, method, phone }, ctx) =>
    payInvoice(ctx, await byKey(ctx, invoiceId, key), method, phone ?? null, ctx.lang),
}
