import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { InvoiceView } from '../../../contract/invoices.contract'
import type { InvoiceInput } from '../../../src/features/invoices/invoice-draft'
import type { SyncCalls, WaitingInvoice, WaitingStore } from '../../../src/features/invoices/waiting-invoices'

/** The device's IndexedDB, shared by the "tabs" of a test. */
function memoryStore(): WaitingStore & { items: Map<string, WaitingInvoice> } {
  const items = new Map<string, WaitingInvoice>()
  return {
    items,
    all: async () => [...items.values()].map((i) => structuredClone(i)),
    put: async (item) => void items.set(item.draftKey, structuredClone(item)),
    remove: async (key) => void items.delete(key),
  }
}

const input = (client: string): InvoiceInput => ({
  client: { name: client, email: `${client.toLowerCase()}@example.com`, phone: null },
  currency: 'KES',
  lines: [{ description: 'Logo design', quantityMilli: 1000, unitPrice: 15_000_00 }],
  issueDate: '2026-03-01',
  dueDate: '2026-03-15',
})

/**
 * Soko as far as the queue can tell: createInvoice answers the same invoice for a repeated draftKey;
 * `loseNext` makes the next answer of a subject go missing after the server did the work (status 0).
 */
function fakeSoko(RpcError: Rpc) {
  const invoices = new Map<string, InvoiceView>()
  const mails: string[] = []
  const loseNext = new Set<'createInvoice' | 'sendInvoice'>()
  const refuse = new Map<string, InstanceType<Rpc>>()
  let down = false
  const tick = () => new Promise((resolve) => setTimeout(resolve, 1))
  const calls: SyncCalls = {
    createInvoice: vi.fn(async ({ draftKey, invoice }) => {
      await tick()
      if (down) throw new RpcError(0, 'Soko cannot be reached.')
      const refusal = refuse.get(invoice.client.name)
      if (refusal) throw refusal
      let made = invoices.get(draftKey)
      if (!made) {
        made = {
          id: `inv-${invoices.size + 1}`,
          status: 'draft',
          number: null,
          client: invoice.client,
        } as unknown as InvoiceView
        invoices.set(draftKey, made)
      }
      await tick()
      if (loseNext.delete('createInvoice')) throw new RpcError(0, 'Soko cannot be reached.')
      return { invoice: structuredClone(made) }
    }),
    sendInvoice: vi.fn(async ({ invoiceId }) => {
      await tick()
      if (down) throw new RpcError(0, 'Soko cannot be reached.')
      const made = [...invoices.values()].find((i) => i.id === invoiceId)
      if (!made) throw new RpcError(404, 'No such invoice')
      made.status = 'sent'
      made.number = `INV-000${made.id.slice(4)}`
      mails.push(invoiceId)
      await tick()
      if (loseNext.delete('sendInvoice')) throw new RpcError(0, 'Soko cannot be reached.')
      return { invoice: structuredClone(made) }
    }),
  }
  return {
    calls,
    invoices,
    mails,
    loseNext,
    refuse,
    setDown: (value: boolean) => {
      down = value
    },
  }
}

type Rpc = typeof import('../../../src/lib/rpc').RpcError

/** The queue's module and the RpcError it knows (modules are loaded afresh per "tab"). */
async function queue() {
  const module = await import('../../../src/features/invoices/waiting-invoices')
  const { RpcError } = await import('../../../src/lib/rpc')
  return { ...module, RpcError }
}

const waiting = (draftKey: string, client: string, send: boolean, savedAt: number, userId = 'amina') =>
  ({ draftKey, userId, invoice: input(client), send, savedAt }) satisfies WaitingInvoice

