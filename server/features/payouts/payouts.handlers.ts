import { and, desc, eq, lt, or } from 'drizzle-orm'
import type { CurrencyCode } from '../../../contract/currencies'
import { PAYOUTS, PAYOUTS_FIELD } from '../../../contract/errors/payouts'
import { PAYPAL_PAYOUT_CURRENCIES } from '../../../contract/payouts.constants'
import type { PayoutScheduleView } from '../../../contract/payouts.contract'
import { payoutMethods, payoutSchedules, payouts } from '../../db/schema'
import { audit } from '../../lib/audit'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { refuseOwnAccount } from '../../lib/own-account'
import { UUID_PATTERN } from '../../lib/uuid'
import type { Handlers } from '../../rpc/context'
import { balances } from './balances'
import { markBankPayout } from './bank'
import type { PayoutServices } from './deps'
import { addMethod, destinationView, listMethods, payoutLabel, removeMethod } from './methods'
import {
  cancelPayout,
  identityStatus,
  paidBefore,
  payoutQueue,
  requestPayout,
  reviewPayout,
  sellerTimeZone,
} from './payouts.service'
import { nextRun, standardRun } from './schedule-time'
import { adminPayoutView, payoutView } from './view'
import { runWords } from './words'

const perCurrency = (table: Record<CurrencyCode, number>) =>
  Object.entries(table).map(([currency, amount]) => ({ currency: currency as CurrencyCode, amount }))

/**
 * The seller's schedule as the page shows it: its next run, and when a standard payout asked now would go,
 * each as an instant and in words in the seller's zone (what the mail and the timeline say too).
 */
async function scheduleView(deps: PayoutServices, sellerId: string): Promise<PayoutScheduleView> {
  const [row] = await deps.db.select().from(payoutSchedules).where(eq(payoutSchedules.sellerId, sellerId))
  const timeZone = await sellerTimeZone(deps, sellerId)
  const now = clock.now()
  const standard = standardRun(row, timeZone, now)
  const next = row?.methodId ? nextRun(row, timeZone, now) : null
  return {
    frequency: row?.frequency ?? 'manual',
    weekday: row?.weekday ?? null,
    monthDay: row?.monthDay ?? null,
    methodId: row?.methodId ?? null,
    minimum: row?.minimum ?? 0,
    nextRunAt: next?.toISOString() ?? null,
    nextRunText: next ? runWords(next, timeZone) : null,
    standardAt: standard.toISOString(),
    standardText: runWords(standard, timeZone),
    timeZone,
  }
}

/** The page marker of a list of payouts: the last one's creation instant and id. */
const CURSOR = new RegExp(`^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z)\\|(${UUID_PATTERN})$`)

export const payoutsHandlers: Pick<
  Handlers,
  | 'getBalances'
  | 'listPayoutMethods'
  | 'addPayoutMethod'
  | 'removePayoutMethod'
  | 'requestPayout'
  | 'listPayouts'
  | 'getPayout'
  | 'cancelPayout'
  | 'updatePayoutSchedule'
  | 'listPayoutQueue'
  | 'reviewPayout'
  | 'markBankPayout'
