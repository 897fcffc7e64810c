import { createFileRoute, notFound } from '@tanstack/react-router'
import { paramHasShape } from '../../../../contract/routes'
import { checkoutQueries } from '../../../features/checkout/checkout.queries'
import { DownloadPage } from '../../../features/checkout/DownloadPage'
import { keepOrderKey } from '../../../features/checkout/order-keys'
import { restoreForOffline } from '../../../lib/offline-route'

/**
 * Public: a signed-out buyer opens it with the access key this browser kept (order-keys.ts), or with the
 * `?key=` of the receipt's link, which works on any device.
 */
export const Route = createFileRoute('/_default/download/$id')({
  validateSearch: (search: Record<string, unknown>): { key?: string; sms?: string } => ({
    ...(typeof search.key === 'string' && search.key ? { key: search.key } : {}),
    // Opened from an SMS receipt's link: its token, to stop such receipts.
    ...(typeof search.sms === 'string' && search.sms ? { sms: search.sms } : {}),
  }),
  // The purchase reads offline too: the copy kept in IndexedDB goes into the cache first.
  // An address that cannot name an order is the 404 page, as the server answers it.
  beforeLoad: ({ context, params }) => {
    if (!paramHasShape('/download/$id', params.id)) throw notFound()
    return restoreForOffline(context.queryClient)
  },
  loaderDeps: ({ search }) => ({ key: search.key }),
  loader: ({ context, params, deps }) => {
    if (deps.key) void keepOrderKey(params.id, deps.key)
    void context.queryClient.prefetchQuery(checkoutQueries.order(params.id))
  },
  component: () => <DownloadPage orderId={Route.useParams().id} smsToken={Route.useSearch().sms} />,
})
