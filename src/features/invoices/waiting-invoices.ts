import { t } from '@lingui/core/macro'
import type { InvoiceView } from '../../../contract/invoices.contract'
import { RETRY_STATUSES, RpcError } from '../../lib/rpc'
import type { InvoiceInput } from './invoice-draft'

/**
 * Invoices written with no network: kept on the device under a `draftKey` the device made, and sent to
 * Soko once it answers again. The server answers the same invoice for a repeated draftKey, so an answer
 * lost on the way (the invoice made, the device never told) is simply asked again: never two invoices.
 * The queue's logic is here, apart from IndexedDB and the rpc client, so it is tested on its own.
 */
export interface WaitingInvoice {
  draftKey: string
  /** Whose it is: only that person's session sends it. */
  userId: string
  invoice: InvoiceInput
  /** The seller chose "Save and send": it is sent once it is on Soko. */
  send: boolean
  savedAt: number
  /** The server refused it (400): its messages per field, for the seller to fix in the editor. */
  errors?: Record<string, string> | undefined
  /** Why it could not go (the server's message), shown with it. */
  problem?: string | undefined
}

export interface WaitingStore {
  all(): Promise<WaitingInvoice[]>
  put(item: WaitingInvoice): Promise<void>
  remove(draftKey: string): Promise<void>
}

export interface SyncCalls {
  createInvoice(input: { draftKey: string; invoice: InvoiceInput }): Promise<{ invoice: InvoiceView }>
  sendInvoice(input: { invoiceId: string }): Promise<{ invoice: InvoiceView }>
}

export interface SyncResult {
  /** Invoices now on Soko, with whether the sending failed (they stay drafts there). */
  synced: { draftKey: string; invoice: InvoiceView; sendProblem: string | null }[]
  /** Refused by the server: kept on the device with its messages. */
  refused: string[]
  /** Soko could not be reached (or answered a passing error): what is left waits for the next try. */
  unreachable: boolean
}

/** Whether an error is one to try again later: no answer, or a passing one (busy, too many, 5xx). */
export function isPassing(error: unknown): boolean {
  return error instanceof RpcError && (error.status === 0 || RETRY_STATUSES.has(error.status))
}

/**
 * Sends the person's waiting invoices, oldest first: creates each with its draftKey, sends it when the
 * seller asked (only while the server still has it as a draft, so a retry never mails the client twice),
 * then forgets it. A refusal is kept with its messages; a passing failure stops the run.
 */
export async function syncWaiting(
  store: WaitingStore,
  calls: SyncCalls,
  userId: string,
): Promise<SyncResult> {
  const result: SyncResult = { synced: [], refused: [], unreachable: false }
  const waiting = (await store.all())
    .filter((item) => item.userId === userId && !item.errors && !item.problem)
    .sort((a, b) => a.savedAt - b.savedAt)
  for (const item of waiting) {
    let invoice: InvoiceView
    try {
      invoice = (await calls.createInvoice({ draftKey: item.draftKey, invoice: item.invoice })).invoice
    } catch (error) {
      if (isPassing(error)) {
        result.unreachable = true
        break
      }
      // A 400 names fields; anything else (403, 404) is said as a whole. Either way the seller decides.
      const refused = error instanceof RpcError ? error : null
      await store.put({
        ...item,
        errors: refused && Object.keys(refused.errors).length ? refused.errors : undefined,
        problem: refused?.message ?? t`Soko could not save it.`,
      })
      result.refused.push(item.draftKey)
      continue
    }
    let sendProblem: string | null = null
    if (item.send && invoice.status === 'draft') {
      try {
        invoice = (await calls.sendInvoice({ invoiceId: invoice.id })).invoice
      } catch (error) {
        if (isPassing(error)) {
          // On Soko as a draft: the next run finds it by its draftKey and sends it then.
          result.unreachable = true
          break
        }
        sendProblem = error instanceof RpcError ? error.message : t`It could not be sent.`
      }
    }
    await store.remove(item.draftKey)
    result.synced.push({ draftKey: item.draftKey, invoice, sendProblem })
  }
  return result
}

/** Locks and a promise per tab: one run at a time in this tab, and across tabs where the browser can. */
let running: Promise<SyncResult> | null = null

/**
 * Runs `sync` under the Web Locks API's lock, so two tabs never send the same invoice at once (where the
 * API is missing, the draftKey still keeps the server to one invoice). A call while a run is under way in
 * this tab joins it.
 */
export function exclusively(
  sync: () => Promise<SyncResult>,
  lockName = 'soko-invoice-sync',
): Promise<SyncResult> {
  running ??= (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
      if (locks) return (await locks.request(lockName, () => sync())) as SyncResult
      return await sync()
    } finally {
      running = null
    }
  })()
  return running
}
