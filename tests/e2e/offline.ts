import type { BrowserContext, Page } from '@playwright/test'

const FLAG = 'soko-e2e-offline'

/**
 * A phone losing and finding its network. `context.setOffline` cuts the network, but Debian's Chromium
 * (150) then reports `navigator.onLine` as true in any document its service worker serves — the network
 * stays cut, only the flag is wrong — so pages opened offline would say "Could not refresh" where a phone
 * says "Offline". Under test, `navigator.onLine` also answers from a flag kept in the tab's sessionStorage,
 * set and cleared together with the emulation. Call `trackOnLine` once per context, before its pages load.
 */
export async function trackOnLine(context: BrowserContext) {
  await context.addInitScript((flag) => {
    const real = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')
    Object.defineProperty(Navigator.prototype, 'onLine', {
      configurable: true,
      get(this: Navigator) {
        if (sessionStorage.getItem(flag) === '1') return false
        return real?.get ? (real.get.call(this) as boolean) : true
      },
    })
  }, FLAG)
}

/**
 * Cuts the network (or brings it back) for the whole context. The page hears `offline` (or `online`) even
 * where Chromium, misled as above, would not notice a change.
 */
export async function setOffline(context: BrowserContext, page: Page, offline: boolean) {
  await page.evaluate(
    ([flag, off]) => {
      if (off) sessionStorage.setItem(flag, '1')
      else sessionStorage.removeItem(flag)
    },
    [FLAG, offline] as const,
  )
  await context.setOffline(offline)
  await page
    .evaluate((off) => window.dispatchEvent(new Event(off ? 'offline' : 'online')), offline)
    .catch((error: unknown) => {
      // Back online, a page that heard it from the emulation may already be loading itself again (the
      // offline page does): it needs telling no more.
      if (!offline && /Execution context was destroyed/.test(String(error))) return
      throw error
    })
}

/** What the offline copy of the query cache (idb-keyval's default store) holds: the keys' second words. */
export async function savedQueries(page: Page): Promise<string[]> {
  return (await savedQueryKeys(page)).map((key) => key.split('/')[1] ?? key)
}

/** The offline copy's query keys, their first two words as `customers/list`. */
export async function savedQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('keyval-store')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const req = open.result.transaction('keyval').objectStore('keyval').get('soko-query-cache')
          req.onerror = () => reject(req.error)
          req.onsuccess = () => {
            const saved = req.result as { state?: { queries?: { queryKey: unknown[] }[] } } | undefined
            resolve((saved?.state?.queries ?? []).map((q) => q.queryKey.slice(0, 2).map(String).join('/')))
            open.result.close()
          }
        }
      }),
  )
}
