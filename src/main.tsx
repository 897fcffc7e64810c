import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { setFormatLocale } from '../contract/format-locale'
import { cacheLocation, VISITOR_CURRENCY_KEY } from './lib/geo'
import { currentUser } from './lib/guard'
import { startLanguage } from './lib/i18n'
import { listenForInstallPrompt } from './lib/install'
import { importerHandlesChunkErrors, reloadAfterChunkError } from './lib/reload'
import { loginAfterExpiry, setSessionExpiredHandler } from './lib/rpc'
import { followServiceWorker } from './lib/service-worker'
import { clearSession, getSession, restoreSession, subscribeSession } from './lib/session'
import { refreshSettings } from './lib/settings'
import { CURRENT_BUILD, startUpdateChecks } from './lib/updates'
import { createAppRouter, createQueryClient } from './router'

/** At start: the session from cookie or IndexedDB; when signed in, the user (if only the token was kept) and settings. */
async function startSession(queryClient: QueryClient) {
  setSessionExpiredHandler(async () => {
    queryClient.clear()
    await clearSession()
    location.assign(loginAfterExpiry())
  })
  const session = await restoreSession()
  if (!session.token) return
  try {
    if (!session.user) await currentUser()
  } catch (error) {
    console.error('The signed-in user could not be loaded', error)
  }
  await refreshSettings()
}

let sellerSyncStarted = false

function startSellerSync(queryClient: QueryClient) {
  if (sellerSyncStarted || !getSession().user?.roles.includes('seller')) return
  sellerSyncStarted = true
  void import('./features/invoices/start-sync').then((sync) => sync.startInvoiceSync(queryClient))
}

// The build puts the stylesheet inside every page (scripts/page-assets.ts); the dev server serves it here.
if (import.meta.env.DEV) void import('./styles.css')

async function mount() {
  const root = document.getElementById('root')
  if (!root) throw new Error('The page has no #root element')
  document.documentElement.dataset.build = CURRENT_BUILD
  // The server wrote this page's prices and dates in this language: the app keeps to it.
  if (root.dataset.locale) setFormatLocale(root.dataset.locale)
  // The page's words: English is in the code; Kiswahili's are in before anything renders.
  await startLanguage(location.pathname)
  listenForInstallPrompt()
  // Vite's event for a failed preload of a lazy chunk (an older build's file is gone): reload (docs/product.md (Updates and reloads)),
  // unless the import's caller offers its own retry (a reload would lose the product editor's draft).
  window.addEventListener('vite:preloadError', (event) => {
    if (importerHandlesChunkErrors()) return
    if (reloadAfterChunkError((event as Event & { payload?: unknown }).payload)) event.preventDefault()
  })
  const queryClient = createQueryClient()
  void startSession(queryClient).then(() => {
    // A seller's invoices written offline go to Soko from the start (and when the network returns), or
    // from their sign-in: the code is then fetched while online, so the worker keeps it for offline starts.
    startSellerSync(queryClient)
    subscribeSession(() => startSellerSync(queryClient))
  })
  // On a first visit the prices' approximate figures wait for the location: they show once it is known.
  void cacheLocation().then((found) => {
    if (found) void queryClient.invalidateQueries({ queryKey: VISITOR_CURRENCY_KEY })
  })
  const router = createAppRouter(queryClient)
  startUpdateChecks(router)
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  )
  if (!root.dataset.prerendered) {
    createRoot(root).render(app)
    return
  }
  // A page the server rendered (index.html starts this script once it is painted): once its route's code
  // and data are in, React takes over that HTML as it is instead of painting the page again. The router
  // renders as it did on the server (no loading boundary of its own around the page) once told the page
  // came from there.
  await router.load()
  router.ssr = { manifest: undefined }
  hydrateRoot(root, app, {
    // A difference from the server's HTML (a date in another time zone, say): React renders that part
    // afresh, as a page without server HTML would be; worth a line in the console, nothing more.
    onRecoverableError: (error) => console.warn('The server’s HTML was replaced:', error),
  })
}

mount().catch((error: unknown) => {
  console.error('Error while mounting app:', error)
})

followServiceWorker()
