import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { MPESA_PHONE } from '../../contract/phone'
import { ledgerImbalance } from '../../server/ledger/ledger'
import { translate } from '../../server/lib/i18n'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { fixtureBuild } from '../support/fixture-build'
import { invoiceSteps } from '../support/invoices'
import { htmlOf, plainBrowser } from '../support/plain-forms'
import { submitSandboxCard } from '../support/sandbox-card'
import { sellerOf } from '../support/shop'

/**
 * Paying an invoice without script: the pay link's page carries the invoice and a plain form, whose post
 * pays through `payInvoice` exactly as the RPC does (same status, same words), is refused from another
 * site, and goes on to a waiting page that refreshes itself until the M-Pesa prompt is answered, or to the
 * card's page.
 */

const PHONE = '0712345678'

describe.each(databaseKinds)('paying an invoice without script on %s', (kind) => {
  let app: RunningApp
  let steps: ReturnType<typeof invoiceSteps>
  let seller: { id: string; token: string }

  beforeAll(async () => {
    // A miniature build, so /p is served as a page (integration tests run before `npm run build`).
    app = await startApp(kind, { clientDir: fixtureBuild(), trustProxy: true })
    seller = await sellerOf(app, 'plain-invoicer')
    steps = invoiceSteps(app, () => seller.token)
  })
  afterAll(async () => {
    await app?.close()
  })
  afterEach(async () => {
    await app.sandboxesIdle()
    expect(await ledgerImbalance(app.database.db)).toEqual({})
  })

  const { browser, post } = plainBrowser(() => app, 7)

  /** The invoice's pay link as a path, and where its form posts. */
  const linkOf = (invoice: { payUrl: string }) => {
    const url = new URL(invoice.payUrl)
    return { page: url.pathname + url.search, pay: `/p/pay${url.search}` }
  }

  it('shows the invoice at its link: who bills, the lines, what is due now, and the form', async () => {
    const invoice = await steps.send((await steps.create()).id)
    const res = await fetch(`${app.url}${linkOf(invoice).page}`, { headers: browser() })
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain(`Invoice ${invoice.number}`)
    expect(html).toContain('Wanjiru Kamau')
    expect(html).toContain('Logo design')
    // Half of 41,760.00 is due first.
    expect(html).toContain('Deposit due now')
    expect(html).toMatch(/Pay deposit KES\s20,880\.00/)
    expect(html).toContain('name="method"')
    expect(html).toContain('name="phone"')
    expect(html).toContain('name="_form"')
    expect(html).toContain(`action="${htmlOf(linkOf(invoice).pay)}"`)
    // In Kiswahili too.
    const sw = await (await fetch(`${app.url}${linkOf(invoice).page}&lang=sw`, { headers: browser() })).text()
    expect(sw).toContain(`Ankara ${invoice.number}`)
    // The finding form, for a link lost.
    const find = await (await fetch(`${app.url}/p`, { headers: browser() })).text()
    expect(find).toContain('action="/p/find"')
    const found = await post('/p/find', { number: invoice.number, contact: 'wanjiru@example.com' })
    expect(found.status).toBe(303)
    expect(found.headers.get('location')).toBe(linkOf(invoice).page)
    const none = await post('/p/find', { number: invoice.number, contact: 'someone@example.com' })
    expect(none.status).toBe(404)
    expect(await none.text()).toContain('No invoice matches that number and contact')
  })

  it('refuses a phone M-Pesa cannot reach in the words of the RPC, and a post from another site', async () => {
    const invoice = await steps.sendSmall()
    const key = steps.keyOf(invoice)
    const rpc = await app.rpc(
      { subject: 'payInvoice', invoiceId: invoice.id, key, method: 'mpesa', phone: '12345' },
      browser(),
    )
    const form = await post(linkOf(invoice).pay, { method: 'mpesa', phone: '12345' })
    expect(form.status).toBe(rpc.status)
    expect(rpc.status).toBe(400)
    const html = await form.text()
    const errors = Object.values((rpc.body.errors ?? {}) as Record<string, string>)
    expect(errors.length).toBeGreaterThan(0)
    for (const said of errors) expect(html).toContain(htmlOf(said))
    expect(html).toContain(htmlOf(translate('en', MPESA_PHONE)))
    // The form is shown again, with the number as typed.
    expect(html).toContain('value="12345"')
    const sw = await post(`${linkOf(invoice).pay}&lang=sw`, { method: 'mpesa', phone: '12345' })
    expect(await sw.text()).toContain(htmlOf(translate('sw', MPESA_PHONE)))
    // From another site: refused before anything is started.
    const other = await post(
      linkOf(invoice).pay,
      { method: 'mpesa', phone: PHONE },
      { origin: 'https://evil.example' },
    )
    expect(other.status).toBe(403)
    expect((await steps.payView(invoice)).pending).toBeNull()
  })

  it('pays by M-Pesa: the waiting page refreshes itself, the phone pays, and the pay page says paid', async () => {
    const invoice = await steps.sendSmall()
    const res = await post(linkOf(invoice).pay, { method: 'mpesa', phone: PHONE })
    expect(res.status).toBe(303)
    const wait = new URL(res.headers.get('location') ?? '', app.url).href
    expect(wait).toMatch(/\/p\/wait\?invoice=[0-9a-f-]{36}&key=[^&]+&payment=[0-9a-f-]{36}/)
    const waiting = await (await fetch(wait, { headers: browser() })).text()
    expect(waiting).toContain('http-equiv="refresh"')
    expect(waiting).toContain('0712 345 678')
    expect(waiting).toContain('Check your phone')
    await steps.phone('pay', PHONE)
    const after = await fetch(wait, { headers: browser(), redirect: 'manual' })
    expect(after.status).toBe(303)
    expect(after.headers.get('location')).toBe(linkOf(invoice).page)
    const paid = await (await fetch(`${app.url}${linkOf(invoice).page}`, { headers: browser() })).text()
    expect(paid).toContain('Paid in full')
    expect(paid).not.toContain('action="/p/pay')
    expect((await steps.payView(invoice)).status).toBe('paid')
  })

  it('says why a cancelled prompt failed, with Try again and another way', async () => {
    const invoice = await steps.sendSmall()
    const res = await post(linkOf(invoice).pay, { method: 'mpesa', phone: PHONE })
    const wait = new URL(res.headers.get('location') ?? '', app.url).href
    await steps.phone('cancel', PHONE)
    const page = await fetch(wait, { headers: browser() })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).not.toContain('http-equiv="refresh"')
    expect(html).toContain('The payment did not go through')
    expect(html).toContain('Nothing was charged.')
    expect(html).toContain('Try again')
    expect(html).toContain('name="phone" value="254712345678"')
    expect(html).toContain('Pay another way')
  })

  it('pays by card: the post goes to the card page, which comes back to the pay page', async () => {
    const invoice = await steps.sendSmall()
    const res = await post(linkOf(invoice).pay, { method: 'card', phone: '' })
    expect(res.status).toBe(303)
    const cardPage = new URL(res.headers.get('location') ?? '', app.url)
    expect(cardPage.pathname).toMatch(/^\/sandbox\/stripe\//)
    const paid = await submitSandboxCard(cardPage.href, '4242 4242 4242 4242')
    await app.sandboxesIdle()
    const back = new URL(paid.headers.get('location') ?? '', app.url)
    const landed = await fetch(back, { headers: browser() })
    expect(new URL(landed.url).pathname).toBe('/p')
    expect(await landed.text()).toContain('Paid in full')
  })
})
