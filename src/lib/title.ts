import { useEffect } from 'react'
import { pageTitle } from '../../contract/pages'

export { SITE_TITLE } from '../../contract/pages'

/**
 * Pages prefix the site title with their own name (docs/product.md (Title and pages)). The server wrote the first page's head;
 * after a client navigation this keeps the title and the canonical link true to the page shown.
 */
export function usePageTitle(name?: string) {
  useEffect(() => {
    document.title = pageTitle(name)
    const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')
    if (canonical) canonical.href = new URL(location.pathname, canonical.href).href
  }, [name])
}
