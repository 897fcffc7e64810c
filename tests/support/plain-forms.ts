import type { RunningApp } from './app'

/**
 * A browser without script, as the plain pages' tests drive one: GETs and form posts from the site's own
 * pages (their Origin), each from an address of its own so that the limits one case reaches touch no other.
 * `network` keeps each test file's addresses apart.
 */
export function plainBrowser(app: () => RunningApp, network: number) {
  let address = 0
  /** The headers of a browser of its own. */
  const browser = () => {
    address += 1
    return { 'x-forwarded-for': `10.${network}.${Math.floor(address / 250)}.${address % 250}` }
  }
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${app().url}${path}`, { headers: { ...browser(), ...headers }, redirect: 'manual' })
  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${app().url}${path}`, {
      method: 'POST',
      headers: {
        origin: app().url,
        'content-type': 'application/x-www-form-urlencoded',
        ...browser(),
        ...headers,
      },
      body: new URLSearchParams(fields),
      redirect: 'manual',
    })
  return { browser, get, post }
}

/** A cookie the answer set, as a Cookie header sends it back (`name=value`); '' when it set none. */
export function cookieSet(res: Response, name: string): string {
  return (
    res.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .find((pair) => pair.startsWith(`${name}=`)) ?? ''
  )
}

/** Text as the pages write it into HTML. */
export function htmlOf(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