> = {
  getBalances: async (_input, ctx) => ({ balances: await balances(ctx.db, ctx.caller.user.id) }),

  listPayoutMethods: async (_input, ctx) => {
    const deps = ctx
    const sellerId = ctx.caller.user.id
    const terms = await ctx.terms.get()
    return {
      methods: (await listMethods(deps, sellerId)).map(destinationView),
      schedule: await scheduleView(deps, sellerId),
      identity: await identityStatus(deps, sellerId),
      firstPayout: !(await paidBefore(ctx.db, sellerId)),
      figures: {
        instantFeeBps: terms.instantFeeBps,
        holdDays: terms.holdDays,
        newMethodWaitHours: ctx.config.payouts.newMethodWaitHours,
        minimum: perCurrency(terms.payoutMinimum),
        maximum: perCurrency(terms.payoutMaximum),
        approvalOver: perCurrency(terms.approvalOver),
        paypalCurrencies: [...PAYPAL_PAYOUT_CURRENCIES],
      },
    }
  },

  addPayoutMethod: async (input, ctx) => ({
    method: destinationView(await addMethod(ctx, ctx.caller.user.id, input)),
  }),

  removePayoutMethod: async ({ methodId }, ctx) => {
    await removeMethod(ctx, ctx.caller.user.id, methodId)
    return { ok: true as const }
  },

  requestPayout: async (input, ctx) => {
    const row = await requestPayout(ctx, ctx.caller.user.id, {
      ...input,
      requestedBy: ctx.caller.user.id,
    })
    return { payout: payoutView(row, ctx.lang) }
  },

  listPayouts: async ({ cursor, limit }, ctx) => {
    const match = cursor ? CURSOR.exec(cursor) : null
    // A marker of ours names a real moment and a UUID: anything else would fail in the database, not here.
    if (cursor && (!match || Number.isNaN(Date.parse(match[1] ?? ''))))
      throw new AppError(400, PAYOUTS.pageMarkerNotValid, { fields: { cursor: PAYOUTS_FIELD.startAgain } })
    const after =
      match?.[1] && match[2]
        ? or(
            lt(payouts.createdAt, new Date(match[1])),
            and(eq(payouts.createdAt, new Date(match[1])), lt(payouts.id, match[2])),
          )
        : undefined
    const rows = await ctx.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.sellerId, ctx.caller.user.id), after))
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(limit + 1)
    const shown = rows.slice(0, limit)
    const last = shown.at(-1)
    return {
      payouts: shown.map((row) => payoutView(row, ctx.lang)),
      nextCursor: rows.length > limit && last ? `${last.createdAt.toISOString()}|${last.id}` : null,
    }
  },

  getPayout: async ({ payoutId }, ctx) => {
    const [row] = await ctx.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.id, payoutId), eq(payouts.sellerId, ctx.caller.user.id)))
    if (!row) throw new AppError(404, PAYOUTS.noSuchPayout)
    return { payout: payoutView(row, ctx.lang) }
  },

  cancelPayout: async ({ payoutId }, ctx) => ({
    payout: payoutView(await cancelPayout(ctx, ctx.caller.user.id, payoutId), ctx.lang),
  }),

  updatePayoutSchedule: async (input, ctx) => {
    const sellerId = ctx.caller.user.id
    if (input.methodId) {
      const [method] = await ctx.db
        .select()
        .from(payoutMethods)
        .where(and(eq(payoutMethods.id, input.methodId), eq(payoutMethods.sellerId, sellerId)))
      if (!method || method.removedAt)
        throw new AppError(400, PAYOUTS.choosePayoutDestinations, {
          fields: { methodId: PAYOUTS_FIELD.chooseDestination },
        })
    }
    const values = {
      frequency: input.frequency,
      weekday: input.frequency === 'weekly' ? (input.weekday ?? null) : null,
      monthDay: input.frequency === 'monthly' ? (input.monthDay ?? null) : null,
      methodId: input.methodId ?? null,
      minimum: input.minimum,
      updatedAt: clock.now(),
    }
    await ctx.db
      .insert(payoutSchedules)
      .values({ sellerId, ...values })
      .onConflictDoUpdate({ target: payoutSchedules.sellerId, set: values })
    return { schedule: await scheduleView(ctx, sellerId) }
  },

  listPayoutQueue: async (_input, ctx) => {
    const rows = await payoutQueue(ctx)
    const view = (r: (typeof rows)[number]) => adminPayoutView(r.payout, r, ctx.lang)
    return {
      approval: rows.filter((r) => r.payout.status === 'approval').map(view),
      bank: rows.filter((r) => r.payout.status === 'processing').map(view),
    }
  },

  reviewPayout: async (input, ctx) => {
    await refuseOwnPayout(ctx, input.payoutId, 'review-payout')
    return {
      payout: payoutView(
        await reviewPayout(ctx, ctx.caller.user.id, input, (tx, row) =>
          audit(tx, ctx, {
            action: input.approve ? 'payout.approve' : 'payout.reject',
            target: { kind: 'payout', id: row.id, label: payoutLabel(row) },
            reason: input.reason ?? null,
            before: { status: 'approval' },
            after: { status: row.status },
          }),
        ),
        ctx.lang,
      ),
    }
  },

  markBankPayout: async (input, ctx) => {
    await refuseOwnPayout(ctx, input.payoutId, 'mark-payout')
    return {
      payout: payoutView(
        await markBankPayout(ctx, input, async (tx) => {
          const [row] = await tx.select().from(payouts).where(eq(payouts.id, input.payoutId))
          await audit(tx, ctx, {
            action: input.outcome === 'paid' ? 'payout.mark-paid' : 'payout.mark-failed',
            target: { kind: 'payout', id: input.payoutId, label: row ? payoutLabel(row) : '' },
            reason: input.reason ?? null,
            before: { status: 'processing' },
            after: {
              status: row?.status ?? input.outcome,
              ...(input.reference ? { reference: input.reference } : {}),
            },
          })
        }),
        ctx.lang,
      ),
    }
  },
}

/** An admin's own payout is another admin's to decide (whose payout it is never changes: read first). */
async function refuseOwnPayout(
  ctx: Pick<PayoutServices, 'db'> & { caller: { user: { id: string } } },
  payoutId: string,
  action: 'review-payout' | 'mark-payout',
) {
  const [row] = await ctx.db
    .select({ sellerId: payouts.sellerId })
    .from(payouts)
    .where(eq(payouts.id, payoutId))
  refuseOwnAccount(ctx.caller.user.id, row?.sellerId, action)
}
