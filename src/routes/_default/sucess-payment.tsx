import { createFileRoute } from '@tanstack/react-router'
import { checkoutQueries } from '../../features/checkout/checkout.queries'
import { OrderStatusPage } from '../../features/checkout/OrderStatusPage'
import { keepOrderKey } from '../../features/checkout/order-keys'

/**
 * `?order={id}`: card and PayPal send the buyer back here; free and M-Pesa orders come here too. A receipt's
 * link adds `&key=…`, which opens the order on any device without signing in.
 */
export const Route = createFileRoute('/_default/sucess-payment')({
  validateSearch: (search: Record<string, unknown>): { order?: string; key?: string; sms?: string } => ({
    ...(typeof search.order === 'string' && search.order ? { order: search.order } : {}),
    ...(typeof search.key === 'string' && search.key ? { key: search.key } : {}),
    // Opened from an SMS receipt's link: its token, to stop such receipts.
    ...(typeof search.sms === 'string' && search.sms ? { sms: search.sms } : {}),
  }),
  loaderDeps: ({ search }) => ({ order: search.order, key: search.key }),
  // Not awaited: the page shows its own loading and error states, and keeps following the order.
  loader: ({ context, deps }) => {
    if (deps.order && deps.key) void keepOrderKey(deps.order, deps.key)
    if (deps.order) void context.queryClient.prefetchQuery(checkoutQueries.order(deps.order))
  },
  component: () => {
    const { order, sms } = Route.useSearch()
    return <OrderStatusPage orderId={order} smsToken={sms} />
  },
})