beforeEach(() => {
  vi.resetModules()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('invoices kept on the device until Soko answers', () => {
  it('sends them oldest first, creates each with its draftKey, sends those the seller sent, and forgets them', async () => {
    const { syncWaiting, RpcError } = await queue()
    const store = memoryStore()
    const soko = fakeSoko(RpcError)
    await store.put(waiting('k2', 'Baraka', false, 2))
    await store.put(waiting('k1', 'Amani', true, 1))
    const result = await syncWaiting(store, soko.calls, 'amina')
    expect(result.synced.map((s) => [s.draftKey, s.invoice.status])).toEqual([
      ['k1', 'sent'],
      ['k2', 'draft'],
    ])
    expect(vi.mocked(soko.calls.createInvoice).mock.calls.map(([c]) => c.draftKey)).toEqual(['k1', 'k2'])
    expect(soko.mails).toEqual(['inv-1'])
    expect(store.items.size).toBe(0)
  })

  it('makes one invoice when the answer to createInvoice is lost and it is asked again', async () => {
    const { syncWaiting, RpcError } = await queue()
    const store = memoryStore()
    const soko = fakeSoko(RpcError)
    await store.put(waiting('k1', 'Amani', true, 1))
    soko.loseNext.add('createInvoice')
    const first = await syncWaiting(store, soko.calls, 'amina')
    expect(first).toMatchObject({ synced: [], unreachable: true })
    expect(store.items.has('k1')).toBe(true)
    const second = await syncWaiting(store, soko.calls, 'amina')
    expect(second.synced).toHaveLength(1)
    expect(soko.invoices.size).toBe(1)
    expect(soko.mails).toEqual(['inv-1'])
    expect(store.items.size).toBe(0)
  })

  it('does not mail the client twice when the answer to sendInvoice is lost', async () => {
    const { syncWaiting, RpcError } = await queue()
    const store = memoryStore()
    const soko = fakeSoko(RpcError)
    await store.put(waiting('k1', 'Amani', true, 1))
    soko.loseNext.add('sendInvoice')
    expect((await syncWaiting(store, soko.calls, 'amina')).unreachable).toBe(true)
    // The retry finds the invoice already sent (by its draftKey) and only forgets it.
    const second = await syncWaiting(store, soko.calls, 'amina')
    expect(second.synced[0]?.invoice.status).toBe('sent')
    expect(soko.mails).toEqual(['inv-1'])
    expect(soko.invoices.size).toBe(1)
  })

  it('stops at the first passing failure and keeps what is left for the next try', async () => {
    const { syncWaiting, RpcError } = await queue()
    const store = memoryStore()
    const soko = fakeSoko(RpcError)
    await store.put(waiting('k1', 'Amani', false, 1))
    await store.put(waiting('k2', 'Baraka', false, 2))
    soko.setDown(true)
    const result = await syncWaiting(store, soko.calls, 'amina')
    expect(result).toEqual({ synced: [], refused: [], unreachable: true })
    expect(soko.calls.createInvoice).toHaveBeenCalledTimes(1)
    expect(store.items.size).toBe(2)
  })

  it('keeps a refused invoice with the server’s messages, goes on with the rest, and does not retry it', async () => {
    const { syncWaiting, RpcError } = await queue()
    const store = memoryStore()
    const soko = fakeSoko(RpcError)
    soko.refuse.set(
      'Amani',
      new RpcError(400, 'Some fields need attention: see errors', {
        'invoice.client.phone': 'Give a mobile number',
      }),
    )
    await store.put(waiting('k1', 'Amani', true, 1))
    await store.put(waiting('k2', 'Baraka', false, 2))
    const result = await syncWaiting(store, soko.calls, 'amina')
    expect(result.refused).toEqual(['k1'])
    expect(result.synced.map((s) => s.draftKey)).toEqual(['k2'])
    expect(store.items.get('k1')).toMatchObject({
      errors: { 'invoice.client.phone': 'Give a mobile number' },
      problem: 'Some fields need attention: see errors',
    })
    vi.mocked(soko.calls.createInvoice).mockClear()
    await syncWaiting(store, soko.calls, 'amina')
    expect(soko.calls.createInvoice).not.toHaveBeenCalled()
  })

  it('saves the invoice as a draft when Soko refuses to send it, and says why', async () => {
    const { syncWaiting, RpcError } = await queue()
    const store = memoryStore()
    const soko = fakeSoko(RpcError)
    vi.mocked(soko.calls.sendInvoice).mockRejectedValueOnce(new RpcError(400, 'Confirm your e-mail first'))
    await store.put(waiting('k1', 'Amani', true, 1))
    const result = await syncWaiting(store, soko.calls, 'amina')
    expect(result.synced).toEqual([
      {
        draftKey: 'k1',
        invoice: expect.objectContaining({ status: 'draft' }),
        sendProblem: 'Confirm your e-mail first',
      },
    ])
    expect(store.items.size).toBe(0)
  })

  it('sends only the signed-in person’s invoices', async () => {
    const { syncWaiting, RpcError } = await queue()
    const store = memoryStore()
    const soko = fakeSoko(RpcError)
    await store.put(waiting('k1', 'Amani', false, 1, 'someone-else'))
    await store.put(waiting('k2', 'Baraka', false, 2))
    const result = await syncWaiting(store, soko.calls, 'amina')
    expect(result.synced.map((s) => s.draftKey)).toEqual(['k2'])
    expect(store.items.has('k1')).toBe(true)
  })

  it('sends each invoice once when two tabs come back online together (Web Locks)', async () => {
    // A lock manager shared by the tabs, as the browser's is: one holder at a time per name.
    const tails = new Map<string, Promise<unknown>>()
    const locks = {
      request: (name: string, run: () => Promise<unknown>) => {
        const result = (tails.get(name) ?? Promise.resolve()).then(run)
        tails.set(
          name,
          result.catch(() => undefined),
        )
        return result
      },
    }
    vi.stubGlobal('navigator', { ...navigator, locks })
    const store = memoryStore()
    await store.put(waiting('k1', 'Amani', true, 1))
    await store.put(waiting('k2', 'Baraka', true, 2))
    const tabA = await queue()
    const soko = fakeSoko(tabA.RpcError)
    vi.resetModules()
    const tabB = await queue()
    expect(tabA).not.toBe(tabB)
    const [a, b] = await Promise.all([
      tabA.exclusively(() => tabA.syncWaiting(store, soko.calls, 'amina')),
      tabB.exclusively(() => tabB.syncWaiting(store, soko.calls, 'amina')),
    ])
    expect(a.synced.length + b.synced.length).toBe(2)
    expect(soko.invoices.size).toBe(2)
    expect(soko.mails.sort()).toEqual(['inv-1', 'inv-2'])
    expect(soko.calls.createInvoice).toHaveBeenCalledTimes(2)
  })

  it('still makes one invoice per draftKey without Web Locks, and one run at a time within a tab', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined })
    const store = memoryStore()
    await store.put(waiting('k1', 'Amani', false, 1))
    const tabA = await queue()
    const soko = fakeSoko(tabA.RpcError)
    vi.resetModules()
    const tabB = await queue()
    const sync = (tab: typeof tabA) => tab.exclusively(() => tab.syncWaiting(store, soko.calls, 'amina'))
    // The same tab asked twice at once (start and `online`): the second call joins the first run.
    const [a1, a2] = [sync(tabA), sync(tabA)]
    expect(a1).toBe(a2)
    await Promise.all([a1, sync(tabB)])
    expect(soko.invoices.size).toBe(1)
    expect(store.items.size).toBe(0)
  })
})
