/** The Firebase web app's public config (the SDK's `initializeApp` options). */
export interface FirebaseWebConfig {
  apiKey: string
  authDomain: string
  projectId: string
  storageBucket: string
  messagingSenderId: string
  appId: string
}

/**
 * Public runtime settings the server writes into the HTML it serves, so one build runs anywhere.
 * Nothing secret goes here: every value is readable by anyone who opens the page.
 */
export interface RuntimeSettings {
  /** Where RPC calls go; empty means the page's own origin. */
  apiBase: string
  /** Host of the object storage; requests to it never carry the Authorization header. */
  storageHost: string
  /** Absolute public address of the site, for canonical links and share cards. */
  siteUrl: string
  /** IP-geolocation JSON service queried once when no location is cached. */
  geoUrl: string
  /** Firebase web config; null when Firebase sign-in is off. */
  firebase: FirebaseWebConfig | null
  /** Bot-challenge (Turnstile) site key; empty when the challenge is off. */
  challengeSiteKey: string
  /** Id of the build that produced this page. */
  buildId: string
}

/** Id of the JSON script element that carries the runtime settings in served HTML. */
export const RUNTIME_SETTINGS_ELEMENT_ID = 'soko-runtime'

/** Id of the JSON script element that carries a prerendered page's payload (its `data-path` says whose). */
export const PAYLOAD_ELEMENT_ID = 'soko-payload'

/**
 * Id of the JSON script element that lists the scripts a served page's route needs beyond the entry's
 * (`/assets/…` addresses): index.html's start script asks for them together with the entry.
 */
export const PAGE_SCRIPTS_ELEMENT_ID = 'soko-page-scripts'

/**
 * Where index.html's start script keeps an install offer the browser makes before the app runs
 * (`window[EARLY_INSTALL_PROMPT]`), for the app to take when it starts.
 */
export const EARLY_INSTALL_PROMPT = 'sokoInstallPrompt'

/**
 * Where the start script keeps its registration of the service worker (`window[WORKER_REGISTRATION]`, a
 * promise of it, or of null where there is none): the app checks for updates through it.
 */
export const WORKER_REGISTRATION = 'sokoWorker'

/** Where a page's public data is served: `/_payload.json` for `/`, `{path}/_payload.json` otherwise. */
export function payloadPath(pagePath: string): string {
  return `${pagePath.replace(/\/+$/, '')}/_payload.json`
}

/** JSON that is safe inside a <script> element: no `</script>`, no HTML comment openers. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
}

/** The element that carries a page's payload in its HTML, so its first load asks for nothing more. */
export function payloadScript(pagePath: string, payload: unknown): string {
  const attribute = pagePath.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  return `<script id="${PAYLOAD_ELEMENT_ID}" type="application/json" data-path="${attribute}">${scriptSafeJson(payload)}</script>`
}
