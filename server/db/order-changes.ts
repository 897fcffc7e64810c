import type { Notifications } from './notifications'

/** The channel migration 0025's trigger notifies, with the order's id, when an order's status changes. */
export const ORDER_CHANNEL = 'order_changed'

/**
 * The buyers' pages waiting on orders on this instance, by order. A notice naming an order (a change of
 * its status committed through any instance) wakes those waiting on it; the listener starting to listen
 * again after its connection dropped wakes them all, since notices sent meanwhile are lost.
 */
export class OrderChanges {
  private readonly waiting = new Map<string, Set<() => void>>()
  private listening = false

  constructor(private readonly notifications: Notifications) {}

  /** Calls `wake` whenever the order may have changed, until the returned function is called. */
  watch(orderId: string, wake: () => void): () => void {
    if (!this.listening) {
      this.listening = true
      this.notifications.listen(
        ORDER_CHANNEL,
        (id) => this.wake(id),
        () => this.wakeAll(),
      )
    }
    let waiters = this.waiting.get(orderId)
    if (!waiters) {
      waiters = new Set()
      this.waiting.set(orderId, waiters)
    }
    waiters.add(wake)
    return () => {
      waiters.delete(wake)
      if (waiters.size === 0 && this.waiting.get(orderId) === waiters) this.waiting.delete(orderId)
    }
  }

  private wake(orderId: string) {
    for (const wake of this.waiting.get(orderId) ?? []) wake()
  }

  private wakeAll() {
    for (const waiters of this.waiting.values()) for (const wake of waiters) wake()
  }
}
