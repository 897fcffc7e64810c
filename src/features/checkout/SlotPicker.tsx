import { useInfiniteQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { isoToZoned } from '../../../contract/zoned-time'
import { Choice } from '../../components/Form'
import { formatDate, formatTime } from '../../lib/dates'
import { addDays, checkoutQueries, SLOT_DAYS } from './checkout.queries'
import { buyerTimeZone, zoneName } from './order-format'

/**
 * A service's free times, grouped by day in the buyer's own time zone (named, since the seller may be
 * elsewhere), two weeks at a time. Radio buttons: arrow keys move between the times of a day.
 */
export function SlotPicker({
  productId,
  sellerTimeZone,
  bookAheadDays,
  value,
  onChange,
  error,
}: {
  productId: string
  sellerTimeZone: string
  bookAheadDays: number
  value: string
  onChange: (slot: { start: string; end: string }) => void
  error?: string
}) {
  const id = useId()
  const zone = buyerTimeZone()
  // Days are counted in the seller's zone, as their availability is.
  const today = isoToZoned(new Date().toISOString(), sellerTimeZone).slice(0, 10)
  const slots = useInfiniteQuery(checkoutQueries.slots(productId, today, addDays(today, bookAheadDays)))
  const days = new Map<string, { start: string; end: string }[]>()
  for (const page of slots.data?.pages ?? [])
    for (const slot of page.slots) {
      const day = formatDate(slot.start, { timeZone: zone, weekday: true })
      days.set(day, [...(days.get(day) ?? []), slot])
    }
  const weeks = ((slots.data?.pages.length ?? 1) * SLOT_DAYS) / 7
  return (
    <fieldset
      className="fieldset"
      aria-describedby={[`${id}-zone`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
    >
      <legend>Choose a time</legend>
      <p className="field-hint" id={`${id}-zone`}>
        Times in your time zone, {zoneName(zone)}.
      </p>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {slots.isPending ? <p role="status">Finding free times…</p> : null}
      {slots.isError ? (
        <p role="alert">
          Free times could not be loaded: {slots.error.message}{' '}
          <button type="button" className="link-button" onClick={() => void slots.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      {slots.isSuccess && days.size === 0 ? (
        <p className="empty-state" role="status">
          {weeks === 2 ? 'No free times in the next two weeks.' : `No free times in the next ${weeks} weeks.`}
        </p>
      ) : null}
      {[...days].map(([day, times]) => (
        <fieldset key={day} className="slot-day">
          <legend>{day}</legend>
          <div className="slot-times">
            {times.map((slot) => (
              <Choice
                key={slot.start}
                tile="slot"
                name="slot"
                value={slot.start}
                checked={value === slot.start}
                onChoose={() => onChange(slot)}
              >
                {formatTime(slot.start, { timeZone: zone })}–{formatTime(slot.end, { timeZone: zone })}
              </Choice>
            ))}
          </div>
        </fieldset>
      ))}
      {slots.hasNextPage ? (
        <button
          type="button"
          className="button secondary"
          disabled={slots.isFetchingNextPage}
          aria-busy={slots.isFetchingNextPage}
          onClick={() => void slots.fetchNextPage()}
        >
          {slots.isFetchingNextPage ? 'Loading more days…' : 'Load more days'}
        </button>
      ) : null}
    </fieldset>
  )
}
