import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import type { PayoutRail } from '../../../contract/payouts.constants'
import type { Tx } from '../../db/client'
import { payouts, users } from '../../db/schema'
import { clock } from '../../lib/clock'
import { isUuid } from '../../lib/uuid'
import { type PayoutRequest, type TransferState, transferMatches } from '../../payments/provider'
import { emitEvent, payoutObject } from '../webhooks'
import type { PayoutServices } from './deps'
import { explain, failureColumns, failureTitle, neverSent, retryDelayMs } from './failures'
import { postBack, postSent } from './ledger'
import { methodLabel } from './methods'
import { note, PAYOUT_NOTES } from './notes'
import { alertPayoutMismatch, notifyFailed, notifyPaid } from './notify'
import { type PayoutRow, step } from './view'
import { RAIL_NAMES } from './words'

/** The step of a payout paid: where to and, when the provider gave one, its receipt. */
function paidNote(row: PayoutRow, receipt: string | null) {
  const destination = methodLabel(row.destination)
  if (!receipt) return note(PAYOUT_NOTES.paid, { destination })
  if (row.rail === 'bank') return note(PAYOUT_NOTES.paidBankReceipt, { destination, receipt })
  return note(PAYOUT_NOTES.paidReceipt, { destination, rail: RAIL_NAMES[row.rail], receipt })
}

export const payoutIdOf = (key: string) => key.split('.')[0] ?? key

function payoutRequest(row: PayoutRow, key: string): PayoutRequest {
  const d = row.destination
  return {
    id: key,
    amount: { amount: row.amount - row.fee, currency: row.currency },
    to:
      d.kind === 'mpesa'
        ? { kind: 'mpesa', phone: d.phone }
        : { kind: 'paypal', email: d.kind === 'paypal' ? d.email : '' },
    // i18n-ignore: the remark sent to the provider with the transfer
    remarks: 'Soko payout',
  }
}

/** Payouts of a seller an admin suspended are paused: they wait, untouched, until the seller is reinstated. */
export const sellerActive = sql`not exists (select 1 from ${users} where ${users.id} = ${payouts.sellerId} and ${users.suspendedAt} is not null)`

/** A payout that may be sent now: `sending`, due (or never given a time), its seller not suspended. */
const sendable = (now: Date) =>
  and(eq(payouts.status, 'sending'), or(isNull(payouts.dueAt), lte(payouts.dueAt, now)), sellerActive)

/**
 * What claiming a send writes: one more attempt, the send key (kept from an earlier try), and the lease
 * (PAYOUT_SEND_LEASE_SECONDS) as its due time, so no other instance sends it meanwhile and a crash leaves
 * it to be sent again after the lease.
 */
const sendLease = (deps: PayoutServices, now: Date) => ({
  attempts: sql`${payouts.attempts} + 1`,
  dueAt: new Date(now.getTime() + deps.config.payouts.sendLeaseSeconds * 1000),
  sendKey: sql`coalesce(${payouts.sendKey}, ${payouts.id}::text)`,
  updatedAt: now,
})

/**
 * Sends a payout that is `sending` and due: claims it (so two instances never both send), then sends the
 * claimed row (sendClaimed). Returns the payout as it then stands.
 */
export async function sendPayout(
  deps: PayoutServices,
  payoutId: string,
  now = clock.now(),
): Promise<PayoutRow | null> {
  const [row] = await deps.db
    .update(payouts)
    .set(sendLease(deps, now))
    .where(and(eq(payouts.id, payoutId), sendable(now)))
    .returning()
  if (!row) return current(deps, payoutId)
  return sendClaimed(deps, row, now)
}

/**
 * Claims up to `limit` payouts that may be sent now, in one statement: first those this sweep itself moved
 * to sending (`own`), then the oldest due. Rows another instance is claiming at this moment are skipped,
 * not waited for, so instances sweeping at once each take a different batch; preferring its own, an
 * instance whose view predates another's batch does not end up with that batch's leftovers.
 */
