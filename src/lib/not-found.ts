import { notFound } from '@tanstack/react-router'
import { matchAppRoute, paramHasShape } from '../../contract/routes'

/**
 * Throws the router's notFound for a path that is no page (outside the route table) or whose id could not
 * name anything — before any guard sends a signed-out visitor to sign in for a page that does not exist.
 * The server answers the same paths with 404.
 */
export function notFoundUnlessPage(pathname: string) {
  const route = matchAppRoute(pathname)
  const last = pathname.split('/').filter(Boolean).at(-1) ?? ''
  if (!route || !paramHasShape(route, safeDecode(last))) throw notFound()
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
