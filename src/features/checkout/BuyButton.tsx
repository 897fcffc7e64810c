import { Trans } from '@lingui/react/macro'
import { type ComponentType, useEffect, useState } from 'react'
import type { PublicProduct } from '../../../contract/storefront'

type CheckoutComponent = ComponentType<{ product: PublicProduct }>

/** The checkout's code, fetched once; pointing at or focusing the button starts it early. */
let loading: Promise<CheckoutComponent> | undefined
const loadCheckout = () => {
  loading ??= import('./Checkout').then((module) => module.Checkout)
  loading.catch(() => {
    loading = undefined
  })
  return loading
}

/**
 * The buy button: it opens the checkout in place, loading its code only then, so the product page's
 * first load stays small. It is server-rendered inside a form for `/buy/{slug}`, the checkout the server
 * answers as plain forms: without script (Opera Mini, KaiOS, a script that did not arrive) the press
 * opens that checkout instead of being lost. A page opened with `?buy=1` opens the checkout by itself.
 */
export function BuyButton({ product, label }: { product: PublicProduct; label: string }) {
  const [Checkout, setCheckout] = useState<CheckoutComponent | null>(null)
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle')
  const open = async () => {
    if (state === 'loading') return
    setState('loading')
    try {
      const loaded = await loadCheckout()
      setCheckout(() => loaded)
      setState('idle')
    } catch {
      setState('failed')
    }
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens with ?buy=1
  useEffect(() => {
    if (new URLSearchParams(window.location.search).has('buy')) void open()
  }, [])
  // Open, the form takes the button's place and its heading takes the focus.
  if (Checkout) return <Checkout product={product} />
  return (
    <form
      method="get"
      action={`/buy/${encodeURIComponent(product.slug)}`}
      className="buy-form"
      onSubmit={(event) => event.preventDefault()}
    >
      <button
        type="submit"
        className="button"
        aria-busy={state === 'loading'}
        onPointerEnter={() => void loadCheckout().catch(() => undefined)}
        onFocus={() => void loadCheckout().catch(() => undefined)}
        onClick={() => void open()}
      >
        {label}
      </button>
      {state === 'loading' ? (
        <p role="status">
          <Trans>Opening checkout…</Trans>
        </p>
      ) : null}
      {state === 'failed' ? (
        <p className="form-message form-message-error" role="alert">
          <Trans>Checkout could not open: check your connection, then press {label} again.</Trans>
        </p>
      ) : null}
    </form>
  )
}
