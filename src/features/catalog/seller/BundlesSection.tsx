import { plural, t as say } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import type { BundleView } from '../../../../contract/bundles.contract'
import type { Product } from '../../../../contract/catalog.contract'
import type { CurrencyCode } from '../../../../contract/currencies'
import { errorState, Field, FormMessage, TextAreaField } from '../../../components/Form'
import { ListState } from '../../../components/ListState'
import { formatMoney, majorText, toMinor } from '../../../lib/money'
import { rpc } from '../../../lib/rpc'
import { money } from '../money'

/** A seller's bundles: listed with what each saves and whether it sells now, and made or changed below. */

const bundlesKey = ['catalog', 'bundles'] as const

/** The variants or ticket types a part may be: none for a download. */
function itemsOf(product: Product): { id: string; label: string; amount: number }[] {
  if (product.kind === 'merch')
    return product.details.variants.map((v) => ({
      id: v.id ?? '',
      label: Object.values(v.options).join(' / ') || product.title,
      amount: v.price.amount,
    }))
  if (product.kind === 'event')
    return product.details.ticketTypes.map((type) => ({
      id: type.id ?? '',
      label: type.name,
      amount: type.price.amount,
    }))
  return []
}

/** What a product costs alone as the part it would be (its variant or ticket type). */
function partPrice(product: Product, itemKey: string): number {
  const items = itemsOf(product)
  return items.length === 0
    ? product.price.amount
    : ((items.find((i) => i.id === itemKey) ?? items[0])?.amount ?? 0)
}

export function BundlesSection({ products }: { products: Product[] }) {
  const { t } = useLingui()
  const list = useQuery({
    queryKey: bundlesKey,
    queryFn: ({ signal }) => rpc('listMyBundles', {}, { signal }),
  })
  const [editing, setEditing] = useState<BundleView | null>(null)
  const [formKey, setFormKey] = useState(0)
  const bundles = list.data?.bundles ?? []
  const onSale = products.filter((p) => p.status === 'published' && p.kind !== 'service')
  return (
    <section aria-labelledby="bundles-heading" className="bundles">
      <h2 id="bundles-heading">
        <Trans>Bundles</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Sell two or more of your products together for less than they cost alone. Each part reaches the
          buyer as if bought alone: files, named tickets, merch to send.
        </Trans>
      </p>
      <ListState list={list} what={t`your bundles`} />
      {list.isSuccess && bundles.length === 0 ? (
        <p className="muted">
          <Trans>No bundles yet.</Trans>
        </p>
      ) : null}
      {bundles.length > 0 ? (
        <ul className="cards">
          {bundles.map((bundle) => (
            <BundleCard
              key={bundle.id}
              bundle={bundle}
              onEdit={() => {
                setEditing(bundle)
                setFormKey((k) => k + 1)
              }}
            />
          ))}
        </ul>
      ) : null}
      {onSale.length < 2 ? (
        <p className="muted">
          <Trans>Put at least two downloads, events or merch on sale to bundle them.</Trans>
        </p>
      ) : (
        <BundleForm
          key={formKey}
          bundle={editing}
          products={onSale}
          onDone={() => {
            setEditing(null)
            setFormKey((k) => k + 1)
          }}
        />
      )}
    </section>
  )
}

