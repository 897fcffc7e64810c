/** What the server answers about bookings: each a stable code (the id) with its English. */
export const BOOKINGS = {
  orderNotBooking: /*i18n*/ { id: 'bookings.orderNotBooking', message: 'This order is not a booking' },
  serviceNoLongerExists: /*i18n*/ {
    id: 'bookings.serviceNoLongerExists',
    message: 'This service no longer exists',
  },
  bookingAlreadyCancelled: /*i18n*/ {
    id: 'bookings.bookingAlreadyCancelled',
    message: 'This booking is already cancelled',
  },
  bookingNotPaid: /*i18n*/ { id: 'bookings.bookingNotPaid', message: 'This booking is not paid' },
  timeAlreadyBookedChoose: /*i18n*/ {
    id: 'bookings.timeAlreadyBookedChoose',
    message: 'That is the time already booked: choose another',
  },
  bookingJustChangedReload: /*i18n*/ {
    id: 'bookings.bookingJustChangedReload',
    message: 'This booking has just changed: reload it and try again',
  },
  timeNotFreeChoose: /*i18n*/ {
    id: 'bookings.timeNotFreeChoose',
    message: 'That time is not free: choose another',
  },
  startedCannotMove: /*i18n*/ {
    id: 'bookings.startedCannotMove',
    message: 'This booking has started: it cannot move now',
  },
  startedCannotCancel: /*i18n*/ {
    id: 'bookings.startedCannotCancel',
    message: 'This booking has started: it cannot be cancelled now',
  },
  onlySellerMoves: /*i18n*/ {
    id: 'bookings.onlySellerMoves',
    message: 'Only the seller can move this booking: ask them',
  },
  onlySellerCancels: /*i18n*/ {
    id: 'bookings.onlySellerCancels',
    message: 'Only the seller can cancel this booking: ask them',
  },
  moveUpToHour: /*i18n*/ {
    id: 'bookings.moveUpToHour',
    message: 'The seller lets you move a booking up to {hours} hour before it starts: ask them instead',
  },
  moveUpToHours: /*i18n*/ {
    id: 'bookings.moveUpToHours',
    message: 'The seller lets you move a booking up to {hours} hours before it starts: ask them instead',
  },
  cancelUpToHour: /*i18n*/ {
    id: 'bookings.cancelUpToHour',
    message: 'The seller lets you cancel a booking up to {hours} hour before it starts: ask them instead',
  },
  cancelUpToHours: /*i18n*/ {
    id: 'bookings.cancelUpToHours',
    message: 'The seller lets you cancel a booking up to {hours} hours before it starts: ask them instead',
  },
}

/** Per-field messages of the same answers. */
export const BOOKINGS_FIELD = {
  alreadyBooked: /*i18n*/ { id: 'bookings.field.alreadyBooked', message: 'Already booked' },
  noLongerFree: /*i18n*/ { id: 'bookings.field.noLongerFree', message: 'No longer free' },
}
