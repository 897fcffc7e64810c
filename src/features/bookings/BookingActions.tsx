import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { Order } from '../../../contract/checkout.contract'
import { errorState, FormMessage, TextAreaField } from '../../components/Form'
import { rpc } from '../../lib/rpc'
import { checkoutQueries } from '../checkout/checkout.queries'
import { slotText } from '../checkout/order-format'
import { orderKey } from '../checkout/order-keys'
import { SlotPicker } from '../checkout/SlotPicker'
import { bookingsQueries } from './bookings.queries'

type Slot = { start: string; end: string }

/**
 * "Move" and "Cancel booking" for one booking, as its buyer (with the order's key when they bought signed
 * out) or its seller: moving picks another free time of the service on the same compact picker a buyer
 * books with; cancelling refunds in full. Both say what happened and refresh the order and the agenda.
 */
export function BookingActions({
  orderId,
  productId,
  timeZone,
  accessKey,
  as,
  onDone,
}: {
  orderId: string
  productId: string
  timeZone: string
  accessKey?: string | undefined
  as: 'buyer' | 'seller'
  /** Where to say what happened when this booking's place on the page changes with it (the agenda). */
  onDone?: (message: string) => void
}) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const id = useId()
  const [open, setOpen] = useState<'move' | 'cancel' | null>(null)
  const [slot, setSlot] = useState<Slot | null>(null)
  const [reason, setReason] = useState('')
  const [done, setDoneHere] = useState<string | null>(null)
  const setDone = (message: string | null) => (message && onDone ? onDone(message) : setDoneHere(message))
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: bookingsQueries.all() }),
      queryClient.invalidateQueries({ queryKey: checkoutQueries.all() }),
    ])
  const move = useMutation({
    mutationFn: (to: Slot) =>
      rpc('rescheduleBooking', { orderId, slot: to.start, ...(accessKey ? { key: accessKey } : {}) }),
    onSuccess: async ({ order }) => {
      setOpen(null)
      setSlot(null)
      const when = order.slot ? slotText(order.slot) : t`the new time`
      setDone(
        as === 'seller'
          ? t`Moved to ${when}. The buyer has been told.`
          : t`Moved to ${when}. The seller has been told.`,
      )
      await refresh()
    },
  })
  const cancel = useMutation({
    mutationFn: () => rpc('cancelBooking', { orderId, reason, ...(accessKey ? { key: accessKey } : {}) }),
    onSuccess: async () => {
      setOpen(null)
      setDone(
        as === 'seller'
          ? t`Cancelled. The buyer is refunded in full and has been told.`
          : t`Cancelled. Your payment is being refunded in full.`,
      )
      await refresh()
    },
  })
  const newTime = slot ? slotText(slot) : ''
  const problem = move.isError ? errorState(move.error) : cancel.isError ? errorState(cancel.error) : null
  return (
    <div className="booking-actions">
      <FormMessage message={done} tone="ok" />
      <FormMessage message={problem?.message ?? null} />
      {open === null ? (
        <p className="actions">
          <button
            type="button"
            className="button secondary"
            onClick={() => {
              setDone(null)
              move.reset()
              setOpen('move')
            }}
          >
            <Trans>Move</Trans>
          </button>
          <button
            type="button"
            className="button secondary danger"
            onClick={() => {
              setDone(null)
              cancel.reset()
              setOpen('cancel')
            }}
          >
            <Trans>Cancel booking</Trans>
          </button>
        </p>
      ) : null}
      {open === 'move' ? (
        <form
          aria-labelledby={`${id}-move`}
          onSubmit={(event) => {
            event.preventDefault()
            if (slot) move.mutate(slot)
          }}
        >
          <h3 id={`${id}-move`}>
            <Trans>Move to another time</Trans>
          </h3>
          <SlotPicker
            productId={productId}
            sellerTimeZone={timeZone}
            bookAheadDays={365}
            value={slot?.start ?? ''}
            onChange={setSlot}
            legend={t`New time`}
            error={move.isError ? problem?.errors.slot : undefined}
          />
          <p className="actions">
            <button
              type="submit"
              className="button"
              disabled={!slot || move.isPending}
              aria-busy={move.isPending}
            >
              {move.isPending ? t`Moving…` : newTime ? t`Move to ${newTime}` : t`Choose a new time`}
            </button>
            <button type="button" className="link-button" onClick={() => setOpen(null)}>
              <Trans>Keep the time</Trans>
            </button>
          </p>
        </form>
      ) : null}
      {open === 'cancel' ? (
        <form
          aria-labelledby={`${id}-cancel`}
          onSubmit={(event) => {
            event.preventDefault()
            cancel.mutate()
          }}
        >
          <h3 id={`${id}-cancel`}>
            <Trans>Cancel this booking?</Trans>
          </h3>
          <p>
            <Trans>The payment is refunded in full and the time is free again.</Trans>
          </p>
          <TextAreaField
            label={
              as === 'seller' ? t`Reason, for the buyer (optional)` : t`Reason, for the seller (optional)`
            }
            name="reason"
            rows={2}
            maxLength={300}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <p className="actions">
            <button
              type="submit"
              className="button danger"
              disabled={cancel.isPending}
              aria-busy={cancel.isPending}
            >
              {cancel.isPending ? t`Cancelling…` : t`Cancel and refund`}
            </button>
            <button type="button" className="link-button" onClick={() => setOpen(null)}>
              <Trans>Keep the booking</Trans>
            </button>
          </p>
        </form>
      ) : null}
    </div>
  )
}

/** The buyer's "Move" and "Cancel booking" on their order page, with the order's key when they have one. */
export function BookingChanges({ order }: { order: Order }) {
  const key = useQuery({
    queryKey: ['order-key', order.id],
    queryFn: async () => (await orderKey(order.id)) ?? null,
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
  })
  if (key.isPending || !order.slot) return null
  return (
    <BookingActions
      orderId={order.id}
      productId={order.product.id}
      timeZone={order.slot.timeZone}
      accessKey={key.data ?? undefined}
      as="buyer"
    />
  )
}