function BundleCard({ bundle, onEdit }: { bundle: BundleView; onEdit: () => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const act = useMutation({
    mutationFn: async (what: 'publish' | 'unpublish' | 'delete') => {
      if (what === 'delete') await rpc('deleteBundle', { id: bundle.id })
      else await rpc('publishBundle', { id: bundle.id, published: what === 'publish' })
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bundlesKey }),
  })
  const failed = act.isError ? errorState(act.error) : null
  const worth = money(bundle.worth)
  const saving = money(bundle.saving)
  const why = bundle.blocked ? blockedText(bundle.blocked) : null
  const published = bundle.status === 'published'
  return (
    <li className="card bundle-card">
      <h3>
        {bundle.title}{' '}
        <span className={`badge badge-${bundle.status}`}>{published ? t`On sale` : t`Draft`}</span>
      </h3>
      <p className="muted">{bundle.parts.map((part) => part.title).join(' + ')}</p>
      <p>
        <strong>{money(bundle.price)}</strong>{' '}
        <span className="muted">{t`instead of ${worth}: you save ${saving}`}</span>
      </p>
      <p className="muted">
        {plural(bundle.sales, { 0: 'Not sold yet', one: 'Sold once', other: 'Sold # times' })}
      </p>
      {why ? <p role="status">{why}</p> : null}
      <FormMessage message={failed?.message ?? null} />
      <p className="actions">
        {published ? <a href={`/buy/bundles/${bundle.id}`}>{t`View`}</a> : null}
        <button type="button" className="link-button" onClick={onEdit}>
          {t`Edit`} <span className="visually-hidden">{bundle.title}</span>
        </button>
        <button
          type="button"
          className="link-button"
          disabled={act.isPending}
          onClick={() => act.mutate(published ? 'unpublish' : 'publish')}
        >
          {published ? t`Unpublish` : t`Publish`} <span className="visually-hidden">{bundle.title}</span>
        </button>
        <button
          type="button"
          className="link-button danger"
          disabled={act.isPending}
          onClick={() => {
            if (window.confirm(t`Delete the bundle “${bundle.title}”? Buyers keep what they bought.`))
              act.mutate('delete')
          }}
        >
          {t`Delete`} <span className="visually-hidden">{bundle.title}</span>
        </button>
      </p>
    </li>
  )
}

function blockedText(blocked: NonNullable<BundleView['blocked']>): string {
  const title = blocked.title ?? ''
  switch (blocked.reason) {
    case 'offSale':
      return say`Not for sale now: ${title} is off sale.`
    case 'soldOut':
      return say`Not for sale now: ${title} is sold out.`
    case 'closed':
      return say`Not for sale now: tickets for ${title} are not sold now.`
    case 'currency':
      return say`Not for sale now: ${title} is priced in another currency. Change the bundle.`
    default:
      return say`Not for sale now: its parts cost less alone. Lower its price.`
  }
}

