/** What the server answers about memberships: each a stable code (the id) with its English. */
export const MEMBERSHIPS = {
  notMembership: /*i18n*/ { id: 'memberships.notMembership', message: 'This product is not a membership' },
  notOnSale: /*i18n*/ { id: 'memberships.notOnSale', message: 'This membership is not open to new members' },
  noSuchTier: /*i18n*/ { id: 'memberships.noSuchTier', message: 'Choose one of the membership’s tiers' },
  noMonthlyPrice: /*i18n*/ {
    id: 'memberships.noMonthlyPrice',
    message: 'This tier has no monthly price in {currency}: choose one of its prices',
  },
  noYearlyPrice: /*i18n*/ {
    id: 'memberships.noYearlyPrice',
    message: 'This tier has no yearly price in {currency}: choose one of its prices',
  },
  tierFull: /*i18n*/ {
    id: 'memberships.tierFull',
    message: '{tier} is full: choose another tier, or come back when a place is free',
  },
  ownMembership: /*i18n*/ { id: 'memberships.ownMembership', message: 'You cannot join your own membership' },
  alreadyMember: /*i18n*/ {
    id: 'memberships.alreadyMember',
    message: 'You are a member already: change or cancel it on your Memberships page',
  },
  cardOnly: /*i18n*/ {
    id: 'memberships.cardOrPaypal',
    message: 'Pay for a membership by card or PayPal: M-Pesa cannot take its renewals by itself yet',
  },
  noSuchMembership: /*i18n*/ {
    id: 'memberships.noSuchMembership',
    message: 'There is no such membership among yours',
  },
  ended: /*i18n*/ { id: 'memberships.ended', message: 'This membership has ended' },
  alreadyCancelled: /*i18n*/ {
    id: 'memberships.alreadyCancelled',
    message: 'This membership is cancelled already: it ends at the end of the paid period',
  },
  nothingToPay: /*i18n*/ {
    id: 'memberships.nothingToPay',
    message: 'Nothing is waiting to be paid: the next payment is taken by itself',
  },
  noSuchPost: /*i18n*/ { id: 'memberships.noSuchPost', message: 'There is no such post among yours' },
  notPostUpload: /*i18n*/ {
    id: 'memberships.notPostUpload',
    message: 'Not a finished upload for this membership’s posts: upload it again',
  },
  noSuchMembershipProduct: /*i18n*/ {
    id: 'memberships.noSuchMembershipProduct',
    message: 'There is no such membership among your products',
  },
  unknownTier: /*i18n*/ {
    id: 'memberships.unknownTier',
    message: 'Choose tiers of this membership',
  },
  joinFromTiers: /*i18n*/ {
    id: 'memberships.joinFromTiers',
    message: 'Join a membership from its tiers on its page',
  },
  changeNotOnPaypal: /*i18n*/ {
    id: 'memberships.changeNotOnPaypal',
    message:
      'A PayPal membership keeps its tier for now: cancel it, and join the new tier when this period ends',
  },
  cannotChange: /*i18n*/ {
    id: 'memberships.cannotChange',
    message: 'Pay the renewal due, or undo the cancellation or pause, before changing tier',
  },
  pausingOff: /*i18n*/ {
    id: 'memberships.pausingOff',
    message: 'The seller of this membership does not let members pause it',
  },
  cannotPause: /*i18n*/ {
    id: 'memberships.cannotPause',
    message: 'Only an active membership can be paused: pay the renewal due, or undo the cancellation, first',
  },
  alreadyPaused: /*i18n*/ {
    id: 'memberships.alreadyPaused',
    message: 'A pause is set already: undo it first to choose another',
  },
  pausedPosts: /*i18n*/ {
    id: 'memberships.pausedPosts',
    message: 'This membership is paused: its posts open again when it resumes',
  },
  notPaused: /*i18n*/ { id: 'memberships.notPaused', message: 'This membership is not paused' },
} as const
