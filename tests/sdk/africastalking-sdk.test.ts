import { createRequire } from 'node:module'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { testConfig } from '../support/config'
import { submitForm } from '../support/sandbox-server'
import { type SdkSandboxes, startSdkSandboxes } from './sandboxes'

/** How long a delivery may take on a busy machine. */
const WAIT = { timeout: 10_000 }

/** What the SDK's SMS.send answers: Africa's Talking's answer, parsed. */
interface SmsAnswer {
  SMSMessageData: {
    Message: string
    Recipients: { statusCode: number; number: string; status: string; cost: string; messageId: string }[]
  }
}

interface AfricasTalkingSdk {
  SMS: { send(params: { to: string | string[]; message: string; from?: string }): Promise<SmsAnswer> }
}

type Axios = {
  interceptors: {
    request: {
      use(f: (config: { url?: string }) => { url?: string }): number
      eject(id: number): void
    }
  }
}

// The SDK is CommonJS and calls its own copy of axios: both are loaded with Node's require, from the SDK's
// own folder, so that the axios here is the very module instance the SDK sends with.
const require = createRequire(import.meta.url)
const sdkRequire = createRequire(
  path.join(path.dirname(require.resolve('africastalking/package.json')), 'lib/'),
)
const axios = sdkRequire('axios') as Axios
const AfricasTalking = require('africastalking') as (options: {
  username: string
  apiKey: string
}) => AfricasTalkingSdk

/**
 * The SMS sandbox driven by Africa's Talking's official Node SDK (`africastalking`) as an outside client,
 * under the username of Africa's Talking's sandbox app, `sandbox`: sends to numbers that succeed and to the
 * sandbox's documented failing ones, and gets delivery reports only once its callback URL is set.
 */
describe("Africa's Talking's SDK against the SMS sandbox", () => {
  let server: SdkSandboxes
  let interceptor: number
  let sms: AfricasTalkingSdk['SMS']
  const outside = () => server.hooks.filter((hook) => hook.path === '/hooks/at-reports')
  const soko = () => server.hooks.filter((hook) => hook.path === '/hooks/sms/reports')

  beforeAll(async () => {
    server = await startSdkSandboxes()
    // The SDK has no base URL option: it builds https://api.sandbox.africastalking.com/… (api.… for
    // other usernames) itself. An axios request interceptor sends those requests to the sandbox instead,
    // with the same path, as a proxy in front of Africa's Talking would.
    interceptor = axios.interceptors.request.use((config) => {
      const url = new URL(config.url ?? '')
      if (url.hostname.endsWith('africastalking.com'))
        config.url = `${server.url}/sandbox/africastalking${url.pathname}${url.search}`
      return config
    })
    sms = AfricasTalking({ username: 'sandbox', apiKey }).SMS
  })

  afterAll(async () => {
    axios.interceptors.request.eject(interceptor)
    await server?.close()
  })

  // The sandbox's one API key, which Soko's own app (username `soko`) uses too.
  const { apiKey, username: sokoApp } = testConfig().sms

  /** A message sent as Soko's own app, whose report reaches Soko's hook a moment later. */
  async function sendAsSoko(to: string) {
    const answer = await AfricasTalking({ username: sokoApp, apiKey }).SMS.send({ to, message: 'Soko' })
    const id = answer.SMSMessageData.Recipients[0]?.messageId
    await vi.waitFor(() => expect(soko().some((hook) => hook.body.includes(`id=${id}`))).toBe(true), WAIT)
  }

  const warnings = () => server.logs.filter((line) => line.includes('"level":"warn"'))

  it('sends to several numbers, failing ones among them, and posts no report without a callback', async () => {
    const answer = await sms.send({
      to: ['+254722000001', '+254700000403', '+254700000405', '+254700000500', '+254700000600'],
      message: 'Habari! Your order is on its way.',
    })
    expect(answer.SMSMessageData.Message).toBe('Sent to 2/5 Total Cost: KES 1.6000')
    expect(answer.SMSMessageData.Recipients.map((r) => [r.number, r.statusCode, r.status])).toEqual([
      ['+254722000001', 101, 'Success'],
      ['+254700000403', 403, 'InvalidPhoneNumber'],
      ['+254700000405', 405, 'InsufficientBalance'],
      ['+254700000500', 500, 'InternalServerError'],
      ['+254700000600', 101, 'Success'],
    ])
    const ids = answer.SMSMessageData.Recipients.filter((r) => r.statusCode === 101).map((r) => r.messageId)
    expect(ids).toEqual([expect.stringMatching(/^ATXid_/), expect.stringMatching(/^ATXid_/)])
    // 0700 000 500 fails once only.
    const again = await sms.send({ to: '+254700000500', message: 'Habari tena' })
    expect(again.SMSMessageData.Recipients[0]).toMatchObject({ statusCode: 101, cost: 'KES 0.8000' })

    // A report for Soko's own app is posted after these would have been: none of them went anywhere.
    await sendAsSoko('+254722000009')
    const posted = server.hooks.map((hook) => hook.body).join('\n')
    for (const id of ids) expect(posted).not.toContain(id)
    expect(warnings()).toEqual([])
    // The inbox still shows each message's report.
    const inbox = await (await fetch(`${server.url}/sandbox/africastalking/inbox?number=0700000600`)).text()
    expect(inbox).toContain('Delivery report: Failed (not posted: app sandbox has no callback URL)')
  })

  it('posts the reports of the app sandbox once its callback URL is set on the inbox page', async () => {
    const callbacks = `${server.url}/sandbox/africastalking/callbacks`
    const refused = await submitForm(callbacks, { username: 'sandbox', callbackUrl: 'ftp://example.com/x' })
    expect(refused.status).toBe(400)
    const callbackUrl = `${server.url}/hooks/at-reports`
    const set = await submitForm(callbacks, { username: 'sandbox', callbackUrl })
    expect(set).toMatchObject({ status: 303, location: `${server.url}/sandbox/africastalking/inbox#reports` })
    expect(await (await fetch(`${server.url}/sandbox/africastalking/inbox`)).text()).toContain(
      `value="${callbackUrl}"`,
    )

    const answer = await sms.send({ to: ['+254722000002', '+254700000600'], message: 'Karibu' })
    const [delivered, failed] = answer.SMSMessageData.Recipients.map((r) => r.messageId)
    await vi.waitFor(() => expect(outside()).toHaveLength(2), WAIT)
    const reports = outside().map((hook) => Object.fromEntries(new URLSearchParams(hook.body)))
    expect(reports).toContainEqual(
      expect.objectContaining({ id: delivered, status: 'Success', phoneNumber: '+254722000002' }),
    )
    expect(reports).toContainEqual(
      expect.objectContaining({ id: failed, status: 'Failed', failureReason: 'UserInBlackList' }),
    )
    expect(
      outside().every((hook) =>
        hook.headers.get('content-type')?.startsWith('application/x-www-form-urlencoded'),
      ),
    ).toBe(true)
    // Soko's reports still go to Soko alone.
    await sendAsSoko('+254722000010')
    expect(outside()).toHaveLength(2)
    expect(warnings()).toEqual([])

    // Cleared, it posts nothing again.
    expect((await submitForm(callbacks, { username: 'sandbox', callbackUrl: '' })).status).toBe(303)
    const quiet = await sms.send({ to: '+254722000003', message: 'Kimya' })
    await sendAsSoko('+254722000011')
    expect(outside()).toHaveLength(2)
    expect(quiet.SMSMessageData.Recipients[0]?.statusCode).toBe(101)
  })
})