export async function claimSends(
  deps: PayoutServices,
  now: Date,
  limit: number,
  own: string[] = [],
): Promise<PayoutRow[]> {
  const due = deps.db.$with('due').as(
    deps.db
      .select({ id: payouts.id })
      .from(payouts)
      .where(sendable(now))
      .orderBy(...(own.length > 0 ? [desc(inArray(payouts.id, own))] : []), payouts.dueAt)
      .limit(limit)
      .for('update', { skipLocked: true }),
  )
  return deps.db
    .with(due)
    .update(payouts)
    .set(sendLease(deps, now))
    .where(inArray(payouts.id, deps.db.select({ id: due.id }).from(due)))
    .returning()
}

/**
 * Sends a payout this instance has claimed: asks its provider with the send key, which makes asking again
 * after a crash harmless. A bank payout waits for an admin to make the transfer. Returns the payout as it
 * then stands.
 */
export async function sendClaimed(
  deps: PayoutServices,
  row: PayoutRow,
  now: Date,
): Promise<PayoutRow | null> {
  const key = row.sendKey ?? row.id
  if (row.rail === 'bank') {
    await deps.db
      .update(payouts)
      .set({
        status: 'processing',
        dueAt: null,
        timeline: step(row, 'processing', note(PAYOUT_NOTES.bankWaiting)),
      })
      .where(eq(payouts.id, row.id))
    return current(deps, row.id)
  }
  const provider = deps.gateway.providers[row.rail]
  if (!provider.payOut) throw new Error(`${row.rail} cannot pay out`)
  let state: TransferState
  try {
    state = await provider.payOut(payoutRequest(row, key))
  } catch (error) {
    // Nothing known: the provider may or may not have it. The same key is sent again later, so a payout
    // it did take is never paid twice; the first wait is the send lease, doubled with each try.
    const waitMs = sendRetryMs(deps, row.attempts)
    deps.log.warn('payout send failed; it will be sent again', {
      payoutId: row.id,
      attempts: row.attempts,
      error,
    })
    await deps.db
      .update(payouts)
      .set({ dueAt: new Date(now.getTime() + waitMs) })
      .where(and(eq(payouts.id, row.id), eq(payouts.status, 'sending')))
    return current(deps, row.id)
  }
  await applyTransfer(deps, row.rail, { id: key }, state, now)
  return current(deps, row.id)
}

/** Up to an hour: a payout is never left for longer than that without being tried again. */
const MAX_SEND_WAIT_MS = 60 * 60_000

/**
 * How long a send that ended without an answer (the connection failed, a proxy answered 502) waits before
 * its `attempts`-th retry: the send lease (PAYOUT_SEND_LEASE_SECONDS), as after a crash, doubled each time.
 */
export const sendRetryMs = (deps: Pick<PayoutServices, 'config'>, attempts: number) =>
  Math.min(2 ** Math.max(attempts - 1, 0) * deps.config.payouts.sendLeaseSeconds * 1000, MAX_SEND_WAIT_MS)

async function current(deps: Pick<PayoutServices, 'db'>, payoutId: string) {
  const [row] = await deps.db.select().from(payouts).where(eq(payouts.id, payoutId))
  return row ?? null
}

/**
 * What a provider says about a send: on its way, paid, or failed. Applied once under the payout's row lock
 * and only to a payout of that rail; a failure naming an earlier send key than the current one is stale.
 * Paid moves the money out of the ledger's outgoing account; a failure that will not pass returns it to
 * the seller; one that will pass (the platform's float, a busy system) is sent again later with a new key.
 */
