import { createFileRoute, Outlet } from '@tanstack/react-router'
import { NotFoundPage } from '../components/ErrorPage'

/**
 * The `default-old` layout (docs/product.md (Title and pages)): the earlier page frame, a single narrow column that is only as tall
 * as its content. Kept for the pages that still use it (/p); new pages use `default`.
 */
export const Route = createFileRoute('/_default-old')({
  component: () => (
    <main id="main" className="layout-default-old">
      <Outlet />
    </main>
  ),
  // A page's loader that finds nothing (a pay link with a wrong key) shows the 404 page in the frame,
  // under the header, as an unknown path does; the root would show it without the header.
  notFoundComponent: () => (
    <main id="main" className="layout-default-old">
      <NotFoundPage />
    </main>
  ),
})
