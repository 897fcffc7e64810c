/**
 * Memberships: members who pay a seller every month or year for a tier of a membership product. Joining
 * (the first period's order, its card or PayPal subscription kept), renewals charged by themselves (or
 * taken by PayPal on its days) and retried over 14 days when declined, and the member's own page (cancel,
 * pay a failed renewal now).
 */

export { membershipsHandlers } from './memberships.handlers'
export { mailPosts } from './post-mails'
export { sweepUnsavedMedia } from './post-media'
export { membershipOwner } from './recurring-events'
export { renewDue } from './renewals'
export { remindTrials } from './trial-reminders'