/** The bundle's form: its title, its parts (ticked, with the variant or ticket type), and its price. */
function BundleForm({
  bundle,
  products,
  onDone,
}: {
  bundle: BundleView | null
  products: Product[]
  onDone: () => void
}) {
  const { t } = useLingui()
  const id = useId()
  const queryClient = useQueryClient()
  const [chosen, setChosen] = useState<Map<string, string>>(
    () => new Map(bundle?.parts.map((part) => [part.productId, part.itemKey]) ?? []),
  )
  const picked = products.filter((p) => chosen.has(p.id))
  const currency: CurrencyCode = picked[0]?.price.currency ?? products[0]?.price.currency ?? 'KES'
  const worth = picked.reduce((sum, p) => sum + partPrice(p, chosen.get(p.id) ?? ''), 0)
  const save = useMutation({
    mutationFn: (data: FormData) => {
      const typed = String(data.get('price') ?? '')
      const amount = toMinor(typed, currency)
      const input = {
        ...(bundle ? { id: bundle.id } : {}),
        title: String(data.get('title') ?? ''),
        description: String(data.get('description') ?? ''),
        // Left empty or not an amount: sent without one, so the answer says to give it.
        price: amount === null ? { currency } : { amount, currency },
        parts: picked.map((p) => ({
          productId: p.id,
          ...(chosen.get(p.id) ? { itemKey: chosen.get(p.id) } : {}),
        })),
      }
      return rpc('saveBundle', input as never)
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: bundlesKey })
      onDone()
    },
  })
  const failed = save.isError ? errorState(save.error) : null
  const errors = failed?.errors ?? {}
  // Opened to change a bundle, the form takes the focus once, so the seller is brought to it.
  const heading = useRef<HTMLHeadingElement>(null)
  const editing = bundle !== null
  useEffect(() => {
    if (editing) heading.current?.focus()
  }, [editing])
  // A part's refusal names its place among the parts sent: shown beside that product.
  const partError = (productId: string) => {
    const at = picked.findIndex((p) => p.id === productId)
    return at < 0 ? undefined : (errors[`parts.${at}.productId`] ?? errors[`parts.${at}.itemKey`])
  }
  return (
    <section aria-labelledby={`${id}-heading`} className="card bundle-card">
      <h3 id={`${id}-heading`} tabIndex={-1} ref={heading}>
        {bundle ? t`Change “${bundle.title}”` : t`Make a bundle`}
      </h3>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          save.mutate(new FormData(event.currentTarget))
        }}
      >
        <Field label={t`Title`} name="title" defaultValue={bundle?.title} maxLength={120} errors={errors} />
        <TextAreaField
          label={t`Description (optional)`}
          name="description"
          defaultValue={bundle?.description}
          maxLength={2000}
          rows={3}
          errors={errors}
        />
        <fieldset className="fieldset" aria-describedby={errors.parts ? `${id}-parts-error` : undefined}>
          <legend>
            <Trans>Products in the bundle</Trans>
          </legend>
          <p className="field-hint">
            <Trans>Two to ten of your downloads, events (one at most) and merch on sale.</Trans>
          </p>
          {products.map((product) => {
            const items = itemsOf(product)
            const itemKey = chosen.get(product.id)
            const error = partError(product.id)
            return (
              <div key={product.id} className="field">
                <label className="field-check">
                  <input
                    type="checkbox"
                    checked={itemKey !== undefined}
                    aria-invalid={error ? true : undefined}
                    onChange={(event) => {
                      const next = new Map(chosen)
                      if (event.currentTarget.checked)
                        next.set(product.id, items.length > 1 ? (items[0]?.id ?? '') : '')
                      else next.delete(product.id)
                      setChosen(next)
                    }}
                  />{' '}
                  {product.title} ·{' '}
                  {money({ amount: partPrice(product, itemKey ?? ''), currency: product.price.currency })}
                </label>
                {itemKey !== undefined && items.length > 1 ? (
                  <label className="field-inline">
                    {product.kind === 'merch' ? t`Variant` : t`Ticket type`}{' '}
                    <select
                      value={itemKey}
                      onChange={(event) =>
                        setChosen(new Map(chosen).set(product.id, event.currentTarget.value))
                      }
                    >
                      {items.map((item) => (
                        <option key={item.id} value={item.id}>
                          {item.label} · {formatMoney(item.amount, product.price.currency)}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : null}
                {error ? (
                  <p className="field-error" role="alert">
                    {error}
                  </p>
                ) : null}
              </div>
            )
          })}
          {errors.parts ? (
            <p className="field-error" id={`${id}-parts-error`} role="alert">
              {errors.parts}
            </p>
          ) : null}
        </fieldset>
        <Field
          label={t`Bundle price in ${currency}`}
          name="price"
          inputMode="decimal"
          defaultValue={bundle ? majorText(bundle.price.amount, bundle.price.currency) : undefined}
          hint={
            picked.length > 0
              ? t`Bought alone they cost ${formatMoney(worth, currency)}: price it below that.`
              : undefined
          }
          errors={errors}
          errorKeys={['price.amount', 'price.currency']}
        />
        <FormMessage message={failed?.message ?? null} />
        <p className="actions">
          <button type="submit" className="button" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? t`Saving…` : bundle ? t`Save the bundle` : t`Make the bundle`}
          </button>
          {bundle ? (
            <button type="button" className="button secondary" onClick={onDone}>
              {t`Cancel`}
            </button>
          ) : null}
        </p>
      </form>
    </section>
  )
}