export async function applyTransfer(
  deps: PayoutServices,
  rail: PayoutRail,
  target: { id: string; providerRef?: string },
  state: TransferState,
  now = clock.now(),
  /** Runs in the same transaction once the state is applied: an admin's audit entry. */
  onApplied?: (tx: Tx) => Promise<void>,
): Promise<'applied' | 'ignored' | 'unknown'> {
  const payoutId = payoutIdOf(target.id)
  if (!isUuid(payoutId)) return 'unknown'
  // Asked about if its result has not come by then (PAYOUT_CHECK_AFTER_SECONDS).
  const firstCheckMs = deps.config.payouts.checkAfterSeconds * 1000
  let told: PayoutRow | null = null
  let mismatch: { row: PayoutRow; got: string } | null = null
  const apply = async (tx: Tx) => {
    const [row] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update')
    if (!row || row.rail !== rail) return 'unknown' as const
    const key = row.sendKey ?? row.id
    const open = row.status === 'sending' || row.status === 'processing'
    if (state.state === 'done') {
      if (row.status === 'paid') return 'ignored' as const
      if (!open) {
        // Money reported sent for a payout already given back: the books need a person.
        deps.log.error('a payout reported paid after it was given back: reconcile by hand', {
          payoutId,
          rail,
        })
        return 'ignored' as const
      }
      const sent = payoutRequest(row, key).amount
      if (!transferMatches(state, sent)) {
        // Not the money that was sent: nothing settles. Its provider is asked again later (checkLate);
        // meanwhile the admins look.
        mismatch = { row, got: `${state.amount?.currency} ${state.amount?.amount}` }
        await tx
          .update(payouts)
          .set({ status: 'processing', dueAt: new Date(now.getTime() + firstCheckMs), updatedAt: now })
          .where(eq(payouts.id, row.id))
        return 'applied' as const
      }
      const receipt = state.providerRef
      const [paid] = await tx
        .update(payouts)
        .set({
          status: 'paid',
          receipt,
          paidAt: now,
          dueAt: null,
          updatedAt: now,
          failureCode: null,
          failureTitle: null,
          failureText: null,
          failureAction: null,
          failureTitleCode: null,
          failureTextCode: null,
          failureParams: null,
          timeline: step(row, 'paid', paidNote(row, receipt), now),
        })
        .where(eq(payouts.id, row.id))
        .returning()
      await postSent(tx, row)
      told = paid ?? null
      return 'applied' as const
    }
    if (target.id !== key || !(open || (state.state === 'failed' && state.returned && row.status === 'paid')))
      return 'ignored' as const
    if (state.state === 'pending') {
      await tx
        .update(payouts)
        .set({
          status: 'processing',
          providerRef: state.providerRef || row.providerRef,
          dueAt: new Date(now.getTime() + firstCheckMs),
          updatedAt: now,
          timeline:
            row.status === 'processing'
              ? row.timeline
              : step(
                  row,
                  'processing',
                  row.rail === 'bank'
                    ? note(PAYOUT_NOTES.sentBank)
                    : note(PAYOUT_NOTES.sent, { rail: RAIL_NAMES[row.rail] }),
                  now,
                ),
        })
        .where(eq(payouts.id, row.id))
      return 'applied' as const
    }
    const failure = explain(rail, state)
    if (neverSent(state) || failure.action === 'ask-status') {
      // Not known to have failed: ask again (or send again, when the provider has no record of it).
      await tx
        .update(payouts)
        .set({
          status: neverSent(state) ? 'sending' : 'processing',
          dueAt: new Date(now.getTime() + (neverSent(state) ? 0 : firstCheckMs)),
          updatedAt: now,
          timeline: step(row, row.status, failureTitle(failure), now),
        })
        .where(eq(payouts.id, row.id))
      return 'applied' as const
    }
    if ((failure.action === 'we-retry' || failure.action === 'admins') && !state.returned) {
      const retryAt = new Date(now.getTime() + retryDelayMs(failure, state.code))
      if (failure.action === 'admins' || state.code === '1')
        deps.log.error('payouts are held up: an operator must act', { payoutId, rail, code: state.code })
      await tx
        .update(payouts)
        .set({
          status: 'sending',
          sendKey: `${row.id}.${row.attempts + 1}`,
          dueAt: retryAt,
          updatedAt: now,
          failureCode: state.code ?? null,
          ...failureColumns(failure),
          timeline: step(
            row,
            'sending',
            note(PAYOUT_NOTES.retrying, {
              title: failureTitle(failure),
              when: { at: retryAt.toISOString(), zone: 'Africa/Nairobi' },
            }),
            now,
          ),
        })
        .where(eq(payouts.id, row.id))
      return 'applied' as const
    }
    const status = state.returned ? ('returned' as const) : ('failed' as const)
    const [ended] = await tx
      .update(payouts)
      .set({
        status,
        dueAt: null,
        updatedAt: now,
        failureCode: state.code ?? null,
        ...failureColumns(failure),
        timeline: step(row, status, note(PAYOUT_NOTES.moneyBack, { title: failureTitle(failure) }), now),
      })
      .where(eq(payouts.id, row.id))
      .returning()
    await postBack(tx, row, row.status === 'paid')
    told = ended ?? null
    return 'applied' as const
  }
  const outcome = await deps.db.transaction(async (tx) => {
    const result = await apply(tx)
    if (result === 'applied' && onApplied) await onApplied(tx)
    const ended = told as PayoutRow | null
    if (ended)
      await emitEvent(tx, {
        sellerId: ended.sellerId,
        type: ended.status === 'paid' ? 'payout.paid' : 'payout.failed',
        objectId: ended.id,
        object: payoutObject(ended),
      })
    return result
  })
  if (told) await ((told as PayoutRow).status === 'paid' ? notifyPaid(deps, told) : notifyFailed(deps, told))
  if (mismatch) await payoutMismatch(deps, mismatch)
  return outcome
}

