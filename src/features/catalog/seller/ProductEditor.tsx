import { t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { ProductKind } from '../../../../contract/catalog.constants'
import type { Product } from '../../../../contract/catalog.contract'
import { currencyForCountry } from '../../../../contract/currencies'
import { FormMessage } from '../../../components/Form'
import { usePageTitle } from '../../../lib/title'
import { accountsQueries } from '../../accounts/accounts.queries'
import { catalogQueries } from '../catalog.queries'
import { useVisitorCurrency } from '../money'
import { DigitalFields } from './DigitalFields'
import { DraftField, type DraftForm } from './DraftField'
import { type Draft, draftOf, emptyDraft } from './draft'
import { EventFields } from './EventFields'
import { LazyRichTextEditor } from './LazyRichTextEditor'
import { MediaField } from './MediaField'
import { MembershipFields } from './MembershipFields'
import { MerchFields } from './MerchFields'
import { PriceFields } from './PriceFields'
import { ServiceFields } from './ServiceFields'
import { UpsellField } from './UpsellField'
import { useProductSave } from './useProductSave'
import { useUploadQueue } from './useUploadQueue'

/** Products created on the page still open: adding their id to the URL must not start the page afresh. */
const createdHere = new Set<string>()

/** The editor's React key: a new one for another product, the same one when a new draft gets its id. */
export function editorKey(kind: ProductKind, id: string | undefined): string {
  return `${kind}-${id && !createdHere.has(id) ? id : 'new'}`
}

/** The page a product is edited on, by its kind. */
export function editPath(product: Pick<Product, 'id' | 'kind'>) {
  if (product.kind === 'service')
    return { to: '/account/create/service', search: { id: product.id } } as const
  if (product.kind === 'merch') return { to: '/account/create/merch', search: { id: product.id } } as const
  return { to: '/account/create/product', search: { kind: product.kind, id: product.id } } as const
}

/**
 * Creating and editing a product of one kind. Saving creates a draft (or saves the changes); photos and
 * files then upload straight to storage with progress, and "Publish" puts the product on sale once they
 * are in. Every field shows the server's own message for it.
 */
export function ProductEditor({ kind, id }: { kind: ProductKind; id?: string }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const visitorCurrency = useVisitorCurrency()
  const mine = useQuery({ ...catalogQueries.myProducts(), enabled: Boolean(id) })
  // The form starts from the server's copy as it is now, never from one kept for offline or read earlier:
  // saving a stale copy would undo changes made since.
  const fresh = mine.isFetchedAfterMount && !mine.isError
  const loaded = id && fresh ? (mine.data?.products.find((p) => p.id === id) ?? null) : null
  const [product, setProduct] = useState<Product | null>(null)
  const current = product ?? loaded
  const [draft, setDraft] = useState<Draft | null>(id ? null : emptyDraft(visitorCurrency ?? 'KES'))
  const title = editorTitle(kind, Boolean(id))
  usePageTitle(title)

  useEffect(() => {
    if (loaded && !draft) setDraft(draftOf(loaded))
  }, [loaded, draft])
  // A new product starts in the currency of the seller's country (a Kenyan seller prices in KES wherever
  // they are), else the visitor's, once known, unless the seller has begun typing.
  const sellerCountry = useQuery({ ...accountsQueries.profile(), enabled: !id }).data?.storefront?.country
  const startCurrency = sellerCountry ? currencyForCountry(sellerCountry) : visitorCurrency
  useEffect(() => {
    if (id || !startCurrency) return
    setDraft((d) =>
      d && !d.title && !d.price && d.currency !== startCurrency ? { ...d, currency: startCurrency } : d,
    )
  }, [startCurrency, id])

  const refresh = (next: Product) => {
    setProduct(next)
    void queryClient.invalidateQueries({ queryKey: catalogQueries.mine() })
  }
  const queue = useUploadQueue(refresh)
  const saving = useProductSave({
    kind,
    draft,
    current,
    uploads: queue.uploads,
    sendUploads: queue.send,
    onSaved: refresh,
    onCreated: (saved) => {
      createdHere.add(saved.id)
      void navigate({
        to: '.',
        search: (s: Record<string, unknown>) => ({ ...s, id: saved.id }),
        replace: true,
      } as never)
    },
  })

  // A draft saved here for the first time already has its product: the form stays (and the editor keeps
  // its caret) while the list of products is fetched.
  if (id && !product && mine.isError && !mine.isFetching)
    return (
      <section className="page">
        <p role="alert">
          <Trans>The product could not be loaded.</Trans> {mine.error.message}
        </p>
        <button type="button" className="button secondary" onClick={() => void mine.refetch()}>
          <Trans>
            <Trans>Try again</Trans>
          </Trans>
        </button>
      </section>
    )
  if (id && !fresh && !product)
    return (
      <p className="page">
        <Trans>Loading the product…</Trans>
      </p>
    )
  if (id && !loaded && !product)
    return (
      <section className="page">
        <h1>
          <Trans>Not found</Trans>
        </h1>
        <p>
          <Trans>This product is not among yours.</Trans>{' '}
          <Link to="/account/products/services">
            <Trans>See your products</Trans>
          </Link>
          .
        </p>
      </section>
    )
  if (!draft)
    return (
      <p className="page">
        <Trans>Loading the product…</Trans>
      </p>
    )
  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d))
  const form: DraftForm = { draft, set, errors: saving.errors }
  const { errors, busy } = saving

  return (
    <section className="page narrow product-editor" aria-labelledby="editor-heading">
      <EditorHeading title={title} current={current} />
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void saving.save(false)
        }}
      >
        <FormMessage message={saving.message?.text ?? null} tone={saving.message?.tone} />
        <DraftField form={form} name="title" label={t`Title`} required maxLength={120} />
        <LazyRichTextEditor
          label={t`Description`}
          name="description"
          defaultValue={draft.description}
          onChange={(description) => setDraft((d) => (d ? { ...d, description } : d))}
          error={errors.description}
        />
        <PriceFields kind={kind} form={form} />
        {kind === 'digital' && !draft.free ? <DigitalFields form={form} /> : null}
        {kind === 'service' ? <ServiceFields form={form} /> : null}
        {kind === 'merch' ? <MerchFields form={form} /> : null}
        {kind === 'event' ? <EventFields form={form} /> : null}
        {kind === 'membership' ? <MembershipFields form={form} files={current?.files ?? []} /> : null}

        <MediaField
          assetRole="image"
          product={current}
          uploads={queue.uploads}
          onPick={(f) => queue.pick('image', f, current)}
          onRemove={(a) => void saving.removeAsset('image', a)}
          onRetry={() => current && void queue.send(current, queue.uploads)}
          error={errors.images}
        />
        {kind === 'digital' || kind === 'membership' ? (
          <MediaField
            assetRole="file"
            forMembers={kind === 'membership'}
            product={current}
            uploads={queue.uploads}
            onPick={(f) => queue.pick('file', f, current)}
            onRemove={(a) => void saving.removeAsset('file', a)}
            onRetry={() => current && void queue.send(current, queue.uploads)}
            error={errors.files}
          />
        ) : null}

        <details className="advanced">
          <summary>
            <Trans>Web address and category</Trans>
          </summary>
          <DraftField
            form={form}
            name="slug"
            label={t`Web address`}
            hint={`${location.origin}/${draft.slug || 'made-from-the-title'}`}
            autoCapitalize="none"
            spellCheck={false}
          />
          <DraftField form={form} name="category" label={t`Category (e.g. Photography, Music, Apparel)`} />
        </details>
        {current && kind !== 'membership' ? (
          <UpsellField product={current} mine={mine.data?.products ?? []} onSaved={refresh} />
        ) : null}

        <div className="actions">
          <button type="submit" className="button secondary" disabled={busy} aria-busy={busy}>
            {busy ? t`Saving…` : current ? t`Save changes` : t`Save draft`}
          </button>
          {current?.status === 'published' ? (
            <button
              type="button"
              className="button secondary"
              onClick={() => void saving.setStatus('unpublishProduct')}
            >
              <Trans>
                <Trans>Unpublish</Trans>
              </Trans>
            </button>
          ) : (
            <button type="button" className="button" disabled={busy} onClick={() => void saving.save(true)}>
              {current ? t`Save and publish` : t`Publish`}
            </button>
          )}
        </div>
      </form>
    </section>
  )
}

