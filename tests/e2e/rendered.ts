import type { Page } from '@playwright/test'

/**
 * The page is the app's, not only the server's HTML (which answers no tap until the app has taken it over),
 * and has finished loading its data.
 */
export async function rendered(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector('main')
    if (!main || !document.querySelector('h1')) return false
    // Taken over by React: its nodes carry its fibers.
    if (!Object.keys(main).some((k) => k.startsWith('__reactFiber$'))) return false
    if (document.querySelector('[aria-busy="true"]')) return false
    // In either language (Kiswahili: "Inapakia…", "Subiri kidogo…").
    return !/Loading|One moment|Inapakia|Subiri kidogo/.test(main.innerText)
  })
}
