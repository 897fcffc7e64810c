/**
 * The language prices and dates are written in (`KES 1,500.00`, `Nov 23, 2026` or `23 Nov 2026`). Left
 * unset, it is the browser's own. A page the server rendered names the one it used (`data-locale` on the
 * root, from the request's Accept-Language), and the app keeps to it, so React takes the server's HTML
 * over as it is rather than finding every price and date written differently.
 */
let current: string | undefined

export function formatLocale(): string | undefined {
  return current
}

export function setFormatLocale(locale: string | undefined) {
  current = locale
}
