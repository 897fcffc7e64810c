import { useLingui } from '@lingui/react/macro'
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
  const { t } = useLingui()
  const router = useRouter()
  // Loads the failed page's data again; its error (and this page) goes once the data is in.
  const reload = useCallback(() => router.invalidate(), [router])
  const shows = failedPageShows(error)
  if (shows === 'unreachable') return <OfflinePage onRetry={reload} />
  // A part of the app this device never kept, not loaded: once Soko answers, a fresh load fetches it (a
  // browser never retries a failed module in the same page).
  if (shows === 'part-unreachable') return <OfflinePage onRetry={reloadPage} />
  if (shows === 'reloading') return <p className="page">{t`Loading the latest version of Soko…`}</p>
  console.error('Page error:', error)
  return (
    <ErrorPage status={500} message={t`Something went wrong while showing this page. Reload to try again.`} />
  )
}

/**
 * Which of those a failed page is; a chunk-load error while online reloads the page (`reloadAfterChunkError`,
 * once per path per 10 s). A chunk that fails again within those 10 s is taken for a connection that came
 * back and dropped (a flaky link, or the network returning a moment after the browser said so): the page
 * says Soko cannot be reached and loads itself once Soko answers, never a dead-end error page.
 */
export function failedPageShows(error: unknown): 'unreachable' | 'part-unreachable' | 'reloading' | 'error' {
  if (isUnreachable(error)) return 'unreachable'
  if (!isChunkLoadError(error)) return 'error'
  return reloadAfterChunkError(error) ? 'reloading' : 'part-unreachable'
}
