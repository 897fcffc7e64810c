import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { SubjectInput } from '../../../contract'
import type { OrderStatus } from '../../../contract/checkout.constants'
import { persisted } from '../../lib/persisted'
import { rpc } from '../../lib/rpc'
import { orderKey } from './order-keys'

/** Days of free times asked for at once: two weeks is a screenful on a phone and one small answer. */
export const SLOT_DAYS = 14
/** How often a timed-out M-Pesa order is asked about while a Paybill payment may still make it paid. */
const ORDER_POLL_MS = 2000
/** A waiting order: how soon after one wait ends the next starts. */
const NEXT_WAIT_MS = 250

/** `2026-12-24` plus `days`, as a date. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

export const checkoutQueries = {
  all: () => ['checkout'] as const,
  /** A service's free times, two weeks a page from `firstDay` (in the seller's zone), up to `lastDay`. */
  slots: (productId: string, firstDay: string, lastDay: string) =>
    infiniteQueryOptions({
      queryKey: [...checkoutQueries.all(), 'slots', productId, firstDay],
      queryFn: ({ pageParam, signal }) =>
        rpc('listSlots', { productId, from: pageParam, days: SLOT_DAYS }, { signal }),
      initialPageParam: firstDay,
      getNextPageParam: (_last, _pages, from) => {
        const next = addDays(from, SLOT_DAYS)
        return next <= lastDay ? next : undefined
      },
      staleTime: 30_000,
    }),
  quote: (input: SubjectInput<'quoteCheckout'>) =>
    queryOptions({
      queryKey: [...checkoutQueries.all(), 'quote', input],
      queryFn: ({ signal }) => rpc('quoteCheckout', input, { signal }),
      staleTime: 60_000,
    }),
  /**
   * One order as it is now. While it waits for payment the server holds each request until the payment is
   * settled (up to 20 s), so "paid" shows the moment it is known; the short interval only starts the next
   * wait (ticks while one is under way join it), and is paused in a hidden tab.
   */
  order: (orderId: string) =>
    queryOptions({
      queryKey: [...checkoutQueries.all(), 'order', orderId],
      // Kept for offline: /download/{id} and the receipt open with no network.
      meta: persisted,
      queryFn: async ({ signal, client, queryKey }) => {
        const known = client.getQueryData<{ status?: string }>(queryKey)
        const input = { orderId, key: await orderKey(orderId) }
        return (
          await rpc('getOrder', known?.status === 'pending' ? { ...input, waitWhile: 'pending' } : input, {
            signal,
          })
        ).order
      },
      // Followed while it waits, and while a Paybill payment may still turn a timed-out M-Pesa order paid
      // (the wait screen shows the Paybill details then, until the hold runs out).
      refetchInterval: (query) => {
        const order = query.state.data
        const paybillOpen =
          order?.status === 'failed' &&
          order.failure?.code === '1037' &&
          Date.parse(order.expiresAt) > Date.now()
        return order?.status === 'pending' ? NEXT_WAIT_MS : paybillOpen ? ORDER_POLL_MS : false
      },
    }),
  purchases: () =>
    infiniteQueryOptions({
      queryKey: [...checkoutQueries.all(), 'purchases'],
      meta: persisted,
      queryFn: ({ pageParam, signal }) =>
        rpc('listPurchases', pageParam ? { cursor: pageParam } : {}, { signal }),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  sales: (status?: OrderStatus) =>
    infiniteQueryOptions({
      queryKey: [...checkoutQueries.all(), 'sales', status ?? 'all'],
      meta: persisted,
      queryFn: ({ pageParam, signal }) =>
        rpc(
          'listSales',
          { ...(pageParam ? { cursor: pageParam } : {}), ...(status ? { status } : {}) },
          { signal },
        ),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
}
