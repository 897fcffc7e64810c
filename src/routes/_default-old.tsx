import { createFileRoute, Outlet } from '@tanstack/react-router'

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
})
