import { plural, t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useInfiniteQuery, useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { Order } from '../../../contract/checkout.contract'
import { ORDER_STATUS_TEXT } from '../../../contract/order-status'
import { FormMessage } from '../../components/Form'
import { LoadMore } from '../../components/LoadMore'
import { OfflineNote } from '../../components/OfflineNote'
import { Photo } from '../../components/Photo'
import { formatDate } from '../../lib/dates'
import { translateCode } from '../../lib/i18n'
import { RpcError, rpc } from '../../lib/rpc'
import { usePageTitle } from '../../lib/title'
import { money } from '../catalog/money'
import { useForgetRefunded, useLibrary } from '../downloads/library'
import { StorageUsage } from '../downloads/StorageUsage'
import { checkoutQueries } from './checkout.queries'
import { OrderFiles } from './DownloadButton'
import { itemText } from './order-format'

/** The buyer's orders, a page at a time, with the count of signed-out orders waiting for a verified address. */
function usePurchases() {
  const list = useInfiniteQuery(checkoutQueries.purchases())
  const orders = list.data?.pages.flatMap((page) => page.orders) ?? []
  useForgetRefunded(orders)
  return {
    list,
    orders,
    awaiting: list.data?.pages[0]?.awaitingVerification ?? 0,
  }
}

const sentText = (address: string) => t`We sent a link to ${address}: open it, then come back here.`
const loadFailed = (reason: string) => t`Your purchases could not be loaded: ${reason}`

/** Orders placed signed out with this address appear once it is verified: say so, and send the link. */
function AwaitingVerification({ count }: { count: number }) {
  const send = useMutation({ mutationFn: () => rpc('requestEmailVerification', {}) })
  if (count <= 0) return null
  return (
    <div className="notice">
      <p>
        {plural(count, {
          one: 'You have # purchase made with this address before you signed in: verify your e-mail to see it.',
          other:
            'You have # purchases made with this address before you signed in: verify your e-mail to see them.',
        })}
      </p>
      <FormMessage message={send.isSuccess ? sentText(send.data.sentTo) : null} tone="ok" />
      <FormMessage
        message={
          send.isError
            ? send.error instanceof RpcError
              ? send.error.message
              : t`The link could not be sent. Try again.`
            : null
        }
      />
      <button
        type="button"
        className="button secondary"
        disabled={send.isPending}
        aria-busy={send.isPending}
        onClick={() => send.mutate()}
      >
        {send.isPending ? t`Sending…` : t`Send the verification link`}
      </button>
    </div>
  )
}

function ListState({ list, empty }: { list: ReturnType<typeof usePurchases>['list']; empty: boolean }) {
  if (list.isPending)
    return (
      <p role="status">
        {list.fetchStatus === 'paused'
          ? t`You are offline, and this device has no copy of your purchases yet: they show here once you open this page online.`
          : t`Loading…`}
      </p>
    )
  if (list.isError && !list.data)
    return (
      <p role="alert">
        {loadFailed(list.error.message)}{' '}
        <button type="button" className="link-button" onClick={() => void list.refetch()}>
          {t`Try again`}
        </button>
      </p>
    )
  if (empty)
    return (
      <div className="empty-state">
        <p>
          <Trans>
            Nothing bought yet — <Link to="/explore">explore what creators sell</Link>.
          </Trans>
        </p>
      </div>
    )
  return null
}

function Thumb({ order }: { order: Order }) {
  return (
    <span className="order-thumb">
      {order.product.image ? (
        <Photo image={order.product.image} alt="" sizes="4rem" />
      ) : (
        <span className="avatar avatar-empty" aria-hidden="true">
          {order.product.title.slice(0, 1)}
        </span>
      )}
    </span>
  )
}

/** /account/purchases: everything bought, newest first. */
export function PurchasesPage() {
  usePageTitle(t`Purchases`)
  const { list, orders, awaiting } = usePurchases()
  return (
    <section className="page" aria-labelledby="purchases-heading">
      <h1 id="purchases-heading">{t`Purchases`}</h1>
      <OfflineNote updatedAt={list.dataUpdatedAt} failed={list.isError && !!list.data} />
      <AwaitingVerification count={awaiting} />
      <ListState list={list} empty={orders.length === 0} />
      {orders.length > 0 ? (
        <ul className="my-products">
          {orders.map((order) => {
            const title = order.bundle?.title ?? order.product.title
            return (
              <li key={order.id} className="my-product">
                <Thumb order={order} />
                <div className="my-product-main">
                  {order.bundle ? (
                    <Link to="/sucess-payment" search={{ order: order.id }} className="my-product-title">
                      {title}
                    </Link>
                  ) : (
                    <Link
                      to="/$product"
                      params={{ product: order.product.slug }}
                      className="my-product-title"
                    >
                      {title}
                    </Link>
                  )}
                  <p className="muted">
                    {itemText(order) ? `${itemText(order)} · ` : ''}
                    {order.total.amount === 0 ? t`Free` : money(order.total)} ·{' '}
                    {formatDate(order.paidAt ?? order.createdAt)}
                  </p>
                  <p>
                    <span className={`badge badge-${order.status}`}>
                      {translateCode(undefined, undefined, ORDER_STATUS_TEXT[order.status])}
                    </span>
                  </p>
                </div>
                <div className="my-product-actions">
                  {(order.kind === 'digital' || order.files.length > 0) && order.status === 'paid' ? (
                    <Link to="/download/$id" params={{ id: order.id }}>
                      <Trans>
                        Download files<span className="visually-hidden"> of {title}</span>
                      </Trans>
                    </Link>
                  ) : null}
                  <Link to="/sucess-payment" search={{ order: order.id }}>
                    {order.kind === 'event' && order.status === 'paid' ? (
                      <Trans>
                        Tickets<span className="visually-hidden"> of {title}</span>
                      </Trans>
                    ) : (
                      <Trans>
                        Details<span className="visually-hidden"> of {title}</span>
                      </Trans>
                    )}
                  </Link>
                </div>
              </li>
            )
          })}
        </ul>
      ) : null}
      <LoadMore list={list} />
    </section>
  )
}

/** /downloads and /account/downloads: the files of every paid digital purchase, ready to download again. */
export function DownloadsPage() {
  usePageTitle(t`Your downloads`)
  const { list, orders, awaiting } = usePurchases()
  const { entries } = useLibrary()
  // Downloads, and bundles with a download among their parts.
  const digital = orders.filter(
    (order) => (order.kind === 'digital' || order.files.length > 0) && order.status === 'paid',
  )
  return (
    <section className="page narrow" aria-labelledby="downloads-heading">
      <h1 id="downloads-heading">{t`Your downloads`}</h1>
      <OfflineNote updatedAt={list.dataUpdatedAt} failed={list.isError && !!list.data} />
      <StorageUsage entries={entries} />
      <AwaitingVerification count={awaiting} />
      <ListState list={list} empty={orders.length === 0} />
      {orders.length > 0 && digital.length === 0 && !list.hasNextPage ? (
        <p className="empty-state">
          <Trans>
            None of your purchases has files. <Link to="/account/purchases">See your purchases</Link>.
          </Trans>
        </p>
      ) : null}
      {digital.map((order) => {
        const title = order.bundle?.title ?? order.product.title
        const seller = order.product.seller.displayName
        const day = formatDate(order.paidAt ?? order.createdAt)
        return (
          <section key={order.id} className="card download-order" aria-labelledby={`files-${order.id}`}>
            <h2 id={`files-${order.id}`}>{title}</h2>
            <p className="muted">
              <Trans>
                By {seller} · {day} ·{' '}
                <Link to="/download/$id" params={{ id: order.id }}>
                  Download page<span className="visually-hidden"> of {title}</span>
                </Link>
              </Trans>
            </p>
            <OrderFiles order={order} />
          </section>
        )
      })}
      <LoadMore list={list} />
    </section>
  )
}
