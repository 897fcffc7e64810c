import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import type { ProductKind } from '../../../../contract/catalog.constants'
import type { Product } from '../../../../contract/catalog.contract'
import { currencyCodes } from '../../../../contract/currencies'
import { timeZones } from '../../../../contract/zoned-time'
import { errorState, Field, FormMessage, SelectField } from '../../../components/Form'
import { uploadToProduct } from '../../../lib/resumable-upload'
import { RpcError, rpc } from '../../../lib/rpc'
import { usePageTitle } from '../../../lib/title'
import { catalogQueries } from '../catalog.queries'
import { KIND_LABELS, useVisitorCurrency } from '../money'
import { DAYS } from '../ProductPage'
import { buildProduct, type Draft, draftOf, emptyDraft } from './draft'
import { LazyRichTextEditor } from './LazyRichTextEditor'
import { MediaField, type QueuedUpload } from './MediaField'

type Errors = Record<string, string>

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

/** Rows of a repeated group (availability, variants, tickets) with add and remove buttons. */
function Rows<T>({
  legend,
  rows,
  onChange,
  blank,
  addLabel,
  min = 1,
  render,
  name,
  error,
}: {
  legend: string
  /** The rows' own field, for a message about them all ("add stock to at least one"). */
  name?: string
  error?: string | undefined
  rows: T[]
  onChange: (rows: T[]) => void
  blank: T
  addLabel: string
  min?: number
  render: (row: T, i: number, set: (patch: Partial<T>) => void) => ReactNode
}) {
  const errorId = name ? `${name}-error` : undefined
  return (
    <fieldset
      className="fieldset rows"
      data-name={name}
      tabIndex={name ? -1 : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>{legend}</legend>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved
        <div key={i} className="row-group">
          {render(row, i, (patch) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r))))}
          {rows.length > min ? (
            <button
              type="button"
              className="link-button"
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              Remove
            </button>
          ) : null}
        </div>
      ))}
      <button type="button" className="button secondary" onClick={() => onChange([...rows, blank])}>
        {addLabel}
      </button>
    </fieldset>
  )
}

