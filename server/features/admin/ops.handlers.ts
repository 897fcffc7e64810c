import { and, eq } from 'drizzle-orm'
import { ADMIN, ADMIN_FIELD } from '../../../contract/errors/admin'
import { LIMITS } from '../../../contract/errors/limits'
import { productReports, products, users } from '../../db/schema'
import { audit } from '../../lib/audit'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { translate } from '../../lib/i18n'
import { enforceRateLimit } from '../../lib/rate-limit'
import { uuidv7 } from '../../lib/uuid'
import { compose, HI } from '../../mail/templates'
import type { Handlers } from '../../rpc/context'
import { sendQuietly } from '../accounts'
import { userLanguage } from '../settings'
import { dashboard } from './dashboard'
import { adminProduct, listAdminProducts, listReports } from './products'

const HOUR = 3_600
/** Reports from one network and from one account: enough for a person, too few to flood the queue. */
const reportLimits = {
  perIp: { max: 10, windowSeconds: HOUR },
  perAccount: { max: 20, windowSeconds: 24 * HOUR },
}

export const opsHandlers: Pick<
  Handlers,
  | 'getAdminDashboard'
  | 'listAdminProducts'
  | 'adminUnpublishProduct'
  | 'reportProduct'
  | 'listProductReports'
  | 'dismissProductReport'
> = {
  getAdminDashboard: async (_input, ctx) => dashboard(ctx.db),

  listAdminProducts: async (input, ctx) => listAdminProducts(ctx.db, input),

  adminUnpublishProduct: async ({ id, reason }, ctx) => {
    const { product, seller } = await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update')
      if (!row) throw new AppError(404, ADMIN.noSuchProduct, { fields: { id: ADMIN_FIELD.notFound } })
      if (row.status !== 'published') throw new AppError(409, ADMIN.productNotPublished)
      await tx.update(products).set({ status: 'draft', updatedAt: clock.now() }).where(eq(products.id, id))
      await tx
        .update(productReports)
        .set({
          status: 'actioned',
          resolvedBy: ctx.caller.user.id,
          resolution: reason,
          resolvedAt: clock.now(),
        })
        .where(and(eq(productReports.productId, id), eq(productReports.status, 'open')))
      await audit(tx, ctx, {
        action: 'product.unpublish',
        target: { kind: 'product', id, label: row.title },
        reason,
        before: { status: 'published' },
        after: { status: 'draft' },
      })
      const [seller] = await tx.select().from(users).where(eq(users.id, row.sellerId))
      return { product: row, seller }
    })
    if (seller) {
      // In the seller's own language; the admin's reason as they wrote it.
      const lang = userLanguage(seller)
      const title = product.title
      await sendQuietly(
        ctx,
        compose(
          seller.email,
          translate(
            lang,
            /*i18n*/ { id: 'mail.product.unpublished.subject', message: '“{title}” was taken off Soko' },
            { title },
          ),
          [
            translate(lang, HI, { name: seller.name }),
            translate(
              lang,
              /*i18n*/ {
                id: 'mail.product.unpublished.body',
                message: 'A Soko admin unpublished “{title}”: {reason}',
              },
              { title, reason },
            ),
            translate(
              lang,
              /*i18n*/ {
                id: 'mail.product.unpublished.next',
                message:
                  'It is kept as a draft. Change what the reason says and publish it again, or write to us through the contact page if you think this is a mistake.',
              },
            ),
          ],
          {
            label: translate(
              lang,
              /*i18n*/ { id: 'mail.product.unpublished.action', message: 'Open your products' },
            ),
            url: `${ctx.config.publicUrl}/account/products`,
          },
          lang,
        ),
      )
    }
    return { product: await adminProduct(ctx.db, id) }
  },

  reportProduct: async ({ productId, reason, details, email }, ctx) => {
    const checks = [
      { key: `report:ip:${ctx.ip}`, limit: reportLimits.perIp, refusal: LIMITS.reportsFromNetwork },
      ...(ctx.caller
        ? [
            {
              key: `report:account:${ctx.caller.user.id}`,
              limit: reportLimits.perAccount,
              refusal: LIMITS.reportsFromAccount,
            },
          ]
        : []),
    ]
    await enforceRateLimit(ctx.db, checks)
    const [product] = await ctx.db
      .select({ id: products.id, status: products.status })
      .from(products)
      .where(eq(products.id, productId))
    if (product?.status !== 'published')
      throw new AppError(404, ADMIN.productNotOnSale, { fields: { productId: ADMIN_FIELD.notSale } })
    const reporterEmail = ctx.caller?.user.email ?? email ?? null
    // One open report per person and product: a second click or a reload changes nothing.
    const [open] = await ctx.db
      .select({ id: productReports.id })
      .from(productReports)
      .where(
        and(
          eq(productReports.productId, productId),
          eq(productReports.status, 'open'),
          ctx.caller ? eq(productReports.reporterId, ctx.caller.user.id) : eq(productReports.ip, ctx.ip),
        ),
      )
    if (!open)
      await ctx.db.insert(productReports).values({
        id: uuidv7(),
        productId,
        reason,
        details,
        reporterId: ctx.caller?.user.id ?? null,
        reporterEmail,
        ip: ctx.ip,
      })
    return { ok: true as const }
  },

  listProductReports: async ({ status }, ctx) => ({ reports: await listReports(ctx.db, status) }),

  dismissProductReport: async ({ id, note }, ctx) => {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(productReports).where(eq(productReports.id, id)).for('update')
      if (!row) throw new AppError(404, ADMIN.noSuchReport, { fields: { id: ADMIN_FIELD.notFound } })
      if (row.status !== 'open') throw new AppError(409, ADMIN.reportAlreadyClosed)
      await tx
        .update(productReports)
        .set({
          status: 'dismissed',
          resolvedBy: ctx.caller.user.id,
          resolution: note,
          resolvedAt: clock.now(),
        })
        .where(eq(productReports.id, id))
      const [product] = await tx
        .select({ title: products.title })
        .from(products)
        .where(eq(products.id, row.productId))
      await audit(tx, ctx, {
        action: 'report.dismiss',
        target: { kind: 'report', id, label: product?.title ?? '' },
        reason: note,
        before: { status: 'open' },
        after: { status: 'dismissed' },
      })
    })
    const [report] = await listReports(ctx.db, 'closed', id)
    if (!report) throw new Error('the report vanished')
    return { report }
  },
}
