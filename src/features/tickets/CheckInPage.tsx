import { Link } from '@tanstack/react-router'
import { type FormEvent, useEffect, useState } from 'react'
import type { Attendee } from '../../../contract/tickets.contract'
import { ExportCsv } from '../../components/ExportCsv'
import { Field, FormMessage } from '../../components/Form'
import { ListState } from '../../components/ListState'
import { csvField, csvLines } from '../../lib/csv'
import { fileStamp, formatDateTime, formatTime } from '../../lib/dates'
import { usePageTitle } from '../../lib/title'
import { counters, letInTwice, searchAttendees, type Verdict } from './door'
import { MessageAttendees } from './MessageAttendees'
import { Scanner } from './Scanner'
import { type Report, useDoor } from './useDoor'

/**
 * /account/check-in/$eventId: the door. The attendee list is kept on the phone; a ticket is found by its
 * code or the holder's name and checked in with no network — the verdict shows at once, the check-in is
 * recorded with its time and this door's name, and it goes to Soko when there is a network. Soko keeps the
 * first check-in of a ticket to reach it as the valid one: a phone whose check-in came second is told so
 * when it syncs, and every door's list shows the tickets let in twice.
 */
export function CheckInPage({ eventId }: { eventId: string }) {
  const door = useDoor(eventId)
  const data = door.list.data
  usePageTitle(data ? `Check-in: ${data.event.title}` : 'Check-in')
  const [query, setQuery] = useState('')
  if (!data)
    return (
      <section className="page narrow" aria-labelledby="door-heading">
        <p>
          <Link to="/account/check-in">← Check-in</Link>
        </p>
        <h1 id="door-heading">Check-in</h1>
        <ListState list={door.list} what="the attendee list" />
      </section>
    )
  const count = counters(data, door.pending)
  const found = searchAttendees(data, query)
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // Enter on a whole code checks it in; on a name, the one attendee it finds.
    const exact = data.attendees.find((a) => a.code === query.trim().toUpperCase())
    const only = found.length === 1 ? found[0] : undefined
    const target = exact ?? only
    await door.checkIn(target ? target.code : query)
    setQuery('')
  }
  return (
    <section className="page narrow door" aria-labelledby="door-heading">
      <p>
        <Link to="/account/check-in">← Check-in</Link>
      </p>
      <h1 id="door-heading">{data.event.title}</h1>
      <p className="muted">
        {formatDateTime(data.event.startsAt, { weekday: true, timeZone: data.event.timeZone })} (
        {data.event.timeZone.replace(/_/g, ' ')}) · {data.event.where}
      </p>
      <ListState list={door.list} what="the attendee list" />
      <p className="notice" role="status">
        On this phone: {data.attendees.length} ticket{data.attendees.length === 1 ? '' : 's'}, updated{' '}
        {formatTime(data.at)}.{' '}
        {door.pending.length > 0
          ? `${door.pending.length} check-in${door.pending.length === 1 ? '' : 's'} waiting to sync.`
          : 'Everything is synced.'}
      </p>
      <dl className="details door-counters" aria-label="Checked in">
        <dt>Checked in</dt>
        <dd>
          <strong>{count.checkedIn}</strong> / {count.sold}
        </dd>
        {count.types.map((type) => (
          <FragmentRow
            key={type.id}
            label={type.name}
            value={`${type.checkedIn} / ${type.sold} (${type.capacity} places)`}
          />
        ))}
      </dl>
      <VerdictPanel
        verdict={door.verdict?.verdict ?? null}
        frameAt={door.verdict?.frameAt}
        overruled={door.verdict?.overruled ?? false}
      />
      <SyncReports reports={door.reports} />
      <Scanner onCode={(code, frameAt) => void door.checkIn(code, frameAt)} />
      <search>
        <form className="door-search" onSubmit={(e) => void onSubmit(e)}>
          <Field
            label="Ticket code or name"
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            hint="Type the code under the QR, or the first letters of a name."
          />
          <p className="actions">
            <button type="submit" className="button" disabled={!query.trim()}>
              Check in
            </button>
          </p>
        </form>
      </search>
      {found.length > 0 ? (
        <ul className="plain-list door-results" aria-label="Tickets found">
          {found.map((a) => (
            <AttendeeRow key={a.code} attendee={a} onCheckIn={() => void door.checkIn(a.code)} />
          ))}
        </ul>
      ) : query.trim() ? (
        <p className="muted">No ticket of this event matches.</p>
      ) : null}
      <LetInTwice twice={letInTwice(data)} />
      <FormMessage message={door.syncError ? `Not synced yet: ${door.syncError}` : null} />
      <Field
        label="This door"
        name="door"
        value={door.door}
        onChange={(e) => door.setDoor(e.target.value)}
        maxLength={40}
        autoComplete="off"
        hint="Saved with each check-in made on this phone."
      />
      <p className="actions">
        <button
          type="button"
          className="button secondary"
          disabled={door.syncing || door.pending.length === 0}
          aria-busy={door.syncing}
          onClick={() => void door.sync()}
        >
          {door.syncing ? 'Syncing…' : 'Sync now'}
        </button>
      </p>
      <MessageAttendees eventId={eventId} />
      <ExportCsv
        make={async () => ({
          text: attendeesCsv(data.attendees),
          name: `soko-attendees-${data.event.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.csv`,
          rows: data.attendees.length,
        })}
      />
    </section>
  )
}

function FragmentRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  )
}

/** The verdict, large, coloured and announced: what the person at the door needs in a glance. */
function VerdictPanel({
  verdict,
  frameAt,
  overruled,
}: {
  verdict: Verdict | null
  frameAt?: number | undefined
  /** Shown valid here, answered as a duplicate when this phone synced. */
  overruled: boolean
}) {
  // How long a scan took, frame to verdict on screen: `npm run bench` reads these marks.
  useEffect(() => {
    if (verdict && frameAt !== undefined) performance.measure('soko:scan-to-verdict', { start: frameAt })
  }, [verdict, frameAt])
  const [tone, title, detail] = !verdict
    ? ['idle', 'Ready', 'Find a ticket to check it in.']
    : verdict.kind === 'valid'
      ? ['ok', `Valid — ${verdict.attendee.holder}`, verdict.attendee.ticketType]
      : verdict.kind === 'duplicate'
        ? [
            'warn',
            `Already checked in — ${verdict.attendee.holder}`,
            `At ${verdict.first.door}, ${formatTime(verdict.first.at)}${overruled ? ': that check-in reached Soko first.' : '.'}`,
          ]
        : verdict.kind === 'refunded'
          ? [
              'bad',
              `Refunded — ${verdict.attendee.holder}`,
              'This ticket was refunded: it does not let anyone in.',
            ]
          : ['bad', 'Not for this event', `No ticket ${verdict.code} on this event's list.`]
  return (
    <div className={`door-verdict door-verdict-${tone}`} role="status" aria-live="assertive">
      <p className="door-verdict-title">{title}</p>
      <p>{detail}</p>
    </div>
  )
}

/**
 * What this phone's last syncs found: check-ins it made that Soko already had from another door. Announced
 * as they arrive; the person at the door learns the ticket was used twice and what to do about it.
 */
function SyncReports({ reports }: { reports: Report[] }) {
  if (reports.length === 0) return null
  return (
    <div className="status status-pending door-reports" role="alert">
      <p className="door-verdict-title">Checked in at another door first</p>
      <ul>
        {reports.map((r) => (
          <li key={r.id}>
            <strong>{r.holder}</strong>: already checked in at {r.first.door}, {formatTime(r.first.at)}. This
            phone’s check-in ({r.door}, {formatTime(r.at)}) reached Soko later, so it is recorded as a
            duplicate.
          </li>
        ))}
      </ul>
      <p>
        A ticket lets one person in. If two different people came in on it, find the second one and ask for
        their own ticket.
      </p>
    </div>
  )
}

/** The attendee list's tickets checked in more than once, as every door's list shows them after a sync. */
function LetInTwice({ twice }: { twice: ReturnType<typeof letInTwice> }) {
  if (twice.length === 0) return null
  return (
    <section className="door-twice" aria-labelledby="twice-heading">
      <h2 id="twice-heading">Let in twice</h2>
      <p className="muted">The first check-in to reach Soko let them in; the others are duplicates.</p>
      <ul className="plain-list">
        {twice.map(({ attendee, first, again }) => (
          <li key={attendee.code}>
            <strong>{attendee.holder}</strong> <code>{attendee.code}</code>: in at {first.door},{' '}
            {formatTime(first.at)}; again at {again.map((c) => `${c.door}, ${formatTime(c.at)}`).join('; ')}{' '}
            (duplicate).
          </li>
        ))}
      </ul>
    </section>
  )
}

function AttendeeRow({ attendee, onCheckIn }: { attendee: Attendee; onCheckIn: () => void }) {
  const first = attendee.checkIns[0]
  return (
    <li className="door-row">
      <span>
        <strong>{attendee.holder}</strong>
        <span className="muted">
          {' '}
          {attendee.ticketType} · <code>{attendee.code}</code>
          {attendee.status === 'refunded'
            ? ' · refunded'
            : first
              ? ` · in at ${formatTime(first.at)}, ${first.door}${attendee.checkIns.length > 1 ? ' · let in twice' : ''}`
              : ''}
        </span>
      </span>
      <button
        type="button"
        className="button secondary"
        onClick={onCheckIn}
        aria-label={`Check in ${attendee.holder}, ${attendee.code}`}
      >
        Check in
      </button>
    </li>
  )
}

/** The attendee list as CSV: holder, type, code, buyer, order, status, the valid check-in and duplicates. */
function attendeesCsv(attendees: Attendee[]): string {
  return csvLines([
    ['Name', 'Ticket type', 'Code', 'Buyer', 'Order', 'Status', 'Checked in', 'Duplicates'].map((h) =>
      csvField(h),
    ),
    ...attendees.map((a) =>
      [
        a.holder,
        a.ticketType,
        a.code,
        a.buyerEmail,
        a.reference,
        a.status,
        a.checkIns[0] ? `${fileStamp(a.checkIns[0].at)} ${a.checkIns[0].door}` : '',
        a.checkIns
          .slice(1)
          .map((c) => `${fileStamp(c.at)} ${c.door}`)
          .join('; '),
      ].map((v) => csvField(v)),
    ),
  ])
}
