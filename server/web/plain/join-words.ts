/** The words of a membership's plain join page (join.routes.ts), in the reader's language. */
export const JOIN = {
  title: /*i18n*/ { id: 'plain.join.title', message: 'Join {title}' },
  chooseTier: /*i18n*/ { id: 'plain.join.chooseTier', message: 'Choose a tier' },
  howOften: /*i18n*/ { id: 'plain.join.howOften', message: 'How often you pay' },
  perMonth: /*i18n*/ { id: 'plain.join.perMonth', message: '{tier}: {price} a month' },
  perYear: /*i18n*/ { id: 'plain.join.perYear', message: '{tier}: {price} a year' },
  full: /*i18n*/ { id: 'plain.join.full', message: '{tier} is full' },
  trial: /*i18n*/ {
    id: 'plain.join.trial',
    message:
      'Free for the first {days} days: nothing is taken until the trial ends, by card or PayPal. For new members.',
  },
  payWith: /*i18n*/ { id: 'plain.join.payWith', message: 'Pay with' },
  byCard: /*i18n*/ {
    id: 'plain.join.byCardOrPaypal',
    message:
      'Paid by card or PayPal. Each period is paid by itself, from the same card or PayPal account; cancel any time from your Memberships page and keep access to the end of what you paid.',
  },
  join: /*i18n*/ { id: 'plain.join.continue', message: 'Continue to pay' },
} as const
