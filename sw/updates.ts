declare const self: ServiceWorkerGlobalScope

/**
 * A new worker waits instead of taking over at once; the page tells it to skip waiting on its next full
 * navigation, so nobody is switched to new code in the middle of a form.
 */
export function onMessage(event: ExtendableMessageEvent) {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
}
