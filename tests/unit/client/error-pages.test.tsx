import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ExplorePage } from '../../../contract/storefront'
import { ErrorPage } from '../../../src/components/ErrorPage'
import { marketingPayloads } from '../../../src/features/marketing/content'
import { payloadQuery } from '../../../src/lib/payload'
import { createAppRouter, createQueryClient } from '../../../src/router'

// React needs this to let act() flush updates outside a test renderer.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let container: HTMLElement
let root: Root | undefined
afterEach(() => {
  // Unmounted, so a page's listeners and timers stop with its test.
  act(() => root?.unmount())
  root = undefined
  container?.remove()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

async function renderAt(path: string) {
  const queryClient = createQueryClient()
  // The marketing pages' data, as the prerendered HTML or GET {path}/_payload.json would give it.
  for (const [pagePath, payload] of Object.entries(marketingPayloads))
    queryClient.setQueryData(payloadQuery(pagePath).queryKey, payload)
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }))
  container = document.body.appendChild(document.createElement('div'))
  await act(async () => {
    await router.load()
    root = createRoot(container)
    root.render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    )
  })
  return container
}

describe('error pages', () => {
  it('shows "Page Not Found" and the full path with its query for an unknown route', async () => {
    const page = await renderAt('/a/b/c?x=1')
    expect(page.querySelector('h1')?.textContent).toBe('Page Not Found')
    expect(page.textContent).toContain('Page not found: /a/b/c?x=1')
  })

  it('renders a known route, not the error page', async () => {
    const page = await renderAt('/pricing')
    expect(page.querySelector('h1')?.textContent).toBe('Pricing')
  })

  it('says "Internal Server Error" for any status but 404', async () => {
    container = document.body.appendChild(document.createElement('div'))
    await act(async () => {
      const {
        createRouter,
        createRootRoute,
        createMemoryHistory: history,
      } = await import('@tanstack/react-router')
      const router = createRouter({
        routeTree: createRootRoute({ component: () => <ErrorPage status={503} message="down" /> }),
        history: history(),
      })
      await router.load()
      root = createRoot(container)
      root.render(<RouterProvider router={router} />)
    })
    expect(container.querySelector('h1')?.textContent).toBe('Internal Server Error')
  })
})

const EXPLORE: ExplorePage = {
  results: [],
  total: 0,
  page: 1,
  pageCount: 1,
  categories: [],
  rates: { perUsd: {}, updatedAt: null },
}

/** Waits until `check` passes, letting the app's promises and React's updates run in between. */
async function until(check: () => void, ms = 3000) {
  const end = Date.now() + ms
  for (;;) {
    try {
      check()
      return
    } catch (error) {
      if (Date.now() > end) throw error
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    }
  }
}

/** A browser with no network: fetch fails as it does offline, until `back()`. */
function cutNetwork(answer: (url: string) => Response) {
  let offline = true
  const calls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input)
      calls.push(url)
      if (offline) throw new TypeError('Failed to fetch')
      return answer(url)
    }),
  )
  return {
    calls,
    back() {
      offline = false
    },
  }
}

const offlineFlag = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value)

describe('a page whose data cannot be reached', () => {
  beforeEach(() => {
    // React reports each error a page's boundary catches; expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
  })

  it('shows the offline page under the app’s header, with what works offline, not an error', async () => {
    offlineFlag(false)
    cutNetwork(() => new Response('{}'))
    const page = await renderAt('/lamu-light-presets')
    await until(() => expect(page.querySelector('h1')?.textContent).toBe('You’re offline'))
    expect(page.querySelector('.site-header')).not.toBeNull()
    expect(page.querySelector('main h1')?.textContent).toBe('You’re offline')
    expect(page.textContent).not.toContain('Internal Server Error')
    expect(page.querySelector('[role="alert"]')?.textContent).toContain('opens by itself')
    const links = [...page.querySelectorAll<HTMLAnchorElement>('.offline-places a')].map((a) =>
      a.getAttribute('href'),
    )
    expect(links).toEqual(['/account/purchases', '/downloads', '/account/transactions'])
    expect(page.querySelector('main button')?.textContent).toBe('Try again')
  })

  it('says Soko cannot be reached when the browser thinks it is online', async () => {
    offlineFlag(true)
    cutNetwork(() => new Response('{}'))
    const page = await renderAt('/explore?q=baskets')
    await until(() => expect(page.querySelector('h1')?.textContent).toBe('Soko can’t be reached'))
  })

  it('loads the page by itself when the network comes back', async () => {
    offlineFlag(false)
    const network = cutNetwork((url) =>
      url.startsWith('/explore/_payload.json') ? Response.json(EXPLORE) : new Response('{}'),
    )
    const page = await renderAt('/explore?q=baskets')
    await until(() => expect(page.querySelector('h1')?.textContent).toBe('You’re offline'))
    network.back()
    offlineFlag(true)
    await act(async () => {
      window.dispatchEvent(new Event('online'))
    })
    await until(() => expect(page.querySelector('h1')?.textContent).toBe('Explore'))
    // Soko was asked first, then the page's data again.
    expect(network.calls.filter((url) => url.startsWith('/builds/latest.json'))).toHaveLength(1)
    expect(network.calls.filter((url) => url.startsWith('/explore/_payload.json?q=baskets'))).toHaveLength(2)
  })

  it('tries again on "Try again", and stays put while there is still no network', async () => {
    offlineFlag(false)
    const network = cutNetwork((url) =>
      url.startsWith('/explore/_payload.json') ? Response.json(EXPLORE) : new Response('{}'),
    )
    const page = await renderAt('/explore')
    await until(() => expect(page.querySelector('h1')?.textContent).toBe('You’re offline'))
    const button = () => page.querySelector('main button') as HTMLButtonElement
    await act(async () => button().click())
    await until(() =>
      expect(page.querySelector('.offline-retry [role="status"]')?.textContent).toBe(
        'Still no connection. Soko keeps trying.',
      ),
    )
    expect(page.querySelector('h1')?.textContent).toBe('You’re offline')
    network.back()
    await act(async () => button().click())
    await until(() => expect(page.querySelector('h1')?.textContent).toBe('Explore'))
  })

  it('still says "Internal Server Error" when the server answers with an error', async () => {
    offlineFlag(true)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"boom"}', { status: 500 })),
    )
    const page = await renderAt('/lamu-light-presets')
    await until(() => expect(page.querySelector('h1')?.textContent).toBe('Internal Server Error'), 5000)
    expect(page.querySelector('.site-header')).not.toBeNull()
    expect(page.querySelector('.offline-page')).toBeNull()
  })
})
