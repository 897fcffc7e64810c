import { plural, t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
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
  const { t } = useLingui()
  const door = useDoor(eventId)
  const data = door.list.data
  const title = data?.event.title ?? ''
  usePageTitle(data ? t`Check-in: ${title}` : t`Check-in`)
  const [query, setQuery] = useState('')
  if (!data)
    return (
      <section className="page narrow" aria-labelledby="door-heading">
        <p>
          <Link to="/account/check-in">
            <Trans>← Check-in</Trans>
          </Link>
        </p>
        <h1 id="door-heading">
          <Trans>Check-in</Trans>
        </h1>
        <ListState list={door.list} what={t`the attendee list`} />
      </section>
    )
  const count = counters(data, door.pending)
  const found = searchAttendees(data, query)
  const tickets = data.attendees.length
  const updated = formatTime(data.at)
  const waiting = door.pending.length
  const syncError = door.syncError
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
        <Link to="/account/check-in">
          <Trans>← Check-in</Trans>
        </Link>
      </p>
      <h1 id="door-heading">{data.event.title}</h1>
      <p className="muted">
        {formatDateTime(data.event.startsAt, { weekday: true, timeZone: data.event.timeZone })} (
        {data.event.timeZone.replace(/_/g, ' ')}) · {data.event.where}
      </p>
      <ListState list={door.list} what={t`the attendee list`} />
      <p className="notice" role="status">
        {t`On this phone: ${plural(tickets, { one: '# ticket', other: '# tickets' })}, updated ${updated}.`}{' '}
        {door.pending.length > 0
          ? t`${plural(waiting, { one: '# check-in waiting to sync.', other: '# check-ins waiting to sync.' })}`
          : t`Everything is synced.`}
      </p>
      <dl className="details door-counters" aria-label={t`Checked in`}>
        <dt>
          <Trans>Checked in</Trans>
        </dt>
        <dd>
          <strong>{count.checkedIn}</strong> / {count.sold}
        </dd>
        {count.types.map((type) => (
          <FragmentRow
            key={type.id}
            label={type.name}
            value={placesText(type.checkedIn, type.sold, type.capacity)}
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
            label={t`Ticket code or name`}
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            hint={t`Type the code under the QR, or the first letters of a name.`}
          />
          <p className="actions">
            <button type="submit" className="button" disabled={!query.trim()}>
              <Trans>Check in</Trans>
            </button>
          </p>
        </form>
      </search>
      {found.length > 0 ? (
        <ul className="plain-list door-results" aria-label={t`Tickets found`}>
          {found.map((a) => (
            <AttendeeRow key={a.code} attendee={a} onCheckIn={() => void door.checkIn(a.code)} />
          ))}
        </ul>
      ) : query.trim() ? (
        <p className="muted">
          <Trans>No ticket of this event matches.</Trans>
        </p>
      ) : null}
      <LetInTwice twice={letInTwice(data)} />
      <FormMessage message={syncError ? t`Not synced yet: ${syncError}` : null} />
      <Field
        label={t`This door`}
        name="door"
        value={door.door}
        onChange={(e) => door.setDoor(e.target.value)}
        maxLength={40}
        autoComplete="off"
        hint={t`Saved with each check-in made on this phone.`}
      />
      <p className="actions">
        <button
          type="button"
          className="button secondary"
          disabled={door.syncing || door.pending.length === 0}
          aria-busy={door.syncing}
          onClick={() => void door.sync()}
        >
          {door.syncing ? t`Syncing…` : t`Sync now`}
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
  const { t } = useLingui()
  // How long a scan took, frame to verdict on screen: `npm run bench` reads these marks.
  useEffect(() => {
    if (verdict && frameAt !== undefined) performance.measure('soko:scan-to-verdict', { start: frameAt })
  }, [verdict, frameAt])
  const holder = verdict && verdict.kind !== 'unknown' ? verdict.attendee.holder : ''
  const [tone, title, detail] = !verdict
    ? ['idle', t`Ready`, t`Find a ticket to check it in.`]
    : verdict.kind === 'valid'
      ? ['ok', t`Valid — ${holder}`, verdict.attendee.ticketType]
      : verdict.kind === 'duplicate'
        ? ['warn', t`Already checked in — ${holder}`, duplicateText(verdict.first, overruled)]
        : verdict.kind === 'refunded'
          ? ['bad', t`Refunded — ${holder}`, t`This ticket was refunded: it does not let anyone in.`]
          : ['bad', t`Not for this event`, unknownText(verdict.code)]
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
      <p className="door-verdict-title">
        <Trans>Checked in at another door first</Trans>
      </p>
      <ul>
        {reports.map((r) => (
          <li key={r.id}>
            <ReportLine report={r} />
          </li>
        ))}
      </ul>
      <p>
        <Trans>
          A ticket lets one person in. If two different people came in on it, find the second one and ask for
          their own ticket.
        </Trans>
      </p>
    </div>
  )
}

/** The attendee list's tickets checked in more than once, as every door's list shows them after a sync. */
function LetInTwice({ twice }: { twice: ReturnType<typeof letInTwice> }) {
  if (twice.length === 0) return null
  return (
    <section className="door-twice" aria-labelledby="twice-heading">
      <h2 id="twice-heading">
        <Trans>Let in twice</Trans>
      </h2>
      <p className="muted">
        <Trans>The first check-in to reach Soko let them in; the others are duplicates.</Trans>
      </p>
      <ul className="plain-list">
        {twice.map(({ attendee, first, again }) => (
          <li key={attendee.code}>
            <TwiceLine attendee={attendee} first={first} again={again} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function AttendeeRow({ attendee, onCheckIn }: { attendee: Attendee; onCheckIn: () => void }) {
  const { t } = useLingui()
  const first = attendee.checkIns[0]
  const holder = attendee.holder
  const code = attendee.code
  return (
    <li className="door-row">
      <span>
        <strong>{attendee.holder}</strong>
        <span className="muted">
          {' '}
          {attendee.ticketType} · <code>{attendee.code}</code>
          {attendee.status === 'refunded'
            ? t` · refunded`
            : first
              ? inAtText(first, attendee.checkIns.length > 1)
              : ''}
        </span>
      </span>
      <button
        type="button"
        className="button secondary"
        onClick={onCheckIn}
        aria-label={t`Check in ${holder}, ${code}`}
      >
        <Trans>Check in</Trans>
      </button>
    </li>
  )
}

/** The attendee list as CSV: holder, type, code, buyer, order, status, the valid check-in and duplicates. */
function attendeesCsv(attendees: Attendee[]): string {
  return csvLines([
    [t`Name`, t`Ticket type`, t`Code`, t`Buyer`, t`Order`, t`Status`, t`Checked in`, t`Duplicates`].map((h) =>
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

/** A ticket type's line at the door: `12 / 40 (50 places)`. */
function placesText(checkedIn: number, sold: number, capacity: number): string {
  return t`${checkedIn} / ${sold} (${capacity} places)`
}

/** Where and when a ticket was let in first; `overruled`: this phone's was answered as a duplicate. */
function duplicateText(first: { at: string; door: string }, overruled: boolean): string {
  const door = first.door
  const time = formatTime(first.at)
  return overruled ? t`At ${door}, ${time}: that check-in reached Soko first.` : t`At ${door}, ${time}.`
}

function unknownText(code: string): string {
  return t`No ticket ${code} on this event's list.`
}

/** ` · in at 19:02, Main door` (and ` · let in twice`). */
function inAtText(first: { at: string; door: string }, twice: boolean): string {
  const time = formatTime(first.at)
  const door = first.door
  return twice ? t` · in at ${time}, ${door} · let in twice` : t` · in at ${time}, ${door}`
}

function ReportLine({ report }: { report: Report }) {
  const holder = report.holder
  const firstDoor = report.first.door
  const firstTime = formatTime(report.first.at)
  const door = report.door
  const time = formatTime(report.at)
  return (
    <Trans>
      <strong>{holder}</strong>: already checked in at {firstDoor}, {firstTime}. This phone’s check-in ({door}
      , {time}) reached Soko later, so it is recorded as a duplicate.
    </Trans>
  )
}

function TwiceLine({
  attendee,
  first,
  again,
}: {
  attendee: Attendee
  first: { at: string; door: string }
  again: { at: string; door: string }[]
}) {
  const holder = attendee.holder
  const code = attendee.code
  const door = first.door
  const time = formatTime(first.at)
  const others = again.map((c) => `${c.door}, ${formatTime(c.at)}`).join('; ')
  return (
    <Trans>
      <strong>{holder}</strong> <code>{code}</code>: in at {door}, {time}; again at {others} (duplicate).
    </Trans>
  )
}
