import { createHash } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { Config } from '../env'

/**
 * The headers that tell browsers what Soko's pages may do: a Content-Security-Policy on every HTML response,
 * a Permissions-Policy, no framing, no MIME sniffing, a short Referer, and HSTS when the site is on https.
 * README.md "Security headers" lists them and which settings add which origins.
 */

/** Where Turnstile's script and challenge frame come from (src/components/BotChallenge.tsx). */
const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com'

/**
 * What the Firebase Auth SDK loads into the page when sign-in is on: Google's API loader for the sign-in
 * popup (which frames the project's auth domain), reCAPTCHA for phone sign-in, and the Auth REST APIs.
 */
const FIREBASE = {
  scripts: [
    'https://apis.google.com',
    'https://www.google.com/recaptcha/',
    'https://www.gstatic.com/recaptcha/',
  ],
  frames: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  connect: [
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    'https://www.googleapis.com',
  ],
}

/**
 * Powerful features: the camera for the organiser's ticket check-in, clipboard writes (copying an M-Pesa
 * number) and fullscreen, on Soko's own pages only; everything else off, for Soko and every frame in it.
 * Soko finds the visitor's country from GEO_URL, never from geolocation. Web Share (sharing a kept file)
 * keeps its default, Soko's own pages: like Web Bluetooth it is a feature desktop Chromium does not know,
 * and naming one logs an error in the console of every page.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'clipboard-write=(self)',
  'fullscreen=(self)',
  ...[
    'accelerometer',
    'autoplay',
    'browsing-topics',
    'clipboard-read',
    'display-capture',
    'encrypted-media',
    'geolocation',
    'gyroscope',
    'hid',
    'identity-credentials-get',
    'idle-detection',
    'local-fonts',
    'magnetometer',
    'microphone',
    'midi',
    'otp-credentials',
    'payment',
    'picture-in-picture',
    'publickey-credentials-create',
    'publickey-credentials-get',
    'screen-wake-lock',
    'serial',
    'usb',
    'window-management',
    'xr-spatial-tracking',
  ].map((feature) => `${feature}=()`),
].join(', ')

/** HTTPS sites are remembered as HTTPS-only for a year, their subdomains too. */
export const HSTS = 'max-age=31536000; includeSubDomains'

/** `'sha256-…'`: the CSP source that allows one inline script or style, by its exact text. */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

/**
 * Hash sources for the inline scripts in a page of the build (the app's shell, the prerendered pages): the
 * ones a browser runs, so neither external scripts (src) nor data blocks such as the runtime settings and
 * the page's payload (type="application/json": never run, so CSP does not apply to them). Only ever called on
 * HTML the build made: hashing the scripts of a page that holds someone's text would allow whatever they
 * managed to put in.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase()
    if (type && !['module', 'text/javascript', 'application/javascript'].includes(type)) continue
    hashes.add(hashSource(body))
  }
  return [...hashes]
}

/**
 * A CSP source for a configured address: its origin (`https://api.soko.example`), or with `path` its origin
 * and path (`https://files.example/bucket/`). Null for what is not a plain http(s) address: a value that
 * could end the directive early (`;`, `,`, spaces, quotes) never reaches the header.
 */
function addressSource(address: string, path = false): string | null {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  // IPv6 literals have no CSP source syntax.
  if (url.hostname.startsWith('[')) return null
  const source = path ? `${url.origin}${url.pathname}` : url.origin
  return /^[A-Za-z0-9.:/_~%*-]+$/.test(source) ? source : null
}

/**
 * Where uploads and stored files go, as a CSP source. The embedded disk store is this server's `/files/`;
 * an S3 bucket is its presigned URLs' host, on the endpoint's scheme; an explicit STORAGE_HOST (a host,
 * perhaps with a port and path, no scheme) is taken on the page's own scheme.
 */
function storageSource(config: Config): string | null {
  const host = config.storageHost
  if (!host) return null
  const scheme = config.s3 ? new URL(config.s3.endpoint ?? 'https://s3.amazonaws.com').protocol : null
  return addressSource(`${scheme ?? new URL(config.publicUrl).protocol}//${host}`, true)
}

/**
 * A directive's value: its sources once each, in order, or `'none'` when it has none. A path under an origin
 * that is already listed (the disk store's `https://soko.example/files/`) is left out.
 */
