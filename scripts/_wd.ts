import { chromium } from 'playwright'
import { findChromium } from './chromium'
const base = 'http://127.0.0.1:8093'
async function rpc(subject: string, input: object, token?: string) {
  const r = await fetch(base + '/', { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify({ subject, ...input }) })
  const b = await r.json(); if (b.statusCode !== 200) throw new Error(subject + JSON.stringify(b)); return b.data
}
const { token } = await rpc('signIn', { email: 'wanjiru@soko.test', password: 'soko-demo-2026' })
const b = await chromium.launch({ executablePath: findChromium()! })
if (process.argv[2] === 'setup') {
  const buyer = await rpc('signUp', { email: `b${Date.now()}@example.com`, password: 'a-long-walk-to-lamu', name: 'B' })
  const explore = await (await fetch(base + '/explore/_payload.json')).json()
  const p = explore.results.find((x: any) => x.kind === 'digital')
  const { product } = await (await fetch(`${base}/${p.slug}/_payload.json`)).json()
  const started = await rpc('startCheckout', { productId: product.id, method: 'card' }, buyer.token)
  const ctx0 = await b.newContext()
  const pg0 = await ctx0.newPage()
  await pg0.goto(started.next.url); await pg0.getByLabel('Card number').fill('4242 4242 4242 4242'); await pg0.getByRole('button', { name: /^Pay/ }).click(); await pg0.waitForTimeout(3000)
  console.log('paid?', pg0.url())
  await rpc('addPayoutMethod', { method: { kind: 'paypal', email: 'wanjiru@example.com' } }, token)
  await rpc('addPayoutMethod', { method: { kind: 'bank', accountName: 'Wanjiru Kamau', bankName: 'Equity Bank', accountNumber: '0123456789', currency: 'KES' } }, token)
  const methods = await rpc('listPayoutMethods', {}, token)
  const bank = methods.methods.find((m: any) => m.rail === 'bank')
  console.log(await rpc('getBalances', {}, token))
  await rpc('requestPayout', { currency: 'KES', amount: 500_00, methodId: bank.id, speed: 'standard' }, token)
}
for (const [name, vp, scheme] of [['phone', { width: 390, height: 844 }, 'light'], ['desktop', { width: 1280, height: 800 }, 'light'], ['phone-dark', { width: 390, height: 844 }, 'dark']] as const) {
  const ctx = await b.newContext({ viewport: vp, colorScheme: scheme, isMobile: name.startsWith('phone'), hasTouch: name.startsWith('phone') })
  await ctx.addCookies([{ name: 'auth_token', value: token, url: base }])
  const page = await ctx.newPage()
  await page.goto(base + '/account/withdraw')
  await page.waitForTimeout(2500)
  const amount = page.getByLabel('Amount (KES)')
  if (await amount.count()) await amount.fill('1000')
  await page.screenshot({ path: `/tmp/wd-${name}.png`, fullPage: true })
  await ctx.close()
}
await b.close()
