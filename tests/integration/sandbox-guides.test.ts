import { afterEach, describe, expect, it } from 'vitest'
import { SANDBOX } from '../../server/payments/sandbox-credentials'
import { type RunningApp, startApp } from '../support/app'
import { testConfig } from '../support/config'

/** The sandboxes' home pages: where to point a client, and the credentials each sandbox accepts. */
describe('the sandboxes’ home pages', () => {
  let app: RunningApp | undefined

  afterEach(async () => {
    await app?.close()
    app = undefined
  })

  it('list every sandbox, and give each one’s address and credentials', async () => {
    app = await startApp('pglite')
    const index = await fetch(`${app.url}/sandbox`)
    expect(index.status).toBe(200)
    const list = await index.text()
    for (const path of ['mpesa', 'paypal', 'stripe', 'africastalking'])
      expect(list).toContain(`href="/sandbox/${path}"`)

    const expected: Record<string, string[]> = {
      mpesa: [
        SANDBOX.mpesaConsumerKey,
        SANDBOX.mpesaConsumerSecret,
        SANDBOX.mpesaShortCode,
        SANDBOX.mpesaPasskey,
        SANDBOX.mpesaB2cShortCode,
        SANDBOX.mpesaInitiator,
        SANDBOX.mpesaInitiatorPassword,
        SANDBOX.mpesaCredential,
      ],
      paypal: [SANDBOX.paypalClientId, SANDBOX.paypalClientSecret, SANDBOX.paypalWebhookId],
      stripe: [SANDBOX.stripeSecretKey, SANDBOX.stripeWebhookSecret],
      africastalking: ['sandbox', testConfig().sms.username, testConfig().sms.apiKey],
    }
    for (const [path, values] of Object.entries(expected)) {
      for (const address of [`/sandbox/${path}`, `/sandbox/${path}/`]) {
        const res = await fetch(`${app.url}${address}`)
        expect(res.status, address).toBe(200)
        expect(res.headers.get('content-type'), address).toContain('text/html')
        const html = await res.text()
        expect(html, address).toContain(`<code id="base-url">${app.url}/sandbox/${path}</code>`)
        for (const value of values) expect(html, `${address}: ${value}`).toContain(`<code>${value}</code>`)
      }
    }
  })

  it('leave out a provider with live keys: its page is a 404 and the list does not name it', async () => {
    const base = testConfig()
    app = await startApp('pglite', {
      payments: { ...base.payments, mpesa: { ...base.payments.mpesa, live: true } },
    })
    expect((await fetch(`${app.url}/sandbox/mpesa`)).status).toBe(404)
    const list = await (await fetch(`${app.url}/sandbox`)).text()
    expect(list).not.toContain('href="/sandbox/mpesa"')
    expect(list).toContain('href="/sandbox/paypal"')
  })
})
