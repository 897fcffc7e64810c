/** docs/product.md (Updates and reloads): a page is reloaded at most once per 10000 ms per path. */
export const RELOAD_THROTTLE_MS = 10_000
const KEY = 'soko:reloaded:'

/** Whether a full load of this path is allowed now; when it is, the time is recorded for the next ask. */
export function mayReload(path: string, now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(KEY + path))
    if (last && now - last < RELOAD_THROTTLE_MS) return false
    sessionStorage.setItem(KEY + path, String(now))
  } catch {
    // Storage refused (private mode, quota): allowing the reload is safer than a stuck page.
  }
  return true
}

/** Loads `href` from the network (the server, or the service worker's fresh shell), if the throttle allows. */
export function fullLoad(href: string): boolean {
  const url = new URL(href, location.href)
  if (!mayReload(url.pathname)) {
    console.info(`Not reloading ${url.pathname}: it was reloaded less than ${RELOAD_THROTTLE_MS} ms ago`)
    return false
  }
  location.assign(url.href)
  return true
}

/** Errors a failed dynamic import gives in Chromium, Firefox and Safari: a chunk of an older build is gone. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  )
}

/** docs/product.md (Updates and reloads): a chunk-load error reloads the page (once per path per 10 s, so a real outage cannot loop). */
export function reloadAfterChunkError(error: unknown): boolean {
  // Offline, a part never kept on this device cannot load: the page says so instead (PageError.tsx).
  if (!isChunkLoadError(error) || !navigator.onLine) return false
  console.error('A part of the app could not be loaded; reloading the page', error)
  return fullLoad(location.href)
}

let importsHandlingErrors = 0

/**
 * Runs a dynamic import whose caller shows its own failure with a way to retry, where a reload would lose
 * the user's work (the product editor's unsaved draft). While it is under way, Vite's preload-error event
 * does not reload the page, and the error reaches the caller. A route's chunk failing meanwhile still
 * reloads the page, through the router's error page.
 */
export async function importHandlingErrors<T>(load: () => Promise<T>): Promise<T> {
  importsHandlingErrors++
  try {
    return await load()
  } finally {
    importsHandlingErrors--
  }
}

/** Whether an import that handles its own failure is under way (see importHandlingErrors). */
export function importerHandlesChunkErrors(): boolean {
  return importsHandlingErrors > 0
}
