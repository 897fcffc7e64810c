import type { Page } from '@playwright/test'

/**
 * The page has rendered in the browser, not only as the server's HTML, which the app replaces when it
 * starts (focus on an element of that copy would be lost), and has finished loading its data.
 */
export async function rendered(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector('main')
    if (!main || !document.querySelector('h1')) return false
    // React's own nodes, not the server-rendered copy they replace.
    if (!Object.keys(main).some((k) => k.startsWith('__reactFiber$'))) return false
    if (document.querySelector('[aria-busy="true"]')) return false
    return !/Loading|One moment/.test(main.innerText)
  })
}
