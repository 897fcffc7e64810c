import { Trans } from '@lingui/react/macro'
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router'
import { AppStatus } from '../components/AppStatus'
import { NotFoundPage } from '../components/ErrorPage'
import { PageError } from '../components/PageError'
import { SiteFooter } from '../components/SiteFooter'
import { SiteHeader } from '../components/SiteHeader'
import { loadCatalogs } from '../lib/i18n'

export interface RouterContext {
  queryClient: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // In Kiswahili, the words of the page's parts are in before it renders (src/lib/i18n.ts).
  beforeLoad: ({ location }) => loadCatalogs(location.pathname),
  component: RootLayout,
  notFoundComponent: RootNotFound,
  errorComponent: PageError,
})

/**
 * The client's pay page (/p) is the seller's, not the marketplace's: no search, no sign-in, no site footer;
 * it draws its own header and footer. A pay link that finds nothing is the 404 page in the app's frame.
 */
function useFocusedPage(): boolean {
  return useRouterState({
    select: (s) =>
      s.location.pathname === '/p' && !s.matches.some((m) => m.status === 'notFound' || m.status === 'error'),
  })
}

function RootLayout() {
  const focused = useFocusedPage()
  return (
    <>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      {focused ? null : <SiteHeader />}
      <AppStatus />
      <Outlet />
      {focused ? null : <SiteFooter />}
    </>
  )
}

/** A path no route knows: the 404 page in the page's main landmark, where "Skip to content" leads. */
function RootNotFound() {
  return (
    <main id="main" className="layout-default">
      <NotFoundPage />
    </main>
  )
}