function WhereFields({
  draft,
  set,
  errors,
}: {
  draft: Draft
  set: (p: Partial<Draft>) => void
  errors: Errors
}) {
  return (
    <fieldset className="fieldset">
      <legend>Where</legend>
      <label className="field-check">
        <input
          type="radio"
          name="whereKind"
          checked={draft.whereKind === 'online'}
          onChange={() => set({ whereKind: 'online' })}
        />
        Online
      </label>
      <label className="field-check">
        <input
          type="radio"
          name="whereKind"
          checked={draft.whereKind === 'place'}
          onChange={() => set({ whereKind: 'place' })}
        />
        At a place
      </label>
      {draft.whereKind === 'online' ? (
        <Field
          label="Meeting link"
          name="details.where.url"
          type="url"
          placeholder="https://"
          value={draft.url}
          onChange={(e) => set({ url: e.target.value })}
          hint="Only buyers see it, after they pay."
          errors={errors}
        />
      ) : (
        <Field
          label="Address"
          name="details.where.address"
          value={draft.address}
          onChange={(e) => set({ address: e.target.value })}
          errors={errors}
        />
      )}
      <SelectField
        label="Time zone"
        name="details.timeZone"
        value={draft.timeZone}
        onChange={(timeZone) => set({ timeZone })}
        options={timeZones().map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }))}
        errors={errors}
      />
    </fieldset>
  )
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
  const loaded = id ? (mine.data?.products.find((p) => p.id === id) ?? null) : null
  const [product, setProduct] = useState<Product | null>(null)
  const current = product ?? loaded
  const [draft, setDraft] = useState<Draft | null>(id ? null : emptyDraft(visitorCurrency ?? 'KES'))
  const [errors, setErrors] = useState<Errors>({})
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'ok' } | null>(null)
  const [busy, setBusy] = useState(false)
  const [uploads, setUploads] = useState<QueuedUpload[]>([])
  const sending = useRef(false)
  const title = `${id ? 'Edit' : 'New'} ${KIND_LABELS[kind].toLowerCase()}`
  usePageTitle(title)

  useEffect(() => {
    if (loaded && !draft) setDraft(draftOf(loaded))
  }, [loaded, draft])
  // A new product starts in the visitor's currency once it is known, unless the seller has begun typing.
  useEffect(() => {
    if (id || !visitorCurrency) return
    setDraft((d) =>
      d && !d.title && !d.price && d.currency !== visitorCurrency ? { ...d, currency: visitorCurrency } : d,
    )
  }, [visitorCurrency, id])

  const refresh = (next: Product) => {
    setProduct(next)
    void queryClient.invalidateQueries({ queryKey: catalogQueries.mine() })
  }

  /** Sends what is queued, one file at a time, so parts do not compete for a thin connection. */
  const sendUploads = async (target: Product, queue: QueuedUpload[]): Promise<Product> => {
    if (sending.current) return target
    sending.current = true
    let latest = target
    try {
      for (const upload of queue.filter((u) => u.state === 'waiting' || u.state === 'failed')) {
        const patch = (p: Partial<QueuedUpload>) =>
          setUploads((all) => all.map((u) => (u.key === upload.key ? { ...u, ...p } : u)))
        try {
          latest = await uploadToProduct(latest.id, upload.role, upload.file, (progress) =>
            patch({ sent: progress.sent, state: progress.phase === 'starting' ? 'sending' : progress.phase }),
          )
          refresh(latest)
          setUploads((all) => all.filter((u) => u.key !== upload.key))
        } catch (error) {
          patch({
            state: 'failed',
            error: error instanceof RpcError ? error.message : 'The upload stopped. Check your connection.',
          })
        }
      }
    } finally {
      sending.current = false
    }
    return latest
  }

  const pick = (role: 'image' | 'file', files: File[]) => {
    const queued = files.map((file) => ({
      key: `${file.name}-${file.size}-${file.lastModified}-${Math.random()}`,
      role,
      file,
      sent: 0,
      state: 'waiting' as const,
    }))
    setUploads((all) => [...all, ...queued])
    if (current) void sendUploads(current, queued)
  }

  const removeAsset = async (role: 'image' | 'file', assetId: string) => {
    if (!current) return
    const keep = (role === 'image' ? current.images : current.files)
      .map((a) => a.id)
      .filter((a) => a !== assetId)
    try {
      const { product: next } = await rpc('updateProduct', {
        id: current.id,
        ...(role === 'image' ? { images: keep } : { files: keep }),
      })
      refresh(next)
    } catch (error) {
      setMessage({ text: errorState(error).message ?? 'Could not remove it.', tone: 'error' })
    }
  }

  const save = async (publish: boolean) => {
    if (!draft || busy) return
    setMessage(null)
    const built = buildProduct(kind, draft)
    if (!built.product) {
      setErrors(built.errors)
      setMessage({ text: 'Check the fields marked below.', tone: 'error' })
      focusFirst(built.errors)
      return
    }
    setErrors({})
    setBusy(true)
    try {
      // The kind is the editor's: sent when creating, never when changing (it cannot change).
      const { kind: _kind, category, slug, ...rest } = built.product
      let saved: Product
      if (current) {
        saved = (
          await rpc('updateProduct', {
            id: current.id,
            ...rest,
            category: category || null,
            ...(slug && slug !== current.slug ? { slug } : {}),
          })
        ).product
      } else {
        // An empty category or slug is left out (undefined is not sent): the server makes the slug.
        saved = (
          await rpc('createProduct', {
            ...built.product,
            category: category || undefined,
            slug: slug || undefined,
          })
        ).product
        createdHere.add(saved.id)
        void navigate({
          to: '.',
          search: (s: Record<string, unknown>) => ({ ...s, id: saved.id }),
          replace: true,
        } as never)
      }
      refresh(saved)
      saved = await sendUploads(saved, uploads)
      if (publish && saved.status !== 'published')
        saved = (await rpc('publishProduct', { id: saved.id })).product
      refresh(saved)
      setMessage({
        text: saved.status === 'published' ? `Published: it is on sale at /${saved.slug}.` : 'Draft saved.',
        tone: 'ok',
      })
    } catch (error) {
      const state = errorState(error)
      setErrors(state.errors)
      setMessage({ text: state.message ?? 'Could not save. Try again.', tone: 'error' })
      focusFirst(state.errors)
    } finally {
      setBusy(false)
    }
  }

  const setStatus = async (subject: 'publishProduct' | 'unpublishProduct') => {
    if (!current) return
    try {
      refresh((await rpc(subject, { id: current.id })).product)
      setMessage({
        text: subject === 'publishProduct' ? 'Published.' : 'Taken off sale: it is a draft again.',
        tone: 'ok',
      })
    } catch (error) {
      const state = errorState(error)
      setErrors(state.errors)
      setMessage({ text: state.message ?? 'Could not change it.', tone: 'error' })
    }
  }

  // A draft saved here for the first time already has its product: the form stays (and the editor keeps
  // its caret) while the list of products is fetched.
  if (id && mine.isPending && !product) return <p className="page">Loading the product…</p>
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
  const field = (
    name: keyof Draft,
    label: string,
    props: Record<string, unknown> = {},
    errorKey = String(name),
  ) => (
    <Field
      label={label}
      name={errorKey}
      value={String(draft[name])}
      onChange={(e) => set({ [name]: e.target.value } as Partial<Draft>)}
      errors={errors}
      {...props}
    />
  )
  const moneyHint = `In ${draft.currency}, e.g. 1500 or 9.99`

  return (
    <section className="page narrow product-editor" aria-labelledby="editor-heading">
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
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void save(false)
        }}
      >
        <FormMessage message={message?.text ?? null} tone={message?.tone} />
        {field('title', 'Title', { required: true, maxLength: 120 })}
        <LazyRichTextEditor
          label="Description"
          name="description"
          defaultValue={draft.description}
          onChange={(description) => setDraft((d) => (d ? { ...d, description } : d))}
          error={errors.description}
        />
        <SelectField
          label="Currency buyers pay in"
          name="price.currency"
          value={draft.currency}
          onChange={(currency) => set({ currency: currency as Draft['currency'] })}
          options={currencyCodes.map((code) => ({ value: code, label: code }))}
          errors={errors}
        />
        {kind === 'digital' ? (
          <label className="field-check">
            <input type="checkbox" checked={draft.free} onChange={(e) => set({ free: e.target.checked })} />{' '}
            Free download
          </label>
        ) : null}
        {kind !== 'event' && !(kind === 'digital' && draft.free)
          ? field(
              'price',
              kind === 'digital' && draft.payWhatYouWant ? 'Suggested price' : 'Price',
              { inputMode: 'decimal', hint: moneyHint },
              'price.amount',
            )
          : null}
        {kind === 'digital' && !draft.free ? (
          <>
            <label className="field-check">
              <input
                type="checkbox"
                checked={draft.payWhatYouWant}
                onChange={(e) => set({ payWhatYouWant: e.target.checked })}
              />{' '}
              Let buyers pay what they want
            </label>
            {draft.payWhatYouWant
              ? field(
                  'minimum',
                  'Least they may pay',
                  { inputMode: 'decimal', hint: moneyHint },
                  'details.payWhatYouWant.minimum.amount',
                )
              : null}
            {field(
              'downloadLimit',
              'Downloads per buyer (leave empty for no limit)',
              { inputMode: 'numeric' },
              'details.downloadLimit',
            )}
          </>
        ) : null}

        {kind === 'service' ? (
          <>
            {field(
              'durationMinutes',
              'Length of a session (minutes)',
              { inputMode: 'numeric' },
              'details.durationMinutes',
            )}
            <WhereFields draft={draft} set={set} errors={errors} />
            <Rows
              legend="When people can book (each week)"
              rows={draft.availability}
              onChange={(availability) => set({ availability })}
              blank={{ day: '1', from: '09:00', to: '17:00' }}
              addLabel="Add a time"
              render={(slot, i, patch) => (
                <>
                  <SelectField
                    label="Day"
                    name={`details.availability.${i}.day`}
                    value={slot.day}
                    onChange={(day) => patch({ day })}
                    options={DAYS.map((d, n) => ({ value: String(n), label: d }))}
                    errors={errors}
                  />
                  <Field
                    label="From"
                    name={`details.availability.${i}.from`}
                    type="time"
                    value={slot.from}
                    onChange={(e) => patch({ from: e.target.value })}
                    errors={errors}
                  />
                  <Field
                    label="To"
                    name={`details.availability.${i}.to`}
                    type="time"
                    value={slot.to}
                    onChange={(e) => patch({ to: e.target.value })}
                    errors={errors}
                  />
                </>
              )}
            />
            {field('exceptions', 'Days off (dates, e.g. 2026-12-25, 2026-12-26)', {}, 'details.exceptions')}
            {field(
              'bufferMinutes',
              'Break between bookings (minutes)',
              { inputMode: 'numeric' },
              'details.bufferMinutes',
            )}
            {field(
              'bookAheadDays',
              'How many days ahead people may book',
              { inputMode: 'numeric' },
              'details.bookAheadDays',
            )}
          </>
        ) : null}

        {kind === 'merch' ? (
          <>
            <Rows
              legend="Variants (size × colour)"
              name="details.variants"
              error={errors['details.variants']}
              rows={draft.variants}
              onChange={(variants) => set({ variants })}
              blank={{ size: '', colour: '', price: '', stock: '0', sku: '' }}
              addLabel="Add a variant"
              render={(v, i, patch) => (
                <>
                  <Field
                    label="Size"
                    name={`details.variants.${i}.options.size`}
                    value={v.size}
                    onChange={(e) => patch({ size: e.target.value })}
                    errors={errors}
                  />
                  <Field
                    label="Colour"
                    name={`details.variants.${i}.options.colour`}
                    value={v.colour}
                    onChange={(e) => patch({ colour: e.target.value })}
                    errors={errors}
                  />
                  <Field
                    label="Variant price"
                    name={`details.variants.${i}.price.amount`}
                    inputMode="decimal"
                    placeholder="Same as the product"
                    value={v.price}
                    onChange={(e) => patch({ price: e.target.value })}
                    errors={errors}
                  />
                  <Field
                    label="In stock"
                    name={`details.variants.${i}.stock`}
                    inputMode="numeric"
                    value={v.stock}
                    onChange={(e) => patch({ stock: e.target.value })}
                    errors={errors}
                  />
                  <Field
                    label="SKU"
                    name={`details.variants.${i}.sku`}
                    value={v.sku}
                    onChange={(e) => patch({ sku: e.target.value })}
                    errors={errors}
                  />
                </>
              )}
            />
            <Rows
              legend="Shipping zones"
              name="details.shippingZones"
              error={errors['details.shippingZones']}
              rows={draft.zones}
              min={0}
              onChange={(zones) => set({ zones })}
              blank={{ name: '', countries: '', fee: '' }}
              addLabel="Add a shipping zone"
              render={(z, i, patch) => (
                <>
                  <Field
                    label="Zone name"
                    name={`details.shippingZones.${i}.name`}
                    value={z.name}
                    onChange={(e) => patch({ name: e.target.value })}
                    errors={errors}
                  />
                  <Field
                    label="Countries (codes, e.g. KE, UG)"
                    name={`details.shippingZones.${i}.countries`}
                    value={z.countries}
                    onChange={(e) => patch({ countries: e.target.value })}
                    errors={errors}
                    errorKeys={[`details.shippingZones.${i}.countries.0`]}
                  />
                  <Field
                    label="Fee"
                    name={`details.shippingZones.${i}.fee.amount`}
                    inputMode="decimal"
                    value={z.fee}
                    onChange={(e) => patch({ fee: e.target.value })}
                    errors={errors}
                  />
                </>
              )}
            />
            <label className="field-check">
              <input
                type="checkbox"
                checked={draft.pickup}
                onChange={(e) => set({ pickup: e.target.checked })}
              />{' '}
              Buyers can pick up
            </label>
            {draft.pickup ? field('pickupAddress', 'Pickup address', {}, 'details.pickup.address') : null}
          </>
        ) : null}

        {kind === 'event' ? (
          <>
            <WhereFields draft={draft} set={set} errors={errors} />
            {field(
              'startsAt',
              'Starts',
              { type: 'datetime-local', hint: `In ${draft.timeZone} time` },
              'details.startsAt',
            )}
            {field('endsAt', 'Ends (optional)', { type: 'datetime-local' }, 'details.endsAt')}
            <Rows
              legend="Tickets"
              rows={draft.tickets}
              onChange={(tickets) => set({ tickets })}
              blank={{ name: '', price: '', capacity: '50', saleStartsAt: '', saleEndsAt: '' }}
              addLabel="Add a ticket type"
              render={(t, i, patch) => (
                <>
                  <Field
                    label="Ticket name"
                    name={`details.ticketTypes.${i}.name`}
                    value={t.name}
                    onChange={(e) => patch({ name: e.target.value })}
                    errors={errors}
                  />
                  <Field
                    label="Price (0 for free)"
                    name={`details.ticketTypes.${i}.price.amount`}
                    inputMode="decimal"
                    value={t.price}
                    onChange={(e) => patch({ price: e.target.value })}
                    errors={errors}
                    errorKeys={[`details.ticketTypes.${i}.price.currency`]}
                  />
                  <Field
                    label="How many"
                    name={`details.ticketTypes.${i}.capacity`}
                    inputMode="numeric"
                    value={t.capacity}
                    onChange={(e) => patch({ capacity: e.target.value })}
                    errors={errors}
                  />
                  <Field
                    label="Sales open (optional)"
                    name={`details.ticketTypes.${i}.saleStartsAt`}
                    type="datetime-local"
                    value={t.saleStartsAt}
                    onChange={(e) => patch({ saleStartsAt: e.target.value })}
                    errors={errors}
                  />
                  <Field
                    label="Sales close (optional)"
                    name={`details.ticketTypes.${i}.saleEndsAt`}
                    type="datetime-local"
                    value={t.saleEndsAt}
                    onChange={(e) => patch({ saleEndsAt: e.target.value })}
                    errors={errors}
                  />
                </>
              )}
            />
          </>
        ) : null}

        <MediaField
          assetRole="image"
          product={current}
          uploads={uploads}
          onPick={(f) => pick('image', f)}
          onRemove={(a) => void removeAsset('image', a)}
          onRetry={() => current && void sendUploads(current, uploads)}
          error={errors.images}
        />
        {kind === 'digital' ? (
          <MediaField
            assetRole="file"
            product={current}
            uploads={uploads}
            onPick={(f) => pick('file', f)}
            onRemove={(a) => void removeAsset('file', a)}
            onRetry={() => current && void sendUploads(current, uploads)}
            error={errors.files}
          />
        ) : null}

        <details className="advanced">
          <summary>Web address and category</summary>
          {field('slug', 'Web address', {
            hint: `${location.origin}/${draft.slug || 'made-from-the-title'}`,
            autoCapitalize: 'none',
            spellCheck: false,
          })}
          {field('category', 'Category (e.g. Photography, Music, Apparel)')}
        </details>

        <div className="actions">
          <button type="submit" className="button secondary" disabled={busy} aria-busy={busy}>
            {busy ? 'Saving…' : current ? 'Save changes' : 'Save draft'}
          </button>
          {current?.status === 'published' ? (
            <button
              type="button"
              className="button secondary"
              onClick={() => void setStatus('unpublishProduct')}
            >
              Unpublish
            </button>
          ) : (
            <button type="button" className="button" disabled={busy} onClick={() => void save(true)}>
              {current ? 'Save and publish' : 'Publish'}
            </button>
          )}
        </div>
      </form>
    </section>
  )
}

function focusFirst(errors: Errors) {
  const first = Object.keys(errors)[0]
  if (!first) return
  requestAnimationFrame(() =>
    document
      .querySelector<HTMLElement>(`[name="${CSS.escape(first)}"], [data-name="${CSS.escape(first)}"]`)
      ?.focus(),
  )
}
