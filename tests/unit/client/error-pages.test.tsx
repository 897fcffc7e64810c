import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { ErrorPage } from '../../../src/components/ErrorPage'
import { marketingPayloads } from '../../../src/features/marketing/content'
import { payloadQuery } from '../../../src/lib/payload'
import { createAppRouter, createQueryClient } from '../../../src/router'

// React needs this to let act() flush updates outside a test renderer.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let container: HTMLElement
afterEach(() => container?.remove())

async function renderAt(path: string) {
  const queryClient = createQueryClient()
  // The marketing pages' data, as the prerendered HTML or GET {path}/_payload.json would give it.
  for (const [pagePath, payload] of Object.entries(marketingPayloads))
    queryClient.setQueryData(payloadQuery(pagePath).queryKey, payload)
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }))
  container = document.body.appendChild(document.createElement('div'))
  await act(async () => {
    await router.load()
    createRoot(container).render(
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
      createRoot(container).render(<RouterProvider router={router} />)
    })
    expect(container.querySelector('h1')?.textContent).toBe('Internal Server Error')
  })
})