function directive(name: string, sources: (string | null)[]): string {
  const unique = [...new Set(sources.filter((s): s is string => Boolean(s)))]
  const kept = unique.filter((s) => !unique.some((origin) => origin !== s && s.startsWith(`${origin}/`)))
  return `${name} ${kept.length ? kept.join(' ') : "'none'"}`
}

/**
 * The app's Content-Security-Policy. Scripts are the build's own files and the inline scripts of its HTML,
 * by hash (`scriptHashes`, from inlineScriptHashes); data and uploads go to this server, the configured API,
 * storage and geolocation service; Turnstile and Firebase are allowed only when they are configured. Styles
 * may be inline: the widgets above and the description editor set style attributes, and a style cannot run
 * code.
 */
export function appContentSecurityPolicy(config: Config, scriptHashes: string[]): string {
  const site = addressSource(config.publicUrl)
  const api = config.apiBase ? addressSource(config.apiBase) : null
  const storage = storageSource(config)
  const geo = addressSource(config.geoUrl)
  const turnstile = config.challengeSiteKey ? TURNSTILE_ORIGIN : null
  const firebase = config.firebase
  const authDomain = firebase ? addressSource(`https://${firebase.authDomain}`) : null
  return [
    "default-src 'self'",
    directive('script-src', ["'self'", ...scriptHashes, turnstile, ...(firebase ? FIREBASE.scripts : [])]),
    "style-src 'self' 'unsafe-inline'",
    directive('img-src', ["'self'", 'data:', 'blob:', site, api, storage]),
    directive('connect-src', ["'self'", site, api, storage, geo, ...(firebase ? FIREBASE.connect : [])]),
    directive('frame-src', [turnstile, authDomain, ...(firebase ? FIREBASE.frames : [])]),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // A checkout form posted without script is answered with a redirect to the card's or PayPal's page:
    // form-action governs that redirect too, so a live provider's page is named (the sandboxes are here).
    directive('form-action', ["'self'", ...providerCheckoutOrigins(config)]),
    "frame-ancestors 'none'",
    ...(config.publicUrl.startsWith('https:') ? ['upgrade-insecure-requests'] : []),
  ].join('; ')
}

/** The pages a buyer is sent to by a live provider: Stripe Checkout, and PayPal's approval page. */
export function providerCheckoutOrigins(config: Pick<Config, 'payments'>): string[] {
  const { card, paypal } = config.payments
  return [
    ...(card.live ? ['https://checkout.stripe.com'] : []),
    ...(paypal.live
      ? [/sandbox/.test(paypal.baseUrl ?? '') ? 'https://www.sandbox.paypal.com' : 'https://www.paypal.com']
      : []),
  ]
}

/**
 * A payment sandbox page's policy: nothing but its own inline style and script (by hash), and forms that
 * post to the sandbox and may be redirected to the shop's return addresses (`returnTo`).
 */
export function sandboxContentSecurityPolicy(p: {
  styles: string[]
  scripts: string[]
  returnTo: (string | null)[]
}): string {
  return [
    "default-src 'none'",
    directive('script-src', p.scripts.map(hashSource)),
    directive('style-src', p.styles.map(hashSource)),
    "img-src 'self'",
    directive('form-action', ["'self'", ...p.returnTo.map((url) => (url ? addressSource(url) : null))]),
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * Headers for every response, and the HTML ones for every HTML response: a page that set no policy of its
 * own (the app's pages, its 404s) gets the app's. Headers of a finished HTML response are set in place (a
 * Response built by the handler can take them); other responses are left as the handler made them, which
 * keeps our status 600 intact.
 */
export function securityHeaders(config: Config, appPolicy: () => string): MiddlewareHandler {
  const https = config.publicUrl.startsWith('https:')
  return async (c, next) => {
    c.header('x-content-type-options', 'nosniff')
    if (https) c.header('strict-transport-security', HSTS)
    await next()
    if (!c.res.headers.get('content-type')?.startsWith('text/html')) return
    const headers = {
      'content-security-policy': c.res.headers.get('content-security-policy') ?? appPolicy(),
      'permissions-policy': PERMISSIONS_POLICY,
      // A document's policy; scripts and data need none (the browser's default is the same).
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
    }
    try {
      for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value)
    } catch {
      // Immutable headers (a response passed through from elsewhere): copy it with ours.
      const res = new Response(c.res.body, c.res)
      for (const [name, value] of Object.entries(headers)) res.headers.set(name, value)
      c.res = res
    }
  }
}
