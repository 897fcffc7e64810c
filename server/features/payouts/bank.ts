import { and, eq } from 'drizzle-orm'
import { PAYOUTS } from '../../../contract/errors/payouts'
import type { Tx } from '../../db/client'
import { payouts } from '../../db/schema'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import type { PayoutServices } from './deps'
import { PAYOUT_NOTES } from './notes'
import { applyTransfer } from './send'
import type { PayoutRow } from './view'

/**
 * A bank transfer an admin made by hand (there is no bank API here): paid with the bank's reference, or
 * failed with the reason, which the seller reads. It goes through the same path as a provider's answer.
 */
export async function markBankPayout(
  deps: PayoutServices,
  input: {
    payoutId: string
    outcome: 'paid' | 'failed'
    reference?: string | undefined
    reason?: string | undefined
  },
  onApplied?: (tx: Tx) => Promise<void>,
): Promise<PayoutRow> {
  const [row] = await deps.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.id, input.payoutId), eq(payouts.rail, 'bank')))
  if (!row) throw new AppError(404, PAYOUTS.noSuchBankPayout)
  if (row.status !== 'processing') throw new AppError(409, PAYOUTS.bankPayoutNotWaiting)
  const key = row.sendKey ?? row.id
  await applyTransfer(
    deps,
    'bank',
    { id: key },
    input.outcome === 'paid'
      ? { state: 'done', providerRef: input.reference ?? null }
      : { state: 'failed', code: 'bank', message: input.reason ?? PAYOUT_NOTES.bankFailed.message },
    clock.now(),
    onApplied,
  )
  const [after] = await deps.db.select().from(payouts).where(eq(payouts.id, row.id))
  if (!after) throw new Error('payout vanished')
  return after
}