/** A provider's "paid" for another amount than the payout sent: logged with both figures, and admins told. */
async function payoutMismatch(deps: PayoutServices, { row, got }: { row: PayoutRow; got: string }) {
  const sent = payoutRequest(row, row.sendKey ?? row.id).amount
  const expected = `${sent.currency} ${sent.amount}`
  deps.log.error('a payout result names another amount than was sent: nothing settled', {
    payoutId: row.id,
    rail: row.rail,
    expected,
    got,
  })
  await alertPayoutMismatch(deps, row, { sent, got, expected })
}

/** Asks the provider about payouts on their way whose result is late; the answer comes back as a transfer. */
export async function checkLate(deps: PayoutServices, now = clock.now()) {
  const late = await deps.db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.status, 'processing'),
        inArray(payouts.rail, ['mpesa', 'paypal']),
        lte(payouts.dueAt, now),
      ),
    )
    .limit(20)
  const firstCheckMs = deps.config.payouts.checkAfterSeconds * 1000
  for (const row of late) {
    const waited = now.getTime() - row.updatedAt.getTime()
    const next = new Date(now.getTime() + Math.min(Math.max(waited, firstCheckMs), 60 * 60_000))
    const [claimed] = await deps.db
      .update(payouts)
      .set({ dueAt: next })
      .where(and(eq(payouts.id, row.id), eq(payouts.status, 'processing'), lte(payouts.dueAt, now)))
      .returning()
    const provider = deps.gateway.providers[row.rail as 'mpesa' | 'paypal']
    if (!claimed || !provider.checkPayout) continue
    const key = claimed.sendKey ?? claimed.id
    try {
      const state = await provider.checkPayout({
        id: key,
        providerRef: claimed.providerRef,
        amount: { amount: claimed.amount - claimed.fee, currency: claimed.currency },
      })
      // M-Pesa answers the status later, at the payout's result address: `pending` now changes nothing.
      if (state.state !== 'pending') await applyTransfer(deps, claimed.rail, { id: key }, state, now)
    } catch (error) {
      deps.log.warn('asking about a payout failed; asked again later', { payoutId: row.id, error })
    }
  }
}