/** The way back to the seller's products, the editor's heading, and where the product is on sale. */
function EditorHeading({ title, current }: { title: string; current: Product | null }) {
  const { t } = useLingui()
  return (
    <>
      <p>
        <Link to="/account/products/services">
          <Trans>Your products and services</Trans>
        </Link>
      </p>
      <h1 id="editor-heading">{current ? t`Edit “${current.title}”` : title}</h1>
      {current ? (
        <p className="muted">
          {current.status === 'published' ? (
            <Trans>
              On sale at{' '}
              <Link to="/$product" params={{ product: current.slug }}>
                /{current.slug}
              </Link>
            </Trans>
          ) : (
            t`Draft: only you can see it.`
          )}
        </p>
      ) : null}
    </>
  )
}

/** The editor's heading for a kind of product, new or being edited. */
function editorTitle(kind: ProductKind, editing: boolean): string {
  switch (kind) {
    case 'digital':
      return editing ? t`Edit digital product` : t`New digital product`
    case 'service':
      return editing ? t`Edit service` : t`New service`
    case 'merch':
      return editing ? t`Edit merch` : t`New merch`
    case 'event':
      return editing ? t`Edit event` : t`New event`
    case 'membership':
      return editing ? t`Edit membership` : t`New membership`
  }
}
