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
import { KIND_LABELS, useVisitorCurrency } from '../money'
import { DigitalFields } from './DigitalFields'
import { DraftField, type DraftForm } from './DraftField'
import { type Draft, draftOf, emptyDraft } from './draft'
import { EventFields } from './EventFields'
import { LazyRichTextEditor } from './LazyRichTextEditor'
import { MediaField } from './MediaField'
import { MerchFields } from './MerchFields'
import { PriceFields } from './PriceFields'
import { ServiceFields } from './ServiceFields'
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
  const title = `${id ? 'Edit' : 'New'} ${KIND_LABELS[kind].toLowerCase()}`
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
        <p role="alert">The product could not be loaded. {mine.error.message}</p>
        <button type="button" className="button secondary" onClick={() => void mine.refetch()}>
          Try again
        </button>
      </section>
    )
  if (id && !fresh && !product) return <p className="page">Loading the product…</p>
  if (id && !loaded && !product)
    return (
      <section className="page">
        <h1>Not found</h1>
        <p>
          This product is not among yours. <Link to="/account/products/services">See your products</Link>.
        </p>
      </section>
    )
  if (!draft) return <p className="page">Loading the product…</p>
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
        <DraftField form={form} name="title" label="Title" required maxLength={120} />
        <LazyRichTextEditor
          label="Description"
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

        <MediaField
          assetRole="image"
          product={current}
          uploads={queue.uploads}
          onPick={(f) => queue.pick('image', f, current)}
          onRemove={(a) => void saving.removeAsset('image', a)}
          onRetry={() => current && void queue.send(current, queue.uploads)}
          error={errors.images}
        />
        {kind === 'digital' ? (
          <MediaField
            assetRole="file"
            product={current}
            uploads={queue.uploads}
            onPick={(f) => queue.pick('file', f, current)}
            onRemove={(a) => void saving.removeAsset('file', a)}
            onRetry={() => current && void queue.send(current, queue.uploads)}
            error={errors.files}
          />
        ) : null}

        <details className="advanced">
          <summary>Web address and category</summary>
          <DraftField
            form={form}
            name="slug"
            label="Web address"
            hint={`${location.origin}/${draft.slug || 'made-from-the-title'}`}
            autoCapitalize="none"
            spellCheck={false}
          />
          <DraftField form={form} name="category" label="Category (e.g. Photography, Music, Apparel)" />
        </details>

        <div className="actions">
          <button type="submit" className="button secondary" disabled={busy} aria-busy={busy}>
            {busy ? 'Saving…' : current ? 'Save changes' : 'Save draft'}
          </button>
          {current?.status === 'published' ? (
            <button
              type="button"
              className="button secondary"
              onClick={() => void saving.setStatus('unpublishProduct')}
            >
              Unpublish
            </button>
          ) : (
            <button type="button" className="button" disabled={busy} onClick={() => void saving.save(true)}>
              {current ? 'Save and publish' : 'Publish'}
            </button>
          )}
        </div>
      </form>
    </section>
  )
}

/** The way back to the seller's products, the editor's heading, and where the product is on sale. */
function EditorHeading({ title, current }: { title: string; current: Product | null }) {
  return (
    <>
      <p>
        <Link to="/account/products/services">Your products and services</Link>
      </p>
      <h1 id="editor-heading">{current ? `Edit “${current.title}”` : title}</h1>
      {current ? (
        <p className="muted">
          {current.status === 'published' ? (
            <>
              On sale at{' '}
              <Link to="/$product" params={{ product: current.slug }}>
                /{current.slug}
              </Link>
            </>
          ) : (
            'Draft: only you can see it.'
          )}
        </p>
      ) : null}
    </>
  )
}
