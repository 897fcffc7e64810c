import { Link } from '@tanstack/react-router'

/** docs/product.md (Title and pages): 'Page Not Found' for a 404, 'Internal Server Error' for any other status. */
export function ErrorPage({ status, message }: { status: number; message: string }) {
  const heading = status === 404 ? 'Page Not Found' : 'Internal Server Error'
  return (
    <section className="error-page" aria-labelledby="error-heading">
      <p className="error-status">{status}</p>
      <h1 id="error-heading">{heading}</h1>
      <p className="error-message">{message}</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  )
}
