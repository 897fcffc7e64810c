import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Link, Outlet, useRouterState } from '@tanstack/react-router'
import { AppStatus, InstallButton } from '../components/AppStatus'
import { ErrorPage } from '../components/ErrorPage'
import { PageError } from '../components/PageError'
import { SessionLinks } from '../components/SessionLinks'

export interface RouterContext {
  queryClient: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
  errorComponent: PageError,
})

function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link to="/" className="brand" aria-label="Soko home">
          Soko
        </Link>
        <nav aria-label="Main">
          <Link to="/explore">Explore</Link>
          <Link to="/creators">Creators</Link>
          <Link to="/pricing">Pricing</Link>
          <SessionLinks />
          <InstallButton />
        </nav>
      </header>
      <AppStatus />
      <Outlet />
    </>
  )
}

function NotFound() {
  const location = useRouterState({ select: (s) => s.location })
  return <ErrorPage status={404} message={`Page not found: ${location.pathname}${location.searchStr}`} />
}
