import { createFileRoute, Outlet } from '@tanstack/react-router'

/** The `default` layout (SPEC.md §2): a page outlet at least one full screen high. */
export const Route = createFileRoute('/_default')({
  component: () => (
    <main id="main" className="layout-default">
      <Outlet />
    </main>
  ),
})
