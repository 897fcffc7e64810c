import { t } from '@lingui/core/macro'
import { notFound } from '@tanstack/react-router'
import { DEFAULT_LANG } from '../../contract/i18n'
import { PAYLOAD_ELEMENT_ID, payloadPath } from '../../contract/runtime'
import { currentLang } from './i18n'
import { apiFetch, RpcError } from './rpc'
import { runtimeSettings } from './runtime'

/**
 * A page's public data from `GET {path}/_payload.json` (docs/architecture.md). A prerendered
 * page carries its payload in the HTML, so its first load makes no request for it.
 */
export function payloadQuery<T>(pagePath: string, search = '', staleTime = 5 * 60_000) {
  return {
    queryKey: ['payload', pagePath, search, currentLang()] as const,
    queryFn: () => loadPayload<T>(pagePath, search),
    staleTime,
  }
}

/** `search` is a query string (`q=lamu&kind=digital`) for pages whose data depends on one, like /explore. */
type ServerPayload = { pagePath: string; payload: unknown } | null

/**
 * On the server, the page being rendered and its data: src/prerender.tsx names where to find them, per
 * render (renders overlap).
 */
let serverPayload: () => ServerPayload = () => null

export function setServerPayloadSource(source: () => ServerPayload) {
  serverPayload = source
}

async function loadPayload<T>(pagePath: string, search: string): Promise<T> {
  if (typeof document === 'undefined') {
    const page = serverPayload()
    if (page?.pagePath === pagePath) return page.payload as T
    throw new Error(`No payload for ${pagePath} on the server`)
  }
  const inline = takeInlinePayload(pagePath)
  if (inline !== undefined) return inline as T
  // The words of a page in Kiswahili (the home and marketing pages carry theirs) are asked for by name.
  const words = currentLang() === DEFAULT_LANG ? '' : `lang=${currentLang()}`
  const query = [search, words]
    .filter(Boolean)
    .join('&')
    .replace(/^(?=.)/, '?')
  const response = await apiFetch(`${runtimeSettings().apiBase}${payloadPath(pagePath)}${query}`, {
    headers: { Accept: 'application/json' },
  })
  if (response.status === 404) throw notFound()
  const status = response.status
  if (!response.ok)
    throw new RpcError(response.status, t`This page could not be loaded (${status}). Try again.`)
  return (await response.json()) as T
}

/** The payload the server put into the page for this path, once: later visits ask the network (or cache). */
function takeInlinePayload(pagePath: string): unknown {
  const element = document.getElementById(PAYLOAD_ELEMENT_ID)
  if (!element || element.dataset.path !== pagePath) return undefined
  element.remove()
  try {
    return JSON.parse(element.textContent ?? '') as unknown
  } catch (error) {
    console.error('The page payload is not valid JSON; fetching it instead', error)
    return undefined
  }
}
