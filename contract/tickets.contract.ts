import { z } from 'zod'
import { defineSubject } from './rpc'
import { say } from './say'

/**
 * Event tickets at the door: the attendee list a seller downloads to their phone before doors open, and the
 * check-ins its devices recorded (offline too) sent back in batches. Codes are the tickets' own.
 */

const eventId = z.uuid({ error: say(/*i18n*/ { id: 'tickets.chooseEvent', message: 'Choose an event' }) })

export const attendee = z.object({
  code: z.string(),
  holder: z.string(),
  ticketTypeId: z.string(),
  ticketType: z.string(),
  buyerEmail: z.string(),
  reference: z.string(),
  /** Refunded (or being refunded) tickets let nobody in. */
  status: z.enum(['valid', 'refunded']),
  /**
   * Every check-in recorded for it: first the valid one (the first to reach Soko, which let them in), then
   * its duplicates in the order they reached Soko.
   */
  checkIns: z.array(z.object({ at: z.string(), door: z.string() })),
})
export type Attendee = z.infer<typeof attendee>

export const attendeeList = z.object({
  event: z.object({
    id: z.string(),
    title: z.string(),
    startsAt: z.string(),
    endsAt: z.string().nullable(),
    timeZone: z.string(),
    where: z.string(),
  }),
  /** Per ticket type: its capacity, tickets sold (not refunded) and checked in. */
  types: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      capacity: z.number().int(),
      sold: z.number().int(),
      checkedIn: z.number().int(),
    }),
  ),
  attendees: z.array(attendee),
  /** When the list was made, for the device's "last updated". */
  at: z.string(),
})
export type AttendeeList = z.infer<typeof attendeeList>

/**
 * `id-reused`: the scan's id is already stored for another ticket. Nothing was recorded for this scan; a
 * device sends it again under a new id.
 */
export const CHECK_IN_RESULTS = [
  'valid',
  'duplicate',
  'refunded',
  'other-event',
  'unknown',
  'id-reused',
] as const

export const ticketsContract = {
  listAttendees: defineSubject({
    kind: 'query',
    access: 'seller',
    summary:
      'An event’s attendees for its seller: every ticket with its holder, type, buyer, status and check-ins, ' +
      'and per ticket type the capacity, sold and checked in. The list a door device keeps for offline.',
    input: z.strictObject({ eventId }),
    output: attendeeList,
  }),
  syncCheckIns: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary:
      'Records check-ins a door device made (offline too), each once by its id, and answers for each: valid ' +
      '(the first for its ticket to reach Soko, whatever the devices’ clocks say), duplicate (with the valid ' +
      'one’s time and door), refunded, another event, unknown, or id-reused (the id is stored for another ' +
      'ticket: nothing recorded). A check-in sent again gets the answer it got before.',
    input: z.strictObject({
      eventId,
      deviceId: z.string().trim().min(8).max(64),
      door: z
        .string()
        .trim()
        .min(1, say(/*i18n*/ { id: 'tickets.nameDoor', message: 'Name this door' }))
        .max(40, say(/*i18n*/ { id: 'tickets.keepDoorsNameShort', message: 'Keep the door’s name short' })),
      checkIns: z
        .array(
          z.strictObject({
            id: z.uuid({ error: say(/*i18n*/ { id: 'tickets.notCheck', message: 'Not a check-in' }) }),
            code: z
              .string()
              .trim()
              .min(1, say(/*i18n*/ { id: 'tickets.typeCode', message: 'Type the ticket’s code' }))
              .max(64, say(/*i18n*/ { id: 'tickets.codeTooLong', message: 'Too long for a ticket’s code' })),
            at: z.iso.datetime({
              offset: true,
              error: say(/*i18n*/ { id: 'tickets.notTime', message: 'Not a time' }),
            }),
          }),
        )
        .max(
          500,
          say(/*i18n*/ { id: 'tickets.sendMostCheckIns', message: 'Send at most 500 check-ins at a time' }),
        ),
    }),
    output: z.object({
      results: z.array(
        z.object({
          id: z.string(),
          result: z.enum(CHECK_IN_RESULTS),
          holder: z.string().nullable(),
          /** A duplicate's first check-in. */
          first: z.object({ at: z.string(), door: z.string() }).nullable(),
        }),
      ),
    }),
  }),
  messageAttendees: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary:
      'Mails every buyer holding a valid ticket to the seller’s event (once per address): a change of time, ' +
      'what to bring. Answers how many were mailed.',
    input: z.strictObject({
      eventId,
      /** The mail's subject (`subject` names the RPC itself). */
      title: z
        .string()
        .trim()
        .min(3, say(/*i18n*/ { id: 'tickets.giveMessageSubject', message: 'Give the message a subject' }))
        .max(120, say(/*i18n*/ { id: 'tickets.keepSubjectShort', message: 'Keep the subject short' })),
      message: z
        .string()
        .trim()
        .min(10, say(/*i18n*/ { id: 'tickets.writeMessage', message: 'Write the message' }))
        .max(
          4000,
          say(
            /*i18n*/ { id: 'tickets.keepMessageCharacters', message: 'Keep the message to 4,000 characters' },
          ),
        ),
    }),
    output: z.object({ sent: z.number().int() }),
  }),
}
