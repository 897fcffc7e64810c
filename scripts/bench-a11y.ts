import lighthouse, { type Result as LighthouseResult } from 'lighthouse'
import { chromium } from 'playwright'
import { launchDebuggableChromium } from './bench-chromium'
import { findChromium } from './chromium'

/**
 * Accessibility figures for `npm run bench`: Lighthouse's accessibility score (mobile, its defaults) of
 * each page, with the failing audits, next to the target of 100. A page behind sign-in is opened with the
 * session's `auth_token` cookie put into the browser first, as the app keeps it (the app reads the cookie
 * in the page, so a Cookie request header alone would not sign it in).
 */

export const ACCESSIBILITY_TARGET = 100

export interface AccessibilityTarget {
  label: string
  path: string
  /** A session token: the page is measured signed in with it. */
  token?: string
}

export interface AccessibilityFigure {
  label: string
  score: number
  /** Where the page ended up, when not where it was asked for (a sign-in page instead of an account page). */
  landed: string | null
  /** Failing audits: id, title and the first element each names. */
  failing: string[]
}

/** A session of the demo seller on `baseUrl`, signed in through the API. */
export async function demoSellerToken(baseUrl: string): Promise<string | null> {
  const res = await fetch(`${baseUrl}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      subject: 'signIn',
      email: 'wanjiru@soko.test',
      password: process.env.DEMO_PASSWORD || 'soko-demo-2026',
    }),
  })
  if (!res.ok) return null
  return ((await res.json()) as { data: { token: string } }).data.token
}

/** The browser at `port` gets the app's session cookie for `baseUrl`, as signing in there would set it. */
async function putSessionCookie(port: number, baseUrl: string, token: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const context = browser.contexts()[0]
    if (!context) throw new Error('the browser has no default context')
    await context.addCookies([{ name: 'auth_token', value: token, url: baseUrl, sameSite: 'Lax' }])
  } finally {
    // Connected over CDP: this lets go of the browser, which keeps running (and keeps the cookie).
    await browser.close()
  }
}

function failingAudits(lhr: LighthouseResult): string[] {
  const refs = lhr.categories.accessibility?.auditRefs ?? []
  return refs
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (audit): audit is NonNullable<typeof audit> =>
        !!audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
    )
    .map((audit) => {
      const items = (audit.details as { items?: { node?: { selector?: string } }[] } | undefined)?.items
      const selector = items?.find((item) => item.node?.selector)?.node?.selector
      return `${audit.id}: ${audit.title}${selector ? ` — ${selector}` : ''}${items && items.length > 1 ? ` (+${items.length - 1} more)` : ''}`
    })
}

export async function accessibilityFigures(
  baseUrl: string,
  targets: AccessibilityTarget[],
): Promise<AccessibilityFigure[] | string> {
  const executablePath = findChromium()
  if (!executablePath) return 'skipped: no Chromium (see npm run test:e2e)'
  const figures: AccessibilityFigure[] = []
  for (const target of targets) {
    const browser = await launchDebuggableChromium(executablePath)
    try {
      if (target.token) await putSessionCookie(browser.port, baseUrl, target.token)
      const result = await lighthouse(baseUrl + target.path, {
        port: browser.port,
        logLevel: 'error',
        onlyCategories: ['accessibility'],
      })
      if (!result) throw new Error('Lighthouse returned nothing')
      const lhr = result.lhr
      if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
      const landed = new URL(lhr.finalDisplayedUrl)
      figures.push({
        label: target.label,
        score: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        landed: landed.pathname === target.path.split('?')[0] ? null : landed.pathname,
        failing: failingAudits(lhr),
      })
    } catch (error) {
      return `skipped: Lighthouse could not run on ${target.label}: ${(error as Error).message}`
    } finally {
      await browser.stop()
    }
  }
  return figures
}

export function printAccessibility(figures: AccessibilityFigure[] | string) {
  if (typeof figures === 'string') {
    console.log(`  Lighthouse accessibility: ${figures}`)
    return
  }
  console.log(`  Lighthouse accessibility (mobile, its defaults; target ${ACCESSIBILITY_TARGET}):`)
  for (const { label, score, landed, failing } of figures) {
    console.log(`    ${label}: ${score} (target ${ACCESSIBILITY_TARGET})`)
    if (landed) console.log(`      ! it landed on ${landed}: these figures are of that page`)
    for (const audit of failing) console.log(`      failing: ${audit}`)
  }
}
