import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createAppRouter, createQueryClient } from './router'
import './styles.css'

function mount() {
  const root = document.getElementById('root')
  if (!root) throw new Error('The page has no #root element')
  const queryClient = createQueryClient()
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
