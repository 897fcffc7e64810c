import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { currentUser } from './lib/guard'
import { setSessionExpiredHandler } from './lib/rpc'
import { clearSession, restoreSession } from './lib/session'
import { refreshSettings } from './lib/settings'
import { createAppRouter, createQueryClient } from './router'
import './styles.css'

/** At start: the session from cookie or IndexedDB; when signed in, the user (if only the token was kept) and settings. */
async function startSession(queryClient: QueryClient) {
  setSessionExpiredHandler(async () => {
    queryClient.clear()
    await clearSession()
    location.assign('/login')
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

function mount() {
  const root = document.getElementById('root')
  if (!root) throw new Error('The page has no #root element')
  const queryClient = createQueryClient()
  void startSession(queryClient)
  const router = createAppRouter(queryClient)
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  )
}

try {
  mount()
} catch (error) {
  console.error('Error while mounting app:', error)
}

// The service worker is registered after the page has loaded, so it never competes with first paint.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    import('workbox-window')
      .then(({ Workbox }) => new Workbox('/sw.js').register())
      .catch((error: unknown) => console.error('Service worker registration failed', error))
  })
}
