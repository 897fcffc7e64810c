import { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { PageError } from './components/PageError'
import { routeTree } from './routeTree.gen'

export function createQueryClient() {
  // The rpc client retries once itself; React Query's own retries would multiply that.
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
}

/** `history` is the browser's by default; the build's prerender passes a memory history. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient },
    defaultPreload: 'intent',
    // A page's error shows where the page would, under the header, so the app stays usable around it.
    defaultErrorComponent: PageError,
    // React Query decides when data is fresh, so the router should always ask it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
