import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { AppStatus } from '../components/AppStatus'
import { NotFoundPage } from '../components/ErrorPage'
import { PageError } from '../components/PageError'
import { SiteFooter } from '../components/SiteFooter'
import { SiteHeader } from '../components/SiteHeader'

export interface RouterContext {
  queryClient: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: RootNotFound,
  errorComponent: PageError,
})

function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <AppStatus />
      <Outlet />
      <SiteFooter />
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
