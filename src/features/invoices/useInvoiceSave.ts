import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { InvoiceView } from '../../../contract/invoices.contract'
import { errorState } from '../../components/Form'
import { isUnreachable } from '../../lib/connection'
import { RpcError, rpc } from '../../lib/rpc'
import { flash } from './flash'
import { buildInvoice, type InvoiceDraft, type InvoiceErrors, type InvoiceInput } from './invoice-draft'
import { sentTo } from './invoice-format'
import { forgetInvoice, keepInvoice } from './invoice-sync'
import { invoicesQueries } from './invoices.queries'

export const CHECK_FIELDS = msg`Check the fields marked below.`

/** Server messages the editor shows beside a field or a group; any other goes above the form. */
const ON_A_FIELD =
  /^invoice\.(client\.(name|email|phone)|currency|lines(\.\d+\.(description|quantityMilli|unitPrice))?|taxes(\.\d+\.(name|rateBps))?|(discount|deposit)(\.(kind|bps|amount))?|issueDate|dueDate|notes|terms|reminders(\.\d+)?)$/

/**
 * The server's messages keyed as the editor's fields are. Most come keyed by the input's path
 * (`invoice.lines.0.unitPrice`); a few of the server's own checks name the draft's field without the
 * `invoice.` prefix (`lines`: "The total must be above zero"), so those are put where they belong.
 */
export function editorErrors(errors: Record<string, string>): InvoiceErrors {
  const draftField =
    /^(client|currency|lines|discount|taxes|deposit|issueDate|dueDate|notes|terms|reminders)(\.|$)/
  return Object.fromEntries(
    Object.entries(errors).map(([key, text]) => [draftField.test(key) ? `invoice.${key}` : key, text]),
  )
}

/**
 * Saving the editor: a new invoice (with the editor's draftKey, so a retry after a lost answer is the same
 * invoice), or changes to one on Soko; then sending it when asked. With no network a new invoice is kept
 * on the device and sent by itself later (invoice-sync.ts). Each field gets the server's message for it.
 */
export function useInvoiceSave({
  existing,
  draftKey,
  fromDevice,
}: {
  /** The invoice on Soko being changed; null for a new one. */
  existing: InvoiceView | null
  draftKey: string
  /** The invoice was waiting on this device (opened from the list to fix or finish it). */
  fromDevice: boolean
}) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  // The messages, with the draft they are about (InvoiceEditor hides those whose field has changed since).
  const [errors, setErrors] = useState<{ errors: InvoiceErrors; draft: InvoiceDraft | null }>({
    errors: {},
    draft: null,
  })
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState<'draft' | 'send' | null>(null)

  const refresh = (invoice: InvoiceView) => {
    queryClient.setQueryData(invoicesQueries.one(invoice.id).queryKey, invoice)
    void queryClient.invalidateQueries({ queryKey: invoicesQueries.all() })
  }

  /** Keeps the new invoice on this device; the list shows it waiting. */
  const keep = async (invoice: InvoiceInput, send: boolean) => {
    try {
      await keepInvoice({ draftKey, invoice, send })
    } catch (error) {
      console.error('The invoice could not be kept on this device', error)
      throw new RpcError(
        0,
        t`You are offline, and this browser cannot keep the invoice on the device (a private window cannot). Keep this page open and save again once you are back online.`,
      )
    }
    await queryClient.invalidateQueries({ queryKey: invoicesQueries.all() })
    const clientName = invoice.client.name
    flash(
      'list',
      send
        ? t`You are offline: the invoice for ${clientName} is kept on this device and goes to Soko, then to your client, as soon as you are back online.`
        : t`You are offline: the invoice for ${clientName} is kept on this device and goes to Soko as soon as you are back online.`,
    )
    await navigate({ to: '/account/invoices' })
  }

  /** Creates (or changes) the invoice on Soko; null when it was kept on the device instead. */
  const store = async (invoice: InvoiceInput, send: boolean): Promise<InvoiceView | null> => {
    if (existing) return (await rpc('updateInvoice', { invoiceId: existing.id, invoice })).invoice
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      await keep(invoice, send)
      return null
    }
    try {
      const created = (await rpc('createInvoice', { draftKey, invoice })).invoice
      if (fromDevice) await forgetInvoice(draftKey).catch(() => undefined)
      return created
    } catch (error) {
      // Online as far as the device knows, but Soko did not answer: kept all the same.
      if (!isUnreachable(error)) throw error
      await keep(invoice, send)
      return null
    }
  }

  const save = async (draft: InvoiceDraft, send: boolean) => {
    if (busy) return
    setMessage(null)
    const built = buildInvoice(draft)
    if (!built.invoice) {
      setErrors({ errors: built.errors, draft })
      setMessage(t(CHECK_FIELDS))
      focusFirst(built.errors)
      return
    }
    setErrors({ errors: {}, draft: null })
    setBusy(send ? 'send' : 'draft')
    let saved: InvoiceView | null = null
    try {
      saved = await store(built.invoice, send)
      if (!saved) return
      refresh(saved)
      // A sent invoice's revision is sent again by the server itself; a draft only when asked.
      const wasSent = existing !== null && existing.status !== 'draft'
      if (send && saved.status === 'draft') {
        saved = (await rpc('sendInvoice', { invoiceId: saved.id })).invoice
        refresh(saved)
      }
      const revision = saved.revision
      const to = sentTo(saved)
      flash(
        saved.id,
        wasSent
          ? to
            ? t`Saved as revision ${revision} and sent again to ${to}.`
            : t`Saved as revision ${revision} and sent again.`
          : send
            ? to
              ? t`Sent to ${to}.`
              : t`Sent.`
            : t`Draft saved.`,
      )
      await navigate({ to: '/account/invoices/$id', params: { id: saved.id } })
    } catch (error) {
      const state = errorState(error)
      state.errors = editorErrors(state.errors)
      if (saved) {
        // Saved, but the sending failed: the invoice page says so and offers "Send" again.
        // "could not" (in the page's language) makes InvoicePage show it as a failure.
        const why = state.message ?? t`try again.`
        flash(saved.id, t`Saved as a draft, but it could not be sent: ${why}`)
        await navigate({ to: '/account/invoices/$id', params: { id: saved.id } })
        return
      }
      setErrors({ errors: state.errors, draft })
      const elsewhere = Object.entries(state.errors).filter(([key]) => !ON_A_FIELD.test(key))
      setMessage(
        [state.message, ...elsewhere.map(([, text]) => text)].filter(Boolean).join(' ') ||
          t`Could not save. Try again.`,
      )
      focusFirst(state.errors)
    } finally {
      setBusy(null)
    }
  }

  return { errors: errors.errors, errorsFor: errors.draft, message, busy, save }
}

/** Focuses the first field with a message (or the group it is about), else the message above the form. */
function focusFirst(errors: InvoiceErrors) {
  requestAnimationFrame(() => {
    for (const key of Object.keys(errors)) {
      const escaped = CSS.escape(key)
      const target = document.querySelector<HTMLElement>(`[name="${escaped}"], [data-name="${escaped}"]`)
      if (target) {
        target.focus()
        return
      }
    }
    document.querySelector<HTMLElement>('.invoice-editor [role="alert"]')?.focus()
  })
}
