/** The words of a membership's plain join page (join.routes.ts), in the reader's language. */
export const JOIN = {
  title: /*i18n*/ { id: 'plain.join.title', message: 'Join {title}' },
  chooseTier: /*i18n*/ { id: 'plain.join.chooseTier', message: 'Choose a tier' },
  howOften: /*i18n*/ { id: 'plain.join.howOften', message: 'How often you pay' },
  perMonth: /*i18n*/ { id: 'plain.join.perMonth', message: '{tier}: {price} a month' },
  perYear: /*i18n*/ { id: 'plain.join.perYear', message: '{tier}: {price} a year' },
  full: /*i18n*/ { id: 'plain.join.full', message: '{tier} is full' },
  byCard: /*i18n*/ {
    id: 'plain.join.byCard',
    message:
      'Paid by card. Each period is charged to the same card by itself; cancel any time from your Memberships page and keep access to the end of what you paid.',
  },
  join: /*i18n*/ { id: 'plain.join.join', message: 'Continue to the card page' },
} as const
