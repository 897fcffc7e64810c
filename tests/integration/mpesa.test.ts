import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MPESA_RESULTS, mpesaResult } from '../../contract/mpesa'
import { MPESA_PHONE_HINT } from '../../contract/phone'
import type { Database } from '../../server/db/client'
import { sandboxObjects } from '../../server/db/schema'
import { loadConfig, SANDBOX } from '../../server/env'
import { createLogger } from '../../server/lib/log'
import {
  MpesaAdapter,
  type MpesaAdapterOptions,
  type StkPushRequest,
} from '../../server/payments/mpesa.adapter'
import { type Fetch, PaymentProviderError } from '../../server/payments/payments'
import { type MpesaSandbox, mpesaSandbox } from '../../server/payments/sandbox/mpesa.sandbox'
import { sandboxDeps } from '../../server/payments/sandbox/sandbox'
import { databaseKinds, openTestDatabase } from '../support/db'

describe.each(databaseKinds)('M-Pesa adapter against the sandbox on %s', (kind) => {
  let database: Database
  let server: ReturnType<typeof serve>
  let url: string
  let sandbox: MpesaSandbox
  /** The same sandbox with prompts that time out at once, mounted at /sandbox/mpesa-fast. */
  let fast: MpesaSandbox
  const logs: string[] = []
  /** What arrived at /hooks/mpesa/{name}: the callback and result receiver. */
  const received: { name: string; body: unknown }[] = []

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    // Listen first: the sandbox's public URL is the port this server gets.
    let handle: (request: Request) => Response | Promise<Response> = () => new Response(null, { status: 503 })
    server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: (request) => handle(request), hostname: '127.0.0.1', port: 0 }, () =>
        resolve(s),
      )
    })
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const deps = sandboxDeps({
      db: database.db,
      payments: loadConfig({ LOG_LEVEL: 'silent' }).payments,
      publicUrl: url,
      log: createLogger('info', (line) => logs.push(line)),
    })
    sandbox = mpesaSandbox(deps)
    fast = mpesaSandbox(deps, { promptTimeoutMs: 0 })
    const app = new Hono()
    app.route('/sandbox/mpesa', sandbox)
    app.route('/sandbox/mpesa-fast', fast)
    app.post('/hooks/mpesa/:name', async (c) => {
      received.push({ name: c.req.param('name'), body: await c.req.json() })
      return c.json({ ResultCode: 0, ResultDesc: 'Accepted' })
    })
    handle = app.fetch
  })
  afterAll(async () => {
    await sandbox?.idle()
    await fast?.idle()
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
    await database?.close()
  })

  function adapter(overrides: Partial<MpesaAdapterOptions> = {}, mount = 'mpesa') {
    return new MpesaAdapter({
      baseUrl: `${url}/sandbox/${mount}`,
      consumerKey: SANDBOX.mpesaConsumerKey,
      consumerSecret: SANDBOX.mpesaConsumerSecret,
      shortCode: SANDBOX.mpesaShortCode,
      passkey: SANDBOX.mpesaPasskey,
      transactionType: 'CustomerPayBillOnline',
      till: null,
      b2cShortCode: SANDBOX.mpesaB2cShortCode,
      initiatorName: SANDBOX.mpesaInitiator,
      securityCredential: SANDBOX.mpesaCredential,
      ...overrides,
    })
  }

  /** A fetch that records the path of every request it makes. */
  function counting() {
    const paths: string[] = []
    const counted: Fetch = (input, init) => {
      paths.push(new URL(input instanceof Request ? input.url : input).pathname)
      return fetch(input, init)
    }
    return {
      paths,
      fetch: counted,
      tokens: () => paths.filter((p) => p.endsWith('/oauth/v1/generate')).length,
    }
  }

  let n = 0
  /** A push request whose callbacks arrive under a name of its own. */
  function push(overrides: Partial<StkPushRequest> = {}) {
    const name = `stk-${++n}`
    return {
      name,
      request: {
        phone: '254712345678',
        amount: 750_00,
        accountReference: `ORD-${n}`,
        description: 'Soko order',
        callbackUrl: `${url}/hooks/mpesa/${name}`,
        ...overrides,
      },
    }
  }
  const arrived = (name: string) => received.filter((r) => r.name === name).map((r) => r.body)

  /** Submits the phone page's form for a prompt, as the tester's browser would. */
  async function answer(checkoutRequestId: string, action: string, pin = '') {
    const res = await fetch(`${url}/sandbox/mpesa/phone/${encodeURIComponent(checkoutRequestId)}`, {
      method: 'POST',
      body: new URLSearchParams({ action, pin }),
      redirect: 'manual',
    })
    expect(res.status).toBe(303)
    return new URL(res.headers.get('location') ?? '', url)
  }

  async function refusal(promise: Promise<unknown>): Promise<PaymentProviderError> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(PaymentProviderError)
    return error as PaymentProviderError
  }

  it('asks for one token and reuses it for several calls', async () => {
    const counter = counting()
    const mpesa = adapter({ fetch: counter.fetch })
    const first = await mpesa.stkPush(push().request)
    await mpesa.stkPush(push().request)
    await mpesa.stkQuery(first.checkoutRequestId)
    expect(counter.tokens()).toBe(1)
    expect(counter.paths).toHaveLength(4)
  })

  it('asks for a new token shortly before the old one expires', async () => {
    const counter = counting()
    let clock = Date.now()
    const mpesa = adapter({ fetch: counter.fetch, now: () => new Date(clock) })
    await mpesa.stkPush(push().request)
    clock += 3_000_000
    await mpesa.stkPush(push().request)
    expect(counter.tokens()).toBe(1)
    clock += 599_000
    await mpesa.stkPush(push().request)
    expect(counter.tokens()).toBe(2)
  })

  it('drops a token M-Pesa no longer accepts (404.001.03) and asks again once', async () => {
    const counter = counting()
    const mpesa = adapter({ fetch: counter.fetch })
    await mpesa.stkPush(push().request)
    // Daraja forgets the token before its hour is up.
    await database.db
      .delete(sandboxObjects)
      .where(and(eq(sandboxObjects.provider, 'mpesa'), eq(sandboxObjects.kind, 'token')))
    const second = await mpesa.stkPush(push().request)
    expect(second.checkoutRequestId).toMatch(/^ws_CO_\d+$/)
    expect(counter.tokens()).toBe(2)
    expect(counter.paths.filter((p) => p.endsWith('/processrequest'))).toHaveLength(3)
  })

  it('answers a missing or unknown Bearer token with 404.001.03, as Daraja does', async () => {
    const res = await fetch(`${url}/sandbox/mpesa/mpesa/stkpush/v1/processrequest`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-a-token', 'content-type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ errorCode: '404.001.03', errorMessage: 'Invalid Access Token' })
  })

  it('refuses wrong consumer credentials and a wrong passkey, without telling the buyer about keys', async () => {
    const badKeys = await refusal(adapter({ consumerSecret: 'wrong' }).stkPush(push().request))
    expect(badKeys).toMatchObject({ code: '400.008.01', retryable: false })
    expect(badKeys.message).toMatch(/pay by card or PayPal/)
    expect(badKeys.detail).not.toContain('wrong')

    const badPasskey = await refusal(adapter({ passkey: 'wrong-passkey' }).stkPush(push().request))
    expect(badPasskey).toMatchObject({ code: '500.001.1001', retryable: false })
    expect(badPasskey.message).toBe(badKeys.message)
    expect(badPasskey.detail).toContain('Wrong credentials')
    expect(badPasskey.detail).not.toContain('wrong-passkey')

    const badShortCode = await refusal(adapter({ shortCode: '111111' }).stkPush(push().request))
    expect(badShortCode.detail).toContain('Invalid BusinessShortCode')
  })

  it('tells the buyer when the phone number is not an M-Pesa number', async () => {
    const error = await refusal(adapter().stkPush(push({ phone: '254812345678' }).request))
    expect(error.message).toBe(MPESA_PHONE_HINT)
    expect(error.code).toBe('400.002.02')
    expect(error.detail).toContain('Invalid')
  })

  it('refuses a callback address with a space in it, and trims stray spaces at its ends', async () => {
    const { request } = push()
    const error = await refusal(adapter().stkPush({ ...request, callbackUrl: `${url}/hooks/mpesa/a b` }))
    expect(error.message).toMatch(/not working on Soko right now/)
    expect(error.detail).toContain('Invalid CallBackURL')
    const accepted = await adapter().stkPush({ ...request, callbackUrl: ` ${request.callbackUrl}  ` })
    expect(accepted.checkoutRequestId).toBeTruthy()
  })

  it('takes whole shillings only, before asking M-Pesa anything', async () => {
    const counter = counting()
    const mpesa = adapter({ fetch: counter.fetch })
    for (const amount of [750_50, 50, 0, 12.5]) {
      const error = await refusal(mpesa.stkPush(push({ amount }).request))
      expect(error.message).toMatch(/whole shillings/)
    }
    expect(counter.paths).toEqual([])
  })

  it('answers "being processed" to a query made before the buyer answers', async () => {
    const mpesa = adapter()
    const { checkoutRequestId } = await mpesa.stkPush(push().request)
    expect(await mpesa.stkQuery(checkoutRequestId)).toEqual({ state: 'pending' })
  })

  it('shows a waiting prompt on the phone page like the SIM prompt, and the outcome after paying', async () => {
    const mpesa = adapter()
    const { request } = push({ phone: '254798765432', amount: 1_500_00 })
    const { checkoutRequestId } = await mpesa.stkPush(request)
    const page = await fetch(`${url}/sandbox/mpesa/phone?number=${encodeURIComponent('0798 765 432')}`)
    const html = await page.text()
    expect(page.status).toBe(200)
    expect(html).toContain('<title>M-Pesa sandbox phone</title>')
    expect(html).toContain('Sandbox — no real money moves')
    expect(html).toContain(
      `Do you want to pay KES 1,500 to SOKO (Account ${request.accountReference})? Enter M-PESA PIN`,
    )
    expect(html).toMatch(/<label for="pin-[^"]+">M-PESA PIN<\/label>/)
    for (const button of [
      'Pay',
      'Cancel',
      'Let it time out',
      'Not enough balance',
      'Pay but lose the callback',
    ])
      expect(html).toContain(`>${button}</button>`)
    // It must not reload under someone typing a PIN.
    expect(html).not.toContain('http-equiv="refresh"')

    const back = await answer(checkoutRequestId, 'pay', '1234')
    expect(back.pathname).toBe('/sandbox/mpesa/phone')
    expect(back.searchParams.get('number')).toBe('0798765432')
    const after = await (await fetch(back)).text()
    expect(after).toMatch(/Paid: receipt SBX[A-Z0-9]{7}/)
    expect(after).not.toContain('Enter M-PESA PIN')
    expect(after).toContain('http-equiv="refresh" content="2"')
  })

  it('shows a form to enter a number, and says when it is not a Kenyan mobile number', async () => {
    const empty = await fetch(`${url}/sandbox/mpesa/phone`)
    expect(empty.status).toBe(200)
    expect(await empty.text()).toContain('<label for="number">Phone number</label>')
    const wrong = await fetch(`${url}/sandbox/mpesa/phone?number=12345`)
    expect(wrong.status).toBe(400)
    expect(await wrong.text()).toContain('That is not a Kenyan mobile number')
  })

  const outcomes = [
    { action: 'pay', pin: '1234', code: 0, desc: 'The service request is processed successfully.' },
    { action: 'no-funds', pin: '', code: 1, desc: 'The balance is insufficient for the transaction.' },
    { action: 'cancel', pin: '', code: 1032, desc: 'Request cancelled by user' },
    { action: 'timeout', pin: '', code: 1037, desc: 'DS timeout user cannot be reached' },
    { action: 'pay', pin: '0000', code: 2001, desc: 'The initiator information is invalid.' },
  ]
  it.each(outcomes)(
    'sends result $code in the callback and the query after "$action" (PIN "$pin")',
    async ({ action, pin, code, desc }) => {
      const mpesa = adapter()
      const { name, request } = push()
      const started = await mpesa.stkPush(request)
      expect(started.customerMessage).toBe('Success. Request accepted for processing')
      await answer(started.checkoutRequestId, action, pin)

      const bodies = arrived(name)
      expect(bodies).toHaveLength(1)
      const callback = mpesa.parseStkCallback(bodies[0])
      expect(callback).toMatchObject({
        merchantRequestId: started.merchantRequestId,
        checkoutRequestId: started.checkoutRequestId,
        resultCode: code,
        resultDesc: desc,
      })
      if (code === 0) {
        expect(callback.receipt).toMatch(/^SBX[A-Z0-9]{7}$/)
        expect(callback.amount).toBe(750_00)
        expect(callback.phone).toBe('254712345678')
        expect(callback.transactionDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00$/)
      } else {
        expect(callback).toMatchObject({ receipt: null, amount: null, phone: null, transactionDate: null })
      }
      expect(await mpesa.stkQuery(started.checkoutRequestId)).toEqual({
        state: 'done',
        resultCode: code,
        resultDesc: desc,
      })
    },
  )

  it('records a payment but sends no callback for "pay but lose the callback": the query settles it', async () => {
    const mpesa = adapter()
    const { name, request } = push()
    const { checkoutRequestId } = await mpesa.stkPush(request)
    const back = await answer(checkoutRequestId, 'pay-no-callback')
    await sandbox.idle()
    expect(arrived(name)).toEqual([])
    expect(await mpesa.stkQuery(checkoutRequestId)).toMatchObject({ state: 'done', resultCode: 0 })
    expect(await (await fetch(back)).text()).toContain('(the callback was not sent)')
  })

  it('ends an unanswered prompt as 1037 once its time is up, and sends that callback', async () => {
    const mpesa = adapter({}, 'mpesa-fast')
    const { name, request } = push()
    const { checkoutRequestId } = await mpesa.stkPush(request)
    expect(await mpesa.stkQuery(checkoutRequestId)).toEqual({
      state: 'done',
      resultCode: 1037,
      resultDesc: 'DS timeout user cannot be reached',
    })
    await fast.idle()
    const bodies = arrived(name)
    expect(bodies).toHaveLength(1)
    expect(mpesa.parseStkCallback(bodies[0]).resultCode).toBe(1037)
  })

  it('acts once when a prompt is answered twice, even at the same moment', async () => {
    const mpesa = adapter()
    const { name, request } = push()
    const { checkoutRequestId } = await mpesa.stkPush(request)
    await Promise.all([answer(checkoutRequestId, 'pay', '1234'), answer(checkoutRequestId, 'pay', '1234')])
    const late = await answer(checkoutRequestId, 'cancel')
    expect(late.searchParams.get('again')).toBe('1')
    await sandbox.idle()
    expect(arrived(name)).toHaveLength(1)
    expect(await mpesa.stkQuery(checkoutRequestId)).toMatchObject({ state: 'done', resultCode: 0 })
  })

  it('reads callback metadata by name, in any order, with a Balance that has no value', () => {
    const callback = adapter().parseStkCallback({
      Body: {
        stkCallback: {
          MerchantRequestID: '29115-34620561-1',
          CheckoutRequestID: 'ws_CO_191220191020363925',
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'PhoneNumber', Value: 254708374149 },
              { Name: 'Balance' },
              { Name: 'TransactionDate', Value: 20191219102115 },
              { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
              { Name: 'Amount', Value: 1.0 },
            ],
          },
        },
      },
    })
    expect(callback).toEqual({
      merchantRequestId: '29115-34620561-1',
      checkoutRequestId: 'ws_CO_191220191020363925',
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
      receipt: 'NLJ7RT61SV',
      amount: 100,
      phone: '254708374149',
      transactionDate: '2019-12-19T10:21:15+03:00',
    })
  })

  it('refuses a body that is not an STK callback or a B2C result', () => {
    const mpesa = adapter()
    for (const body of [null, 'x', {}, { Body: { stkCallback: { ResultCode: 0 } } }])
      expect(() => mpesa.parseStkCallback(body)).toThrow(PaymentProviderError)
    expect(() => mpesa.parseB2cResult({ Result: { ResultCode: 'zero' } })).toThrow(PaymentProviderError)
  })

  function payout(phone: string, originatorConversationId = `payout-${++n}`) {
    const name = `b2c-${originatorConversationId}`
    return {
      name,
      request: {
        originatorConversationId,
        phone,
        amount: 1_250_00,
        remarks: 'Refund for order ORD-1',
        occasion: 'Refund',
        resultUrl: `${url}/hooks/mpesa/${name}`,
        timeoutUrl: `${url}/hooks/mpesa/${name}-timeout`,
      },
    }
  }

  it('pays out by B2C and posts the result, which reads back in minor units', async () => {
    const mpesa = adapter()
    const { name, request } = payout('254712345678')
    const accepted = await mpesa.b2c(request)
    expect(accepted.originatorConversationId).toBe(request.originatorConversationId)
    expect(accepted.conversationId).toMatch(/^AG_\d{8}_/)
    await sandbox.idle()
    const bodies = arrived(name)
    expect(bodies).toHaveLength(1)
    const result = mpesa.parseB2cResult(bodies[0])
    expect(result).toMatchObject({
      originatorConversationId: request.originatorConversationId,
      conversationId: accepted.conversationId,
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
      amount: 1_250_00,
      receiver: '254712345678 - Sandbox Customer',
    })
    expect(result.receipt).toMatch(/^SBX[A-Z0-9]{7}$/)
    expect(result.transactionId).toBe(result.receipt)
    expect(result.completedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00$/)
  })

  it('fails a payout to a number that is not registered with 2040', async () => {
    const mpesa = adapter()
    const { name, request } = payout('254712345000')
    await mpesa.b2c(request)
    await sandbox.idle()
    const result = mpesa.parseB2cResult(arrived(name)[0])
    expect(result).toMatchObject({
      resultCode: 2040,
      resultDesc: 'The receiver is not a registered M-Pesa customer',
      amount: null,
      receipt: null,
      receiver: null,
      completedAt: null,
    })
  })

  it('fails a payout with a wrong initiator credential in the result, as Daraja does', async () => {
    const mpesa = adapter({ securityCredential: 'not-the-credential' })
    const { name, request } = payout('254712345678')
    await mpesa.b2c(request)
    await sandbox.idle()
    expect(mpesa.parseB2cResult(arrived(name)[0]).resultCode).toBe(2001)
  })

  it('pays a repeated OriginatorConversationID once', async () => {
    const mpesa = adapter()
    const { name, request } = payout('254712345678')
    const [first, second] = await Promise.all([mpesa.b2c(request), mpesa.b2c(request)])
    const third = await mpesa.b2c({ ...request, amount: 9_999_00 })
    expect(second.conversationId).toBe(first.conversationId)
    expect(third.conversationId).toBe(first.conversationId)
    await sandbox.idle()
    const results = arrived(name).map((body) => mpesa.parseB2cResult(body))
    expect(results.length).toBeGreaterThan(0)
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1)
    expect(results.every((r) => r.amount === 1_250_00)).toBe(true)
  })

  it('refuses a B2C request to a number that is not an M-Pesa number', async () => {
    const error = await refusal(adapter().b2c(payout('0712345678').request))
    expect(error.message).toBe(MPESA_PHONE_HINT)
  })

  it('logs failed deliveries without the callback address', async () => {
    const { request } = push()
    const secretPath = 'stk/order-1/SIGNATURE-SHOULD-NOT-BE-LOGGED'
    const { checkoutRequestId } = await adapter().stkPush({
      ...request,
      callbackUrl: `${url}/nowhere/${secretPath}`,
    })
    await answer(checkoutRequestId, 'cancel')
    const line = logs.find((l) => l.includes('STK callback'))
    expect(line).toBeDefined()
    expect(line).not.toContain('SIGNATURE')
  })
})

