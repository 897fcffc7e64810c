/** The words of the door without script: the seller's events, and an event's ticket-code form (door.ts). */
export const DOOR = {
  title: /*i18n*/ { id: 'plain.door.title', message: 'Check-in' },
  choose: /*i18n*/ {
    id: 'plain.door.choose',
    message: 'Choose an event, then type the code of each ticket at the door.',
  },
  started: /*i18n*/ { id: 'plain.door.started', message: '{time} · started' },
  noEvents: /*i18n*/ {
    id: 'plain.door.noEvents',
    message: 'No events on sale. Create one and its attendees show here.',
  },
  addEvent: /*i18n*/ { id: 'plain.door.addEvent', message: 'Add an event' },
  notSeller: /*i18n*/ {
    id: 'plain.door.notSeller',
    message: 'Only sellers check tickets in, and this account has no storefront.',
  },
  setUpStore: /*i18n*/ { id: 'plain.door.setUpStore', message: 'Set up your storefront' },
  noSuchEvent: /*i18n*/ {
    id: 'plain.door.noSuchEvent',
    message: 'This is not one of your events.',
  },
  allEvents: /*i18n*/ { id: 'plain.door.allEvents', message: '← All your events' },
  checkedIn: /*i18n*/ {
    id: 'plain.door.checkedIn',
    message: 'Checked in: {checkedIn} of {sold}',
  },
  code: /*i18n*/ { id: 'plain.door.code', message: 'Ticket code' },
  codeHint: /*i18n*/ { id: 'plain.door.codeHint', message: 'The code printed under the QR code.' },
  checkIn: /*i18n*/ { id: 'plain.door.checkIn', message: 'Check in' },
  /** The door's name stored with each check-in made on these pages, as the app's own default. */
  doorName: /*i18n*/ { id: 'plain.door.doorName', message: 'Main door' },
  admitted: /*i18n*/ { id: 'plain.door.admitted', message: 'Admitted — {holder}' },
  admittedType: /*i18n*/ { id: 'plain.door.admittedType', message: '{ticketType} · {code}' },
  already: /*i18n*/ { id: 'plain.door.already', message: 'Already checked in — {holder}' },
  alreadyAt: /*i18n*/ {
    id: 'plain.door.alreadyAt',
    message: 'In at {time}, {door}. Do not let them in again.',
  },
  refunded: /*i18n*/ { id: 'plain.door.refunded', message: 'Refunded — {holder}' },
  refundedText: /*i18n*/ {
    id: 'plain.door.refundedText',
    message: 'This ticket was refunded: it does not let anyone in.',
  },
  notThisEvent: /*i18n*/ { id: 'plain.door.notThisEvent', message: 'Not for this event' },
  otherEvent: /*i18n*/ {
    id: 'plain.door.otherEvent',
    message: 'Ticket {code} is for another of your events.',
  },
  unknown: /*i18n*/ { id: 'plain.door.unknown', message: 'No ticket {code} on this event’s list.' },
  notRecorded: /*i18n*/ {
    id: 'plain.door.notRecorded',
    message: 'Ticket {code} was not recorded. Check it in again.',
  },
  signInFirst: /*i18n*/ { id: 'plain.door.signInFirst', message: 'Sign in to check tickets in.' },
  email: /*i18n*/ { id: 'plain.door.email', message: 'E-mail' },
  password: /*i18n*/ { id: 'plain.door.password', message: 'Password' },
  signIn: /*i18n*/ { id: 'plain.door.signIn', message: 'Sign in' },
}
