import type { AttendeeList } from '../../../contract/tickets.contract'
import { CHECK_IN_RESULTS } from '../../../contract/tickets.contract'
import { clock } from '../../lib/clock'
import { escapeHtml } from '../../lib/html'
import { DOOR } from './door-words'
import { button, formMessage, hidden, input } from './fields'
import { type PlainKit, type PlainRequest, refusalIn, runFor } from './kit'
import { tokenField } from './layout'
import { type Words, wordsFor } from './words'

/**
 * The door without script (a phone whose browser runs none, a borrowed handset): the seller's events to
 * choose, then an event's page with one field for a ticket's code. Each code is posted (door.routes.ts)
 * through the same `syncCheckIns` the app's door sends, so the first check-in to reach Soko lets the
 * person in, whichever door or page made it. There is no list kept on the phone here: every code needs
 * the network, which is what a browser without script has anyway.
 */

export type CheckInResult = (typeof CHECK_IN_RESULTS)[number]

/** What the last code posted came to, as the post's redirect names it; or a refusal of the code itself. */
export interface DoorOutcome {
  code: string
  result?: CheckInResult
  /** The contract refused the code (its format): said next to the field. */
  refused?: string
}

/** The event's door page's address. */
export const doorPath = (eventId: string) => `/account/check-in/${encodeURIComponent(eventId)}`

/** Signed out: the sign-in form, which comes back to this page. */
function signInForm(req: PlainRequest, w: Words): string {
  const next = new URL(req.c.req.url).pathname
  return `<h1>${w.say(DOOR.title)}</h1><p>${w.say(DOOR.signInFirst)}</p><form method="post" action="/login" class="form">${tokenField(req.formToken)}${hidden('next', next)}${input({ label: w.text(DOOR.email), name: 'email', type: 'email', autocomplete: 'email' })}${input({ label: w.text(DOOR.password), name: 'password', type: 'password', autocomplete: 'current-password' })}${button(w.text(DOOR.signIn))}</form>`
}

/** Signed in without a storefront: said plainly, with the way to one. */
const notSeller = (w: Words) =>
  `<h1>${w.say(DOOR.title)}</h1>${formMessage(w.text(DOOR.notSeller))}<p><a class="button" href="/register">${w.say(DOOR.setUpStore)}</a></p>`

/** /account/check-in: the seller's events on sale, soonest first, each a link to its door page. */
export async function doorEventsMain(kit: PlainKit, req: PlainRequest): Promise<string> {
  const w = wordsFor(req)
  if (!req.caller) return signInForm(req, w)
  const listed = await runFor(kit, req, 'listMyProducts', { kinds: ['event'] })
  if (!listed.ok)
    return listed.error.status === 403
      ? notSeller(w)
      : `<h1>${w.say(DOOR.title)}</h1>${formMessage(refusalIn(req.lang, listed.error).message)}`
  const events = listed.data.products
    .flatMap((p) => (p.kind === 'event' && p.status === 'published' ? [p] : []))
    .sort((a, b) => a.details.startsAt.localeCompare(b.details.startsAt))
  const heading = `<h1>${w.say(DOOR.title)}</h1><p class="lead">${w.say(DOOR.choose)}</p>`
  if (events.length === 0)
    return `${heading}<p>${w.say(DOOR.noEvents)}</p><p><a class="button" href="/account/new-product">${w.say(DOOR.addEvent)}</a></p>`
  const now = clock.now().toISOString()
  const items = events.map((event) => {
    const time = w.time(event.details.startsAt, event.details.timeZone)
    const date = event.details.startsAt < now ? w.text(DOOR.started, { time }) : time
    return `<li class="card"><h2 class="sale-title"><a href="${escapeHtml(doorPath(event.id))}">${escapeHtml(event.title)}</a></h2><p class="muted">${escapeHtml(date)}</p></li>`
  })
  return `${heading}<ul class="cards">${items.join('')}</ul>`
}

/** The outcome a door page was redirected with (`?code=…&result=…`), if any. */
export function outcomeOf(req: PlainRequest): DoorOutcome | null {
  const code = req.c.req.query('code')?.trim().slice(0, 64) ?? ''
  const result = req.c.req.query('result')
  const known = CHECK_IN_RESULTS.find((r) => r === result)
  return code && known ? { code, result: known } : null
}

