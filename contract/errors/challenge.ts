/** What the server answers about challenge: each a stable code (the id) with its English. */

export const CHALLENGE = {
  missing: /*i18n*/ {
    id: 'challenge.missing',
    message: 'Complete the check that you are not a robot, then send again.',
  },
  unavailable: /*i18n*/ {
    id: 'challenge.unavailable',
    message: 'The robot check could not be confirmed just now. Try again in a minute.',
  },
  failed: /*i18n*/ {
    id: 'challenge.failed',
    message: 'The robot check did not pass or has expired. Do it again, then send.',
  },
}
