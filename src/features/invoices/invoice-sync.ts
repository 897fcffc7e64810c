import { createStore, del, entries, get, set } from 'idb-keyval'
import { rpc } from '../../lib/rpc'
import { getSession } from '../../lib/session'
import {
  exclusively,
  type SyncResult,
  syncWaiting,
  type WaitingInvoice,
  type WaitingStore,
} from './waiting-invoices'

/**
 * The invoices kept on this device until Soko answers (waiting-invoices.ts), in IndexedDB: one record per
 * draftKey in a store of their own, so two tabs writing different drafts never overwrite each other.
 * Sent when the network comes back (`online`), when the app starts, and every 30 s while some wait.
 */
let database: ReturnType<typeof createStore> | undefined
const db = () => {
  database ??= createStore('soko-invoices', 'waiting')
  return database
}

export const waitingStore: WaitingStore = {
  all: async () => (await entries<string, WaitingInvoice>(db())).map(([, item]) => item),
  put: (item) => set(item.draftKey, item, db()),
  remove: (draftKey) => del(draftKey, db()),
}

const userId = () => getSession().user?.id ?? null

/** The signed-in person's waiting invoices, oldest first. */
export async function waitingInvoices(): Promise<WaitingInvoice[]> {
  const me = userId()
  if (!me) return []
  try {
    return (await waitingStore.all()).filter((i) => i.userId === me).sort((a, b) => a.savedAt - b.savedAt)
  } catch (error) {
    console.error('The invoices kept on this device could not be read', error)
    return []
  }
}

export async function waitingInvoice(draftKey: string): Promise<WaitingInvoice | null> {
  const item = await get<WaitingInvoice>(draftKey, db())
  return item && item.userId === userId() ? item : null
}

/** Keeps an invoice on the device to send later. Fails only when IndexedDB does (a private window). */
export async function keepInvoice(item: Omit<WaitingInvoice, 'userId' | 'savedAt'>): Promise<void> {
  const me = userId()
  if (!me) throw new Error('Sign in to keep an invoice on this device')
  await waitingStore.put({ ...item, userId: me, savedAt: Date.now() })
}

export const forgetInvoice = (draftKey: string) => waitingStore.remove(draftKey)

const RETRY_MS = 30_000
let refresh: (() => Promise<void>) | null = null
let retry: ReturnType<typeof setTimeout> | undefined
const listeners = new Set<(result: SyncResult) => void>()

/** Hears each run that sent something (the list says what went). */
export function onSynced(listener: (result: SyncResult) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Sends what waits now (if anything, and if signed in); refreshes the invoices' queries after. */
export async function syncNow(): Promise<SyncResult | null> {
  const me = userId()
  if (!me) return null
  clearTimeout(retry)
  retry = undefined
  // Read before waiting for the lock: another tab may send these meanwhile, and this one's list must follow.
  const before = (await waitingInvoices()).filter((i) => !i.errors && !i.problem).length
  const result = await exclusively(async () =>
    syncWaiting(
      waitingStore,
      {
        createInvoice: (input) => rpc('createInvoice', input),
        sendInvoice: (input) => rpc('sendInvoice', input),
      },
      me,
    ),
  ).catch((error: unknown) => {
    console.error('The invoices kept on this device could not be sent', error)
    return null
  })
  if (!result) return null
  if (result.synced.length || result.refused.length) {
    await refresh?.()
    for (const listener of listeners) listener(result)
  } else if (before > 0 && (await waitingInvoices()).length < before) await refresh?.()
  if (result.unreachable) retry = setTimeout(() => void syncNow(), RETRY_MS)
  return result
}

/**
 * Once per page load: send what waits now, and again whenever the network comes back. `onChange` refreshes
 * what shows the invoices (start-sync.ts gives the query cache's).
 */
export function startSyncing(onChange: () => Promise<void>) {
  if (refresh) return
  refresh = onChange
  window.addEventListener('online', () => void syncNow())
  void syncNow()
}
