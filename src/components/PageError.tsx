import { useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'
import { isUnreachable } from '../lib/connection'
import { isChunkLoadError, reloadAfterChunkError } from '../lib/reload'
import { ErrorPage } from './ErrorPage'
import { OfflinePage } from './OfflinePage'

const reloadPage = () => location.reload()

/**
 * What a page that failed shows, inside the app's layout (the router's default error component): the
 * offline page when Soko could not be reached (its data never kept on this device), a reload when a chunk
 * of an older build is gone, and "Internal Server Error" for anything else.
 */
export function PageError({ error }: { error: unknown }) {
  const router = useRouter()
  // Loads the failed page's data again; its error (and this page) goes once the data is in.
  const reload = useCallback(() => router.invalidate(), [router])
  if (isUnreachable(error)) return <OfflinePage onRetry={reload} />
  // A part of the app this device never kept (a seller's page not opened before), with no network: once
  // back, a fresh load fetches it (a browser never retries a failed module in the same page).
  if (isChunkLoadError(error) && !navigator.onLine) return <OfflinePage onRetry={reloadPage} />
  // A chunk of an older build is gone from the server: a fresh page load fetches the current one.
  if (reloadAfterChunkError(error)) return <p className="page">Loading the latest version of Soko…</p>
  console.error('Page error:', error)
  return (
    <ErrorPage status={500} message="Something went wrong while showing this page. Reload to try again." />
  )
}
