import { useSyncExternalStore } from 'react'
import { EARLY_INSTALL_PROMPT } from '../../contract/runtime'

/** Chromium's install prompt event (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let deferred: BeforeInstallPromptEvent | null = null
const listeners = new Set<() => void>()
const notify = () => {
  for (const listener of listeners) listener()
}

/**
 * Called first thing at start: the browser may offer installation before React has rendered anything, or
 * even before the app ran (index.html's start script keeps that offer).
 */
export function listenForInstallPrompt() {
  const early = (window as unknown as Record<string, BeforeInstallPromptEvent | undefined>)[
    EARLY_INSTALL_PROMPT
  ]
  if (early) {
    deferred = early
    notify()
  }
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    deferred = event as BeforeInstallPromptEvent
    notify()
  })
  window.addEventListener('appinstalled', () => {
    deferred = null
    notify()
  })
}

/** True while the browser offers to install Soko; `install()` shows its dialog. */
export function useInstallPrompt(): { available: boolean; install: () => Promise<void> } {
  const available = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => deferred !== null,
    () => false,
  )
  return {
    available,
    install: async () => {
      const event = deferred
      if (!event) return
      deferred = null
      notify()
      await event.prompt()
      await event.userChoice
    },
  }
}

/** iOS Safari has no install prompt: people add Soko from the share sheet, so they are told how. */
export function needsIosInstallHint(): boolean {
  if (typeof navigator === 'undefined') return false
  if (!/iPhone|iPad|iPod/.test(navigator.userAgent)) return false
  const standalone =
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    matchMedia('(display-mode: standalone)').matches
  return !standalone
}

/** navigator.onLine, kept current. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener)
      window.addEventListener('offline', listener)
      return () => {
        window.removeEventListener('online', listener)
        window.removeEventListener('offline', listener)
      }
    },
    () => navigator.onLine,
    () => true,
  )
}
