import { existsSync } from 'node:fs'
import { chromium } from 'playwright'

/** Flags for Chromium here: as root, no GPU, and no background calls to a network that is not there. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** The Chromium to test with: CHROME_PATH, then Debian's /usr/bin/chromium, then Playwright's own. */
export function findChromium(): string | null {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    safePlaywrightPath(),
  ]
  return candidates.find((candidate): candidate is string => !!candidate && existsSync(candidate)) ?? null
}

function safePlaywrightPath(): string | undefined {
  try {
    return chromium.executablePath()
  } catch {
    return undefined
  }
}