/**
 * An event's door page: its name and how many are in, what the last code came to (large, green when the
 * person may go in, red when not and why), and the field, empty and focused for the next code.
 */
export async function doorMain(
  kit: PlainKit,
  req: PlainRequest,
  eventId: string,
  outcome: DoorOutcome | null,
): Promise<string> {
  const w = wordsFor(req)
  if (!req.caller) return signInForm(req, w)
  const back = `<p><a href="/account/check-in">${w.say(DOOR.allEvents)}</a></p>`
  const read = await runFor(kit, req, 'listAttendees', { eventId })
  if (!read.ok) {
    if (read.error.status === 403) return notSeller(w)
    // Another seller's event, or an address naming none: the same to anyone who is not its seller.
    const said = read.error.status === 404 || read.error.status === 400 ? w.text(DOOR.noSuchEvent) : null
    return `<h1>${w.say(DOOR.title)}</h1>${formMessage(said ?? refusalIn(req.lang, read.error).message)}${back}`
  }
  const list = read.data
  const sold = list.types.reduce((sum, type) => sum + type.sold, 0)
  const checkedIn = list.types.reduce((sum, type) => sum + type.checkedIn, 0)
  const form = `<form method="post" action="${escapeHtml(doorPath(eventId))}" class="form" novalidate>${tokenField(req.formToken)}${input({ label: w.text(DOOR.code), name: 'code', autocomplete: 'off', autocapitalize: 'characters', autofocus: true, hint: w.text(DOOR.codeHint), value: outcome?.refused ? outcome.code : undefined, error: outcome?.refused })}${button(w.text(DOOR.checkIn))}</form>`
  return [
    back,
    `<h1>${escapeHtml(list.event.title)}</h1>`,
    `<p class="muted">${escapeHtml(w.time(list.event.startsAt, list.event.timeZone))} · ${escapeHtml(list.event.where)}</p>`,
    `<p><strong>${w.say(DOOR.checkedIn, { checkedIn, sold })}</strong></p>`,
    outcome?.result ? verdict(w, list, outcome.code, outcome.result) : '',
    form,
  ].join('')
}

/** The last code's verdict, as the app's door shows one: a coloured box, its title large. */
function verdict(w: Words, list: AttendeeList, code: string, result: CheckInResult): string {
  const attendee = list.attendees.find((a) => a.code === code)
  const box = (tone: 'ok' | 'bad', title: string, detail: string) =>
    `<div class="door-verdict door-verdict-${tone}" role="${tone === 'ok' ? 'status' : 'alert'}"><p class="door-verdict-title">${escapeHtml(title)}</p><p>${escapeHtml(detail)}</p></div>`
  // Refused before any list: a code no ticket of this event carries.
  if (result === 'unknown') return box('bad', w.text(DOOR.notThisEvent), w.text(DOOR.unknown, { code }))
  if (result === 'other-event')
    return box('bad', w.text(DOOR.notThisEvent), w.text(DOOR.otherEvent, { code }))
  if (result === 'id-reused') return box('bad', w.text(DOOR.notRecorded, { code }), '')
  // The others name a ticket of this event's list; an address naming one it lacks says nothing.
  if (!attendee) return ''
  const holder = attendee.holder || code
  if (result === 'refunded') return box('bad', w.text(DOOR.refunded, { holder }), w.text(DOOR.refundedText))
  const first = attendee.checkIns[0]
  if (result === 'duplicate')
    return box(
      'bad',
      w.text(DOOR.already, { holder }),
      first
        ? w.text(DOOR.alreadyAt, { time: w.clockTime(first.at, list.event.timeZone), door: first.door })
        : '',
    )
  // Admitted: the list holds the check-in that let them in (an address claiming one it lacks is ignored).
  if (!first) return ''
  return box(
    'ok',
    w.text(DOOR.admitted, { holder }),
    w.text(DOOR.admittedType, { ticketType: attendee.ticketType, code }),
  )
}
