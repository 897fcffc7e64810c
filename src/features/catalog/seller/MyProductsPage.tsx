import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { ProductKind } from '../../../../contract/catalog.constants'
import type { Product } from '../../../../contract/catalog.contract'
import { FormMessage } from '../../../components/Form'
import { OfflineNote } from '../../../components/OfflineNote'
import { RpcError, rpc } from '../../../lib/rpc'
import { usePageTitle } from '../../../lib/title'
import { catalogQueries } from '../catalog.queries'
import { kindLabel, money } from '../money'
import { BundlesSection } from './BundlesSection'
import { editPath } from './ProductEditor'

/**
 * The seller's own products of some kinds, with what can be done to each: see it, edit it, put it on sale
 * or take it off, and delete it (archived: orders keep pointing at it, so nothing is really deleted).
 */
export function MyProductsPage({
  kinds,
  heading,
  bundles = false,
}: {
  kinds: ProductKind[]
  heading: string
  /** Show the seller's bundles of these products too. */
  bundles?: boolean
}) {
  usePageTitle(heading)
  const queryClient = useQueryClient()
  const list = useQuery(catalogQueries.myProducts(kinds))
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'ok' } | null>(null)
  const act = async (product: Product, subject: 'publishProduct' | 'unpublishProduct' | 'deleteProduct') => {
    if (
      subject === 'deleteProduct' &&
      !window.confirm(
        t`Delete “${product.title}”? It comes off sale and out of your lists. Buyers keep what they bought.`,
      )
    )
      return
    setMessage(null)
    try {
      const answer = await rpc(subject, { id: product.id })
      await queryClient.invalidateQueries({ queryKey: catalogQueries.mine() })
      const archived = 'outcome' in answer && answer.outcome === 'archived'
      setMessage({
        text: {
          publishProduct: `“${product.title}” is on sale.`,
          unpublishProduct: `“${product.title}” is off sale: a draft again.`,
          deleteProduct: archived
            ? `“${product.title}” was removed from sale and your lists. It was on sale before, so its buyers keep it.`
            : `“${product.title}” was deleted.`,
        }[subject],
        tone: 'ok',
      })
    } catch (error) {
      setMessage({
        text: error instanceof RpcError ? error.message : t`That did not work. Try again.`,
        tone: 'error',
      })
    }
  }
  return (
    <section className="page" aria-labelledby="mine-heading">
      <h1 id="mine-heading">{heading}</h1>
      <p className="actions">
        <Link to="/account/new-product" className="button">
          <Trans>
            <Trans>Add a product or service</Trans>
          </Trans>
        </Link>
      </p>
      <OfflineNote updatedAt={list.dataUpdatedAt} failed={list.isError && !!list.data} />
      <FormMessage message={message?.text ?? null} tone={message?.tone} />
      {list.isPending ? (
        <p role="status">
          {list.fetchStatus === 'paused'
            ? t`You are offline, and this device has no copy of your products yet: they show here once you open this page online.`
            : t`Loading…`}
        </p>
      ) : null}
      {list.isError && !list.data ? (
        <p role="alert">
          <Trans>Your products could not be loaded.</Trans> {list.error.message}{' '}
          <button type="button" className="link-button" onClick={() => void list.refetch()}>
            <Trans>
              <Trans>Try again</Trans>
            </Trans>
          </button>
        </p>
      ) : null}
      {list.data?.products.length === 0 ? (
        <div className="empty-state">
          <p>
            <Trans>Nothing here yet.</Trans>
          </p>
          <Link to="/account/new-product">
            <Trans>Create your first one</Trans>
          </Link>
        </div>
      ) : null}
      {list.data && list.data.products.length > 0 ? (
        <ul className="my-products">
          {list.data.products.map((product) => (
            <li key={product.id} className="my-product">
              {product.images[0] ? (
                <img
                  src={product.images[0].src}
                  srcSet={product.images[0].srcset}
                  sizes="4rem"
                  width={64}
                  height={64}
                  alt=""
                  loading="lazy"
                />
              ) : (
                <span className="avatar avatar-empty" aria-hidden="true">
                  {product.title.slice(0, 1)}
                </span>
              )}
              <div className="my-product-main">
                <Link {...editPath(product)} className="my-product-title">
                  {product.title}
                </Link>
                <p className="muted">
                  {kindLabel(product.kind)} · {money(product.price)} ·{' '}
                  <span className={`badge badge-${product.status}`}>
                    {product.status === 'published' ? t`On sale` : t`Draft`}
                  </span>
                </p>
              </div>
              <div className="my-product-actions">
                {product.status === 'published' ? (
                  <Link to="/$product" params={{ product: product.slug }}>
                    <Trans>
                      View <span className="visually-hidden">{product.title}</span>
                    </Trans>
                  </Link>
                ) : null}
                <Link {...editPath(product)}>
                  <Trans>
                    Edit <span className="visually-hidden">{product.title}</span>
                  </Trans>
                </Link>
                <button
                  type="button"
                  className="link-button"
                  onClick={() =>
                    void act(product, product.status === 'published' ? 'unpublishProduct' : 'publishProduct')
                  }
                >
                  {product.status === 'published' ? t`Unpublish` : t`Publish`}{' '}
                  <span className="visually-hidden">{product.title}</span>
                </button>
                <button
                  type="button"
                  className="link-button danger"
                  onClick={() => void act(product, 'deleteProduct')}
                >
                  <Trans>
                    Delete <span className="visually-hidden">{product.title}</span>
                  </Trans>
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {bundles && list.data ? <BundlesSection products={list.data.products} /> : null}
    </section>
  )
}
