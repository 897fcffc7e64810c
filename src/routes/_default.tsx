import { createFileRoute, Outlet } from '@tanstack/react-router'

/** The `default` layout (docs/product.md (Title and pages)): a page outlet at least one full screen high. */
export const Route = createFileRoute('/_default')({
  component: () => (
    <main id="main" className="layout-default">
      <Outlet />
    </main>
  ),
})
