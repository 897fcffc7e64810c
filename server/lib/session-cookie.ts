import { AUTH_COOKIE_MAX_AGE } from '../../contract/session'

/**
 * The session of a browser signed in by a form (without script): its token in a cookie that script cannot
 * read. The app keeps its own token and sends it as a Bearer header; the server takes either.
 */
export const SESSION_COOKIE = 'soko_session'

/** A browser's own random value, which the forms' token is signed over before anyone signs in. */
export const FORM_COOKIE = 'soko_form'

/** One cookie's value from a Cookie header, or null. */
export function cookieOf(header: string | undefined, name: string): string | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim()
      try {
        return decodeURIComponent(value) || null
      } catch {
        return null
      }
    }
  }
  return null
}

/** The session token a form sign-in left, when it looks like one (the tokens are base64url). */
export function sessionCookieOf(header: string | undefined): string | null {
  const token = cookieOf(header, SESSION_COOKIE)
  return token && /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null
}

/** The Set-Cookie of a cookie only the server reads: sent with this site's own navigations and posts. */
export function serverCookie(
  name: string,
  value: string,
  https: boolean,
  maxAge = AUTH_COOKIE_MAX_AGE,
): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(https ? ['Secure'] : []),
  ].join('; ')
}

/**
 * The app's own cookie of the same session (`auth_token`, read by its script): set beside the server's
 * when a form signs someone in, so a browser whose script arrives later is signed in in the app too.
 */
export const APP_COOKIE = 'auth_token'

export function appCookie(token: string, https: boolean, maxAge = AUTH_COOKIE_MAX_AGE): string {
  return [
    `${APP_COOKIE}=${token}`,
    'Path=/',
    `Max-Age=${maxAge}`,
    'SameSite=Lax',
    ...(https ? ['Secure'] : []),
  ].join('; ')
}

/** The Set-Cookie that removes a cookie `serverCookie` set. */
export function clearedCookie(name: string, https: boolean): string {
  return serverCookie(name, '', https, 0)
}

/**
 * Whether a request comes from this site's own pages: its Origin is the site's, or (no Origin) the browser
 * says it is same-origin. A request naming another origin, or `null`, is not.
 */
export function fromOwnPages(header: (name: string) => string | undefined, publicUrl: string): boolean {
  const origin = header('origin')
  if (origin !== undefined) return origin === new URL(publicUrl).origin
  return header('sec-fetch-site') === 'same-origin'
}
