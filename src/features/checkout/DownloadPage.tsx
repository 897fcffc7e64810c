import { Trans, useLingui } from '@lingui/react/macro'
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { OfflineNote } from '../../components/OfflineNote'
import { usePageTitle } from '../../lib/title'
import { checkoutQueries } from './checkout.queries'
import { OrderFiles } from './DownloadButton'
import { OrderError } from './OrderStatusPage'
import { StopSms } from './StopSms'

/** The order as the buyer's purchases list has it, and when that list came. */
function purchasedOrder(queryClient: QueryClient, orderId: string) {
  const { queryKey } = checkoutQueries.purchases()
  const order = queryClient
    .getQueryData(queryKey)
    ?.pages.flatMap((page) => page.orders)
    .find((o) => o.id === orderId)
  return order ? { order, updatedAt: queryClient.getQueryState(queryKey)?.dataUpdatedAt } : undefined
}

/**
 * /download/{id}: one purchase's files, for its buyer signed in or (with the key this browser kept) signed
 * out. Each press asks for a fresh short-lived link, so a bookmarked page keeps working.
 */
export function DownloadPage({ orderId, smsToken }: { orderId: string; smsToken?: string | undefined }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const query = useQuery({
    ...checkoutQueries.order(orderId),
    // Opened offline from /downloads: the purchases list already has the order (files, names, sizes).
    initialData: () => purchasedOrder(queryClient, orderId)?.order,
    initialDataUpdatedAt: () => purchasedOrder(queryClient, orderId)?.updatedAt,
  })
  const order = query.data
  const title = order?.product.title ?? ''
  const seller = order?.product.seller.displayName ?? ''
  const reference = order?.reference ?? ''
  usePageTitle(order ? t`Download ${title}` : t`Download`)
  return (
    <section className="page narrow" aria-labelledby="download-heading" aria-busy={query.isPending}>
      <h1 id="download-heading">{order ? (order.bundle?.title ?? order.product.title) : t`Download`}</h1>
      <OfflineNote updatedAt={query.dataUpdatedAt} failed={query.isError && !!order} />
      {query.isPending ? (
        <p role="status">
          <Trans>Loading your files…</Trans>
        </p>
      ) : null}
      {query.isError && !order ? (
        <OrderError error={query.error} what="download" onRetry={() => void query.refetch()} />
      ) : null}
      {order ? (
        // A bundle's order has files without being a download's.
        order.kind !== 'digital' && order.files.length === 0 ? (
          <p>
            <Trans>
              This order has no files to download.{' '}
              <Link to="/sucess-payment" search={{ order: order.id }}>
                See the order
              </Link>
              .
            </Trans>
          </p>
        ) : order.status === 'paid' ? (
          <>
            <p className="muted">
              <Trans>
                By {seller} · order {reference}
              </Trans>
            </p>
            <OrderFiles order={order} />
          </>
        ) : (
          <p role="status">
            {order.status === 'pending' ? (
              <Trans>
                This order is waiting for payment: the files open once it is paid.{' '}
                <Link to="/sucess-payment" search={{ order: order.id }}>
                  Follow the payment
                </Link>
                .
              </Trans>
            ) : order.status === 'refunding' || order.status === 'refunded' ? (
              t`This purchase was refunded, so its files are no longer available.`
            ) : (
              t`This order was not paid, so there is nothing to download. Nothing was charged.`
            )}
          </p>
        )
      ) : null}
      <StopSms token={smsToken} />
    </section>
  )
}
