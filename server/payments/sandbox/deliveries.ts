import type { SandboxDeps } from './sandbox-deps'

/** One POST of JSON to the merchant: a webhook, an STK callback, a B2C result, a C2B confirmation. */
export interface Delivery {
  url: string
  /** Already serialised: a signature may cover these exact bytes. */
  body: string
  /** Sent besides `content-type: application/json`, which they may replace. */
  headers?: Record<string, string>
  /** What is delivered, for the log: "STK callback", "webhook". */
  what: string
  /** More for the log line, such as the event type. */
  context?: Record<string, unknown>
}

/**
 * The deliveries of one simulator, each POSTed once as the providers do: a receiver that fails is logged,
 * never retried. Deliveries under way are kept, so that tests (and a graceful stop) can wait for them with
 * idle(). `from` names the simulator in the log.
 */
export function deliveries(deps: Pick<SandboxDeps, 'fetch' | 'log'> & { from: string; timeoutMs: number }) {
  const { log, from } = deps
  const inflight = new Set<Promise<void>>()

  function track(delivery: Promise<void>): Promise<void> {
    inflight.add(delivery)
    void delivery.finally(() => inflight.delete(delivery))
    return delivery
  }

  async function post({ url, body, headers, what, context }: Delivery): Promise<void> {
    // Callback URLs carry signatures: log the host only.
    const to = safeHost(url)
    try {
      const res = await deps.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        signal: AbortSignal.timeout(deps.timeoutMs),
      })
      await res.arrayBuffer().catch(() => {})
      if (!res.ok) log.warn(`${from}: the ${what} receiver answered ${res.status}`, { to, ...context })
    } catch (error) {
      const reason = errorText(error).replaceAll(url, to)
      log.warn(`${from}: could not deliver the ${what}`, { to, ...context, error: reason })
    }
  }

  return {
    /** Starts a delivery; the promise settles once it is delivered or logged, and never rejects. */
    send: (delivery: Delivery) => track(post(delivery)),
    /** Keeps other work under way (a delivery that starts later) until it settles. */
    track,
    /** Resolves once every delivery started so far, and any they started, has settled. */
    async idle() {
      while (inflight.size) await Promise.allSettled([...inflight])
    },
  }
}

function safeHost(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return '(not a URL)'
  }
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : ''
  return `${error.message}${cause}`
}
