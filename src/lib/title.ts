import { useEffect } from 'react'

export const SITE_TITLE = 'Soko — Sell Digital Products & Get Paid Anywhere'

/** Pages prefix the site title with their own name (SPEC.md §1). */
export function usePageTitle(name?: string) {
  useEffect(() => {
    document.title = name ? `${name} | ${SITE_TITLE}` : SITE_TITLE
  }, [name])
}
