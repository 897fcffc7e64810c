import { t } from '@lingui/core/macro'
import { useState } from 'react'
import type { ProductKind } from '../../../../contract/catalog.constants'
import type { Product } from '../../../../contract/catalog.contract'
import { errorState } from '../../../components/Form'
import { rpc } from '../../../lib/rpc'
import { type BuiltProduct, buildProduct, type Draft } from './draft'
import type { QueuedUpload } from './MediaField'

export type Errors = Record<string, string>
export type EditorMessage = { text: string; tone: 'error' | 'ok' }

/**
 * Saving the editor's draft: creating the product (or saving its changes), sending the queued uploads,
 * publishing or taking it off sale, and removing a photo or file; with the server's message for each
 * field and one for the whole form.
 */
export function useProductSave({
  kind,
  draft,
  current,
  uploads,
  sendUploads,
  onSaved,
  onCreated,
}: {
  kind: ProductKind
  draft: Draft | null
  /** The product as last saved, or null before the first save. */
  current: Product | null
  uploads: QueuedUpload[]
  sendUploads: (target: Product, queue: QueuedUpload[]) => Promise<Product>
  /** Each product the server returns, newest last. */
  onSaved: (product: Product) => void
  /** A new product's first save, before anything else is done with it. */
  onCreated: (product: Product) => void
}) {
  const [errors, setErrors] = useState<Errors>({})
  const [message, setMessage] = useState<EditorMessage | null>(null)
  const [busy, setBusy] = useState(false)

  const fail = (error: unknown, fallback: string) => {
    const state = errorState(error)
    setErrors(state.errors)
    setMessage({ text: state.message ?? fallback, tone: 'error' })
    return state.errors
  }

  /** Sends the draft as a new product or as changes to `current`; the server's product comes back. */
  const store = async (built: BuiltProduct): Promise<Product> => {
    // The kind is the editor's: sent when creating, never when changing (it cannot change).
    const { kind: _kind, category, slug, ...rest } = built
    if (current)
      return (
        await rpc('updateProduct', {
          id: current.id,
          ...rest,
          category: category || null,
          ...(slug && slug !== current.slug ? { slug } : {}),
        })
      ).product
    // An empty category or slug is left out (undefined is not sent): the server makes the slug.
    const created = (
      await rpc('createProduct', {
        ...built,
        category: category || undefined,
        slug: slug || undefined,
      })
    ).product
    onCreated(created)
    return created
  }

  const save = async (publish: boolean) => {
    if (!draft || busy) return
    setMessage(null)
    const built = buildProduct(
      kind,
      draft,
      (current?.files ?? []).map((file) => file.id),
    )
    if (!built.product) {
      setErrors(built.errors)
      setMessage({ text: t`Check the fields marked below.`, tone: 'error' })
      focusFirst(built.errors)
      return
    }
    setErrors({})
    setBusy(true)
    try {
      let saved = await store(built.product)
      onSaved(saved)
      saved = await sendUploads(saved, uploads)
      if (publish && saved.status !== 'published')
        saved = (await rpc('publishProduct', { id: saved.id })).product
      onSaved(saved)
      setMessage({
        text: saved.status === 'published' ? t`Published: it is on sale at /${saved.slug}.` : t`Draft saved.`,
        tone: 'ok',
      })
    } catch (error) {
      focusFirst(fail(error, t`Could not save. Try again.`))
    } finally {
      setBusy(false)
    }
  }

  const setStatus = async (subject: 'publishProduct' | 'unpublishProduct') => {
    if (!current) return
    try {
      onSaved((await rpc(subject, { id: current.id })).product)
      setMessage({
        text: subject === 'publishProduct' ? t`Published.` : t`Taken off sale: it is a draft again.`,
        tone: 'ok',
      })
    } catch (error) {
      fail(error, t`Could not change it.`)
    }
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
      onSaved(next)
    } catch (error) {
      setMessage({ text: errorState(error).message ?? t`Could not remove it.`, tone: 'error' })
    }
  }

  return { errors, message, busy, save, setStatus, removeAsset }
}

/** Focuses the first field with a message (or the group of rows it is about). */
function focusFirst(errors: Errors) {
  const first = Object.keys(errors)[0]
  if (!first) return
  requestAnimationFrame(() =>
    document
      .querySelector<HTMLElement>(`[name="${CSS.escape(first)}"], [data-name="${CSS.escape(first)}"]`)
      ?.focus(),
  )
}
