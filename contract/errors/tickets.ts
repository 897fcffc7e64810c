/** What the server answers about tickets: each a stable code (the id) with its English. */
export const TICKETS = {
  noSuchEvent: /*i18n*/ { id: 'tickets.noSuchEvent', message: 'No such event among yours' },
}
