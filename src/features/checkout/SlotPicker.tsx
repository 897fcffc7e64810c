import { t } from '@lingui/core/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { isoToZoned } from '../../../contract/zoned-time'
import { Choice } from '../../components/Form'
import { formatTime } from '../../lib/dates'
import { addDays, checkoutQueries, SLOT_DAYS } from './checkout.queries'
import { buyerTimeZone, zoneName } from './order-format'

type Slot = { start: string; end: string }

/** A day in the buyer's zone as a key (`2026-11-24`) and its parts for the strip's tile. */
function dayOf(iso: string, timeZone: string) {
  const date = new Date(iso)
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(undefined, { timeZone, ...options }).format(date)
  return {
    key: isoToZoned(iso, timeZone).slice(0, 10),
    weekday: part({ weekday: 'short' }),
    day: part({ day: 'numeric' }),
    month: part({ month: 'short' }),
    long: part({ weekday: 'long', day: 'numeric', month: 'long' }),
  }
}

/**
 * A service's free times on one screen: a strip of the days that have any (in the buyer's own zone,
 * named, since the seller may be elsewhere), then the chosen day's times. Both are radio groups: arrow
 * keys move along the days and along the times; "Later days" fetches two more weeks.
 */
const dayLabel = (day: string, count: number) => t`${day}, ${count} free`

export function SlotPicker({
  productId,
  sellerTimeZone,
  bookAheadDays,
  value,
  onChange,
  error,
  legend,
}: {
  productId: string
  sellerTimeZone: string
  bookAheadDays: number
  value: string
  onChange: (slot: Slot) => void
  error?: string | undefined
  legend?: string
}) {
  const id = useId()
  const zone = buyerTimeZone()
  // Days are counted in the seller's zone, as their availability is.
  const today = isoToZoned(new Date().toISOString(), sellerTimeZone).slice(0, 10)
  const slots = useInfiniteQuery(checkoutQueries.slots(productId, today, addDays(today, bookAheadDays)))
  const days = new Map<string, { label: ReturnType<typeof dayOf>; times: Slot[] }>()
  for (const page of slots.data?.pages ?? [])
    for (const slot of page.slots) {
      const label = dayOf(slot.start, zone)
      const entry = days.get(label.key) ?? { label, times: [] }
      entry.times.push(slot)
      days.set(label.key, entry)
    }
  const valueDay = value ? dayOf(value, zone).key : ''
  const [picked, setPicked] = useState('')
  const chosen = days.get(picked) ?? days.get(valueDay) ?? days.values().next().value
  const weeks = ((slots.data?.pages.length ?? 1) * SLOT_DAYS) / 7
  const zoneLabel = zoneName(zone)
  const reason = slots.error?.message ?? ''
  return (
    <fieldset
      className="fieldset slot-picker"
      aria-describedby={[`${id}-zone`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
    >
      <legend>{legend ?? t`Choose a time`}</legend>
      <p className="field-hint" id={`${id}-zone`}>
        {t`Times in your time zone, ${zoneLabel}.`}
      </p>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {slots.isPending ? <p role="status">{t`Finding free times…`}</p> : null}
      {slots.isError ? (
        <p role="alert">
          {t`Free times could not be loaded: ${reason}`}{' '}
          <button type="button" className="link-button" onClick={() => void slots.refetch()}>
            {t`Try again`}
          </button>
        </p>
      ) : null}
      {slots.isSuccess && days.size === 0 && !slots.hasNextPage ? (
        <p className="empty-state" role="status">
          {weeks === 2
            ? t`No free times in the next two weeks.`
            : t`No free times in the next ${weeks} weeks.`}
        </p>
      ) : null}
      {days.size > 0 || slots.hasNextPage ? (
        <fieldset className="day-strip-set">
          <legend className="visually-hidden">{t`Day`}</legend>
          <div className="day-strip">
            {[...days.values()].map(({ label, times }) => (
              <label key={label.key} className="day-tile">
                <input
                  type="radio"
                  name={`${id}-day`}
                  value={label.key}
                  checked={chosen?.label.key === label.key}
                  onChange={() => setPicked(label.key)}
                  aria-label={dayLabel(label.long, times.length)}
                />
                <span aria-hidden="true">
                  <span className="day-tile-weekday">{label.weekday}</span>
                  <span className="day-tile-day">{label.day}</span>
                  <span className="day-tile-month">{label.month}</span>
                </span>
              </label>
            ))}
            {slots.hasNextPage ? (
              <button
                type="button"
                className="button secondary day-strip-more"
                disabled={slots.isFetchingNextPage}
                aria-busy={slots.isFetchingNextPage}
                onClick={() => void slots.fetchNextPage()}
              >
                {slots.isFetchingNextPage ? t`Loading…` : t`Later days`}
              </button>
            ) : null}
          </div>
        </fieldset>
      ) : null}
      {chosen ? (
        <fieldset className="slot-day">
          <legend>{chosen.label.long}</legend>
          <div className="slot-times">
            {chosen.times.map((slot) => (
              <Choice
                key={slot.start}
                tile="slot"
                name="slot"
                value={slot.start}
                checked={value === slot.start}
                onChoose={() => onChange(slot)}
              >
                {/* The start is what people scan for; the end is said to screen readers (the length is known). */}
                {formatTime(slot.start, { timeZone: zone })}
                <span className="visually-hidden">
                  {slotEndText(formatTime(slot.end, { timeZone: zone }))}
                </span>
              </Choice>
            ))}
          </div>
        </fieldset>
      ) : null}
    </fieldset>
  )
}

/** What a screen reader hears after a slot's start: ` to 10:30`. */
function slotEndText(end: string): string {
  return t` to ${end}`
}
