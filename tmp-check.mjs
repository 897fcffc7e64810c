import { chromium } from '@playwright/test'

const base = 'http://127.0.0.1:8091'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
const ctx = await browser.newContext({
  viewport: { width: 390, height: 844 },
  locale: process.env.LOC || 'en-US',
})
const page = await ctx.newPage()
page.on('console', (m) => {
  if (m.type() === 'error' || m.type() === 'warning') console.log('console', m.type(), m.text().slice(0, 300))
})
page.on('pageerror', (e) => console.log('pageerror', e.message))
await page.goto(base + (process.env.P || '/'))
await page.waitForLoadState('networkidle')
console.log('lang', await page.evaluate(() => document.documentElement.lang), 'title', await page.title())
await page.screenshot({ path: '/tmp/shot1.png' })
if (process.env.SWITCH) {
  await page.getByRole('link', { name: process.env.SWITCH }).first().click()
  await page.waitForLoadState('networkidle')
  console.log('after switch lang', await page.evaluate(() => document.documentElement.lang), page.url())
  console.log('cookies', JSON.stringify((await ctx.cookies()).map((c) => `${c.name}=${c.value}`)))
  await page.screenshot({ path: '/tmp/shot2.png' })
  await page
    .getByRole('link', { name: /Gundua|Explore/ })
    .first()
    .click()
  await page.waitForLoadState('networkidle')
  console.log('explore', page.url(), await page.evaluate(() => document.documentElement.lang))
  await page.screenshot({ path: '/tmp/shot3.png' })
}
await browser.close()
