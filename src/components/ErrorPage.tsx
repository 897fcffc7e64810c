import { Trans } from '@lingui/react/macro'
import { Link, useRouterState } from '@tanstack/react-router'

/** docs/product.md (Title and pages): 'Page Not Found' for a 404, 'Internal Server Error' for any other status. */
export function ErrorPage({ status, message }: { status: number; message: string }) {
  // i18n-ignore: the error headings stay English in every language (docs/swahili.md; tools and tests read them)
  const heading = status === 404 ? 'Page Not Found' : 'Internal Server Error'
  return (
    <section className="error-page" aria-labelledby="error-heading">
      <p className="error-status">{status}</p>
      <h1 id="error-heading">{heading}</h1>
      <p className="error-message">{message}</p>
      <p>
        <Link to="/">
          <Trans>Go to the home page</Trans>
        </Link>
      </p>
    </section>
  )
}

/** docs/product.md (Title and pages): the 404 page of a path that is no page, or of a link to nothing. */
export function NotFoundPage() {
  const location = useRouterState({ select: (s) => s.location })
  return (
    <ErrorPage
      status={404}
      // i18n-ignore: 'Page not found: {path}' stays English in every language (docs/swahili.md; tools read it)
      message={`Page not found: ${location.pathname}${location.searchStr}`}
    />
  )
}
