import { queryOptions } from '@tanstack/react-query'
import { persisted } from '../../lib/persisted'
import { rpc } from '../../lib/rpc'

/** What the account pages read: a change to the account refreshes it all by `all()`. */
export const accountsQueries = {
  all: () => ['account'] as const,
  /** The signed-in person's profile, with their storefront and payout method when they sell. */
  profile: () =>
    queryOptions({
      queryKey: [...accountsQueries.all(), 'profile'],
      queryFn: ({ signal }) => rpc('getProfile', {}, { signal }),
      // Kept for offline: pages that count in the seller's currency need their storefront's country.
      meta: persisted,
    }),
  /** The platform's settings as they apply to this person (currencies, languages, their preferences). */
  settings: () =>
    queryOptions({
      queryKey: [...accountsQueries.all(), 'settings'],
      queryFn: ({ signal }) => rpc('getSettings', {}, { signal }),
    }),
  /** A seller's checkout reminders: their switches, the SMS price, and what reminders brought back. */
  recovery: () =>
    queryOptions({
      queryKey: [...accountsQueries.all(), 'recovery'],
      queryFn: ({ signal }) => rpc('getCheckoutRecovery', {}, { signal }),
    }),
  /** The seller's identity verification, if one was sent. */
  verification: () =>
    queryOptions({
      queryKey: [...accountsQueries.all(), 'verification'],
      queryFn: ({ signal }) => rpc('getSellerVerification', {}, { signal }),
    }),
}