describe('M-Pesa adapter on answers the sandbox does not give', () => {
  /** An adapter whose fetch hands out a token, then answers API calls with `api`. */
  function stubbed(api: () => Promise<Response>) {
    const fetchStub: Fetch = async (input) =>
      String(input).includes('/oauth/')
        ? Response.json({ access_token: 'stub-token', expires_in: '3599' })
        : api()
    return new MpesaAdapter({
      baseUrl: 'https://daraja.invalid',
      consumerKey: 'key',
      consumerSecret: 'secret',
      shortCode: '174379',
      passkey: 'passkey',
      transactionType: 'CustomerBuyGoodsOnline',
      till: '5123456',
      b2cShortCode: '600998',
      initiatorName: 'api',
      securityCredential: 'credential',
      fetch: fetchStub,
    })
  }
  const request = {
    phone: '254712345678',
    amount: 100_00,
    accountReference: 'ORD-1',
    description: 'Soko order',
    callbackUrl: 'https://soko.example/hooks/mpesa/stk/1/sig',
  }

  it.each(['500.003.02', '500.003.03'])(
    'says M-Pesa is busy, retryably, on gateway error %s',
    async (errorCode) => {
      const mpesa = stubbed(async () =>
        Response.json({ requestId: '1', errorCode, errorMessage: 'Spike arrest violation' }, { status: 500 }),
      )
      await expect(mpesa.stkPush(request)).rejects.toMatchObject({
        message: 'M-Pesa is busy right now: try again in a minute',
        code: errorCode,
        retryable: true,
      })
    },
  )

  it('turns a network failure into a retryable error', async () => {
    const mpesa = stubbed(async () => {
      throw new TypeError('fetch failed')
    })
    await expect(mpesa.stkPush(request)).rejects.toMatchObject({
      name: 'PaymentProviderError',
      retryable: true,
    })
  })

  it('sends the till as PartyB for Buy Goods, signed with the short code', async () => {
    let sent: Record<string, unknown> = {}
    const mpesa = new MpesaAdapter({
      baseUrl: 'https://daraja.invalid',
      consumerKey: 'key',
      consumerSecret: 'secret',
      shortCode: '174379',
      passkey: 'passkey',
      transactionType: 'CustomerBuyGoodsOnline',
      till: '5123456',
      b2cShortCode: '600998',
      initiatorName: 'api',
      securityCredential: 'credential',
      now: () => new Date('2024-07-06T19:48:52Z'),
      fetch: async (input, init) => {
        if (String(input).includes('/oauth/')) return Response.json({ access_token: 't', expires_in: '3599' })
        sent = JSON.parse(String(init?.body))
        return Response.json({ MerchantRequestID: 'm', CheckoutRequestID: 'c', ResponseCode: '0' })
      },
    })
    await mpesa.stkPush({ ...request, description: 'A description longer than thirteen' })
    expect(sent).toMatchObject({
      BusinessShortCode: '174379',
      TransactionType: 'CustomerBuyGoodsOnline',
      PartyB: '5123456',
      Amount: 100,
      // 19:48:52 UTC is 22:48:52 in Nairobi.
      Timestamp: '20240706224852',
      Password: Buffer.from('174379passkey20240706224852').toString('base64'),
      TransactionDesc: 'A description',
    })
  })

  it('reads a pending answer of 4999 as pending', async () => {
    const mpesa = stubbed(async () =>
      Response.json({
        ResponseCode: '0',
        ResultCode: '4999',
        ResultDesc: 'The transaction is still under processing',
      }),
    )
    expect(await mpesa.stkQuery('ws_CO_1')).toEqual({ state: 'pending' })
  })
})

describe('M-Pesa result words', () => {
  it('has plain words for the results buyers meet most', () => {
    expect(mpesaResult(1032)).toEqual({
      title: 'You cancelled the M-Pesa prompt',
      nextStep: 'Nothing was charged. Try again when you are ready.',
      retry: true,
    })
    expect(mpesaResult('1037').title).toBe('Your phone did not answer the M-Pesa prompt')
    expect(mpesaResult(1).nextStep).toBe('Top up or use Fuliza, then try again.')
    expect(mpesaResult('2001').title).toBe('The M-Pesa PIN was wrong')
    for (const code of [0, 1, 2, 3, 4, 8, 17, 1001, 1019, 1025, 9999, 1032, 1037, 2001, 8006])
      expect(MPESA_RESULTS[code]?.title).toBeTruthy()
  })

  it('falls back to words that name the code', () => {
    expect(mpesaResult(4242).title).toBe('M-Pesa could not complete the payment (code 4242)')
    expect(mpesaResult('').title).toContain('could not complete')
    expect(mpesaResult(4242).retry).toBe(true)
  })
})
