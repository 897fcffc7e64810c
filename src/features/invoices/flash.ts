import { useEffect, useState } from 'react'

/**
 * A line for the next invoice page to show once (what a save or a send did), kept in memory: the editor
 * leaves for the invoice or the list, which says "Sent to …" or "Kept on this device".
 */
const lines = new Map<string, string>()

export const flash = (page: string, message: string) => void lines.set(page, message)

/** The page's line, shown while the page stays; gone for its next visit. */
export function useFlash(page: string): [string | null, (message: string | null) => void] {
  const [message, setMessage] = useState(() => lines.get(page) ?? null)
  useEffect(() => {
    lines.delete(page)
  }, [page])
  return [message, setMessage]
}
