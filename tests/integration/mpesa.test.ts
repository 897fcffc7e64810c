import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MPESA_RESULTS, mpesaResult } from '../../contract/mpesa'
import { MPESA_PHONE_HINT } from '../../contract/phone'
import { sandboxObjects } from '../../server/db/schema'
import { SANDBOX } from '../../server/env'
import { createLogger } from '../../server/lib/log'
import {
  MpesaAdapter,
  type MpesaAdapterOptions,
  type StkPushRequest,
} from '../../server/payments/mpesa.adapter'
import { type Fetch, PaymentProviderError } from '../../server/payments/payments'
import { type MpesaSandbox, mpesaSandbox } from '../../server/payments/sandbox/mpesa'
import { databaseKinds } from '../support/db'
import { type SandboxServer, startSandboxServer, submitForm } from '../support/sandbox-server'

describe.each(databaseKinds)('M-Pesa adapter against the sandbox on %s', (kind) => {
  let server: SandboxServer
  let url: string
  let sandbox: MpesaSandbox
  /** The same sandbox with prompts that time out at once, mounted at /sandbox/mpesa-fast. */
  let fast: MpesaSandbox
  const logs: string[] = []

  beforeAll(async () => {
    server = await startSandboxServer(
      kind,
      (deps) => {
        sandbox = mpesaSandbox(deps)
        fast = mpesaSandbox(deps, { promptTimeoutMs: 0 })
        return { '/sandbox/mpesa': sandbox, '/sandbox/mpesa-fast': fast }
      },
      { log: createLogger('info', (line) => logs.push(line)) },
    )
    url = server.url
  })
  afterAll(() => server?.close())

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
  /** What arrived at /hooks/mpesa/{name} (callbacks and results) or /hooks/paybill/{name} (C2B). */
  const deliveredTo = (name: string) => server.hooks.filter((hook) => hook.path.endsWith(`/${name}`))
  const arrived = (name: string): unknown[] => deliveredTo(name).map((hook) => JSON.parse(hook.body))
  /** The one body that arrived under `name`. */
  function arrivedOnce(name: string): unknown {
    const bodies = arrived(name)
    expect(bodies).toHaveLength(1)
    return bodies[0]
  }

  /** Submits the phone page's form for a prompt, as the tester's browser would. */
  async function answer(checkoutRequestId: string, action: string, pin = '') {
    const res = await submitForm(`${url}/sandbox/mpesa/phone/${encodeURIComponent(checkoutRequestId)}`, {
      action,
      pin,
    })
    expect(res.status).toBe(303)
    return new URL(res.location ?? '', url)
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
    await server.database.db
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

      const callback = mpesa.parseStkCallback(arrivedOnce(name))
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
    expect(mpesa.parseStkCallback(arrivedOnce(name)).resultCode).toBe(1037)
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

  /** A Transaction Status answer's required fields. */
  const answerBody = () => ({
    ResultDesc: 'The service request is processed successfully.',
    OriginatorConversationID: '29115-34620561-1',
    ConversationID: 'AG_20230612_12345678abc123456',
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
    const result = mpesa.parseB2cResult(arrivedOnce(name))
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

  it('pays a repeated OriginatorConversationID once: each repeat is told 15 (duplicate) and moves nothing', async () => {
    const mpesa = adapter()
    const { name, request } = payout('254712345678')
    const [first, second] = await Promise.all([mpesa.b2c(request), mpesa.b2c(request)])
    const third = await mpesa.b2c({ ...request, amount: 9_999_00 })
    expect(second.conversationId).toBe(first.conversationId)
    expect(third.conversationId).toBe(first.conversationId)
    await sandbox.idle()
    const results = arrived(name).map((body) => mpesa.parseB2cResult(body))
    expect(results).toHaveLength(3)
    const paid = results.filter((r) => r.resultCode === 0)
    expect(paid).toHaveLength(1)
    expect(paid[0]?.amount).toBe(1_250_00)
    for (const repeat of results.filter((r) => r.resultCode !== 0))
      expect(repeat).toMatchObject({
        resultCode: 15,
        conversationId: first.conversationId,
        amount: null,
        receipt: null,
      })
  })

  it('refuses a B2C request to a number that is not an M-Pesa number', async () => {
    const error = await refusal(adapter().b2c(payout('0712345678').request))
    expect(error.message).toBe(MPESA_PHONE_HINT)
  })

  it('asks Transaction Status about a B2C payment, and reads the answer in minor units', async () => {
    const mpesa = adapter()
    const { name, request } = payout('254712345678')
    const sent = await mpesa.b2c(request)
    await sandbox.idle()
    const paid = mpesa.parseB2cResult(arrivedOnce(name))
    const asked = await mpesa.transactionStatus({
      originatorConversationId: request.originatorConversationId,
      resultUrl: `${url}/hooks/mpesa/${name}-status`,
      timeoutUrl: `${url}/hooks/mpesa/${name}-status-timeout`,
      remarks: 'Where does it stand',
      occasion: 'Check',
    })
    // The query's own conversation, not the payment's.
    expect(asked.conversationId).not.toBe(sent.conversationId)
    await sandbox.idle()
    expect(mpesa.parseTransactionStatus(arrivedOnce(`${name}-status`))).toEqual({
      resultCode: '0',
      resultDesc: expect.any(String),
      payment: {
        status: 'Completed',
        receipt: paid.receipt,
        amount: 1_250_00,
        originatorConversationId: request.originatorConversationId,
        conversationId: sent.conversationId,
        receiver: '254712345678 - Sandbox Customer',
        finalisedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00$/),
      },
    })
    // By its receipt, too.
    await mpesa.transactionStatus({
      transactionId: paid.receipt ?? '',
      resultUrl: `${url}/hooks/mpesa/${name}-by-receipt`,
      timeoutUrl: `${url}/hooks/mpesa/${name}-by-receipt-timeout`,
      remarks: 'Where does it stand',
      occasion: 'Check',
    })
    await sandbox.idle()
    expect(mpesa.parseTransactionStatus(arrivedOnce(`${name}-by-receipt`)).payment.receipt).toBe(paid.receipt)
  })

  it('reads a Transaction Status answer with a word code, and one that is not an answer', () => {
    const mpesa = adapter()
    const answer = mpesa.parseTransactionStatus({
      Result: {
        ResultType: 0,
        ResultCode: 'R000002',
        ResultDesc: 'The OriginatorConversationID is invalid.',
        OriginatorConversationID: '3124-481d-b706-10bdd6fbc8e21792398',
        ConversationID: 'AG_20211114_2010573069aefb6b625a',
        TransactionID: 'SKE0000000',
      },
    })
    expect(answer).toMatchObject({
      resultCode: 'R000002',
      payment: { status: null, receipt: null, amount: null },
    })
    expect(mpesa.parseTransactionStatus({ Result: { ...answerBody(), ResultCode: '0' } }).resultCode).toBe(
      '0',
    )
    for (const body of [null, {}, { Result: { ResultCode: '' } }])
      expect(() => mpesa.parseTransactionStatus(body)).toThrow(PaymentProviderError)
  })

  it('asks Transaction Status with the B2C initiator: a wrong credential is refused in the answer', async () => {
    const mpesa = adapter({ securityCredential: 'not-the-credential' })
    const name = `status-${++n}`
    await mpesa.transactionStatus({
      originatorConversationId: 'never-sent',
      resultUrl: `${url}/hooks/mpesa/${name}`,
      timeoutUrl: `${url}/hooks/mpesa/${name}-timeout`,
      remarks: 'Where does it stand',
      occasion: 'Check',
    })
    await sandbox.idle()
    expect(mpesa.parseTransactionStatus(arrivedOnce(name)).resultCode).toBe('2001')
    const error = await refusal(
      adapter({ b2cShortCode: '999999' }).transactionStatus({
        originatorConversationId: 'never-sent',
        resultUrl: `${url}/hooks/mpesa/${name}-x`,
        timeoutUrl: `${url}/hooks/mpesa/${name}-x-timeout`,
        remarks: 'Where does it stand',
        occasion: 'Check',
      }),
    )
    expect(error.message).toBe('M-Pesa payouts are not working on Soko right now: try again later')
  })

  /** Registers the sandbox short code's C2B addresses; confirmations then arrive under `name`. */
  async function registerPaybill(name: string) {
    // Safaricom asks that C2B addresses not contain "M-Pesa" in any spelling (nor "Safaricom", "sql", …).
    await adapter().registerC2bUrls({
      confirmationUrl: `${url}/hooks/paybill/${name}`,
      validationUrl: `${url}/hooks/paybill/${name}-validation`,
    })
  }

  /** Submits the phone page's Pay bill form, as the tester's browser would, from a phone with no prompts. */
  function payBill(
    fields: Partial<Record<'number' | 'business' | 'account' | 'amount' | 'pin', string>> = {},
  ) {
    return submitForm(`${url}/sandbox/mpesa/phone/paybill`, {
      number: '0722000042',
      business: SANDBOX.mpesaShortCode,
      account: 'ord-42',
      amount: '750',
      pin: '1234',
      ...fields,
    })
  }

  it('registers C2B addresses for the short code, and a repeated registration replaces them', async () => {
    const first = `paybill-${++n}`
    const second = `paybill-${++n}`
    await registerPaybill(first)
    await registerPaybill(second)
    expect((await payBill()).status).toBe(303)
    expect(arrived(first)).toEqual([])
    expect(arrived(second)).toHaveLength(1)
  })

  it("takes a C2B registration on v1 too, answers in Daraja's words, and wants ResponseType in sentence case", async () => {
    const basic = Buffer.from(`${SANDBOX.mpesaConsumerKey}:${SANDBOX.mpesaConsumerSecret}`).toString('base64')
    const { access_token } = (await (
      await fetch(`${url}/sandbox/mpesa/oauth/v1/generate?grant_type=client_credentials`, {
        headers: { authorization: `Basic ${basic}` },
      })
    ).json()) as { access_token: string }
    const register = (responseType: string) =>
      fetch(`${url}/sandbox/mpesa/mpesa/c2b/v1/registerurl`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          ShortCode: Number(SANDBOX.mpesaShortCode),
          ResponseType: responseType,
          ConfirmationURL: `${url}/hooks/paybill/v1`,
          ValidationURL: `${url}/hooks/paybill/v1-validation`,
        }),
      })
    const accepted = await register('Cancelled')
    expect(accepted.status).toBe(200)
    expect(await accepted.json()).toEqual({
      OriginatorCoversationID: expect.stringMatching(/^\d{5}-\d{8}-1$/),
      ResponseCode: '0',
      ResponseDescription: 'Success',
    })
    const lowercase = await register('completed')
    expect(lowercase.status).toBe(400)
    expect(await lowercase.json()).toMatchObject({
      errorCode: '400.002.02',
      errorMessage: 'Bad Request - Invalid ResponseType',
    })
  })

  it("refuses a C2B registration for a short code that is not Soko's, in words for whoever set it up", async () => {
    const error = await refusal(
      adapter({ shortCode: '111111' }).registerC2bUrls({
        confirmationUrl: `${url}/hooks/paybill/other`,
        validationUrl: `${url}/hooks/paybill/other-validation`,
      }),
    )
    expect(error).toMatchObject({ code: '400.002.02', retryable: false })
    expect(error.message).toMatch(/check the M-Pesa short code/)
    expect(error.detail).toContain('Invalid ShortCode')
  })

  it('refuses C2B addresses that are not absolute http(s) or hold a space, and trims stray spaces at their ends', async () => {
    const good = `${url}/hooks/paybill/good`
    const cases = [
      { confirmationUrl: 'ftp://soko.example/hooks/paybill', validationUrl: good, field: 'ConfirmationURL' },
      { confirmationUrl: '/hooks/paybill/relative', validationUrl: good, field: 'ConfirmationURL' },
      { confirmationUrl: good, validationUrl: `${url}/hooks/paybill/a b`, field: 'ValidationURL' },
    ]
    for (const { field, ...urls } of cases) {
      const error = await refusal(adapter().registerC2bUrls(urls))
      expect(error.message).toMatch(/public https/)
      expect(error.detail).toContain(`Invalid ${field}`)
    }
    await adapter().registerC2bUrls({ confirmationUrl: ` ${good}  `, validationUrl: `${good}\n` })
  })

  it('pays a bill from the phone page: the confirmation reaches the registered address and reads back', async () => {
    const name = `paybill-${++n}`
    await registerPaybill(name)
    const page = await (await fetch(`${url}/sandbox/mpesa/phone?number=0722000042`)).text()
    expect(page).toContain('<h2 id="paybill-title">Pay bill</h2>')
    for (const [id, label] of [
      ['business', 'Business number'],
      ['account', 'Account number'],
      ['amount', 'Amount (KES)'],
      ['pin', 'M-PESA PIN'],
    ])
      expect(page).toContain(`<label for="paybill-${id}">${label}</label>`)
    expect(page).toContain('>Send money</button>')
    expect(page).toContain('<input type="hidden" name="number" value="0722000042">')
    // Reloading for new prompts would empty a half-filled form: only browsers without scripts reload blindly.
    expect(page).toContain('<noscript><meta http-equiv="refresh" content="2"></noscript>')
    // Below the prompts, on a phone that has some.
    await adapter().stkPush(push().request)
    const busy = await (await fetch(`${url}/sandbox/mpesa/phone?number=0712345678`)).text()
    expect(busy.indexOf('Pay bill')).toBeGreaterThan(busy.lastIndexOf('Enter M-PESA PIN'))
    expect(busy.lastIndexOf('Enter M-PESA PIN')).toBeGreaterThan(0)

    const res = await payBill()
    expect(res.status).toBe(303)
    const back = new URL(res.location ?? '', url)
    expect(back.pathname).toBe('/sandbox/mpesa/phone')
    expect(back.searchParams.get('number')).toBe('0722000042')

    const deliveries = deliveredTo(name)
    expect(deliveries).toHaveLength(1)
    const [delivery] = deliveries as [(typeof deliveries)[number]]
    expect(delivery.headers.get('content-type')).toMatch(/^application\/json/)
    const body: unknown = JSON.parse(delivery.body)
    expect(body).toEqual({
      TransactionType: 'Pay Bill',
      TransID: expect.stringMatching(/^SBX[A-Z0-9]{7}$/),
      TransTime: expect.stringMatching(/^\d{14}$/),
      TransAmount: '750.00',
      BusinessShortCode: SANDBOX.mpesaShortCode,
      BillRefNumber: 'ord-42',
      InvoiceNumber: '',
      OrgAccountBalance: '',
      ThirdPartyTransID: '',
      MSISDN: '254722000042',
      FirstName: 'Sandbox',
      MiddleName: '',
      LastName: 'Customer',
    })
    const confirmation = adapter().parseC2bConfirmation(body)
    const receipt = (body as { TransID: string }).TransID
    expect(confirmation).toEqual({
      transactionId: receipt,
      transactionType: 'Pay Bill',
      amount: 750_00,
      billRef: 'ORD-42',
      shortCode: SANDBOX.mpesaShortCode,
      phone: '254722000042',
      paidAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00$/),
      firstName: 'Sandbox',
    })
    // TransTime is Kenyan time: read with its +03:00 it is now.
    expect(Math.abs(Date.parse(confirmation.paidAt ?? '') - Date.now())).toBeLessThan(60_000)

    const after = await (await fetch(back)).text()
    expect(after).toContain(
      `<p class="notice" role="status">Paid KES 750 to ${SANDBOX.mpesaShortCode}, account ord-42: receipt ${receipt}</p>`,
    )
  })

  it('refuses a wrong PIN, an unknown business number and a broken amount on the Pay bill form, sending nothing', async () => {
    const name = `paybill-${++n}`
    await registerPaybill(name)
    const refusals = [
      { fields: { pin: '0000' }, alert: 'Wrong PIN' },
      { fields: { business: '999999' }, alert: 'That business number does not take M-Pesa payments here' },
      { fields: { amount: '7.50' }, alert: 'Enter the amount in whole shillings, 1 or more' },
      { fields: { amount: '0' }, alert: 'Enter the amount in whole shillings, 1 or more' },
    ]
    for (const { fields, alert } of refusals) {
      const res = await payBill(fields)
      expect(res.status).toBe(400)
      const { html } = res
      expect(html).toContain(`<p class="error" role="alert">${alert}</p>`)
      // What was typed stays, save the PIN; and the page does not reload under the tester.
      expect(html).toContain('id="paybill-account" name="account" autocomplete="off" value="ord-42"')
      expect(html).toMatch(/<input id="paybill-pin"[^>]*maxlength="4">/)
      expect(html).not.toContain('http-equiv="refresh"')
    }
    await sandbox.idle()
    expect(arrived(name)).toEqual([])
  })

  it('logs a confirmation it could not deliver without its address, and still shows the payment', async () => {
    const secretPath = 'paybill/SIGNATURE-SHOULD-NOT-BE-LOGGED'
    await adapter().registerC2bUrls({
      confirmationUrl: `${url}/nowhere/${secretPath}`,
      validationUrl: `${url}/nowhere/${secretPath}-validation`,
    })
    const res = await payBill()
    expect(res.status).toBe(303)
    const line = logs.find((l) => l.includes('C2B confirmation'))
    expect(line).toBeDefined()
    expect(line).not.toContain('SIGNATURE')
    expect(await (await fetch(new URL(res.location ?? '', url))).text()).toMatch(
      /Paid KES 750 to \d+, account ord-42: receipt SBX/,
    )
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
  /** A Buy Goods adapter whose fetch hands out a token, then answers API calls with `api`. */
  function stubbed(api: Fetch, overrides: Partial<MpesaAdapterOptions> = {}) {
    const fetchStub: Fetch = async (input, init) =>
      String(input).includes('/oauth/')
        ? Response.json({ access_token: 'stub-token', expires_in: '3599' })
        : api(input, init)
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
      ...overrides,
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
    const mpesa = stubbed(
      async (_input, init) => {
        sent = JSON.parse(String(init?.body))
        return Response.json({ MerchantRequestID: 'm', CheckoutRequestID: 'c', ResponseCode: '0' })
      },
      { now: () => new Date('2024-07-06T19:48:52Z') },
    )
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

  it('registers the till as the C2B short code for Buy Goods, Completed unless told otherwise', async () => {
    let path = ''
    let sent: Record<string, unknown> = {}
    const mpesa = stubbed(async (input, init) => {
      path = new URL(String(input)).pathname
      sent = JSON.parse(String(init?.body))
      return Response.json({
        OriginatorCoversationID: '7619-37765134-1',
        ResponseCode: '0',
        ResponseDescription: 'Success',
      })
    })
    await mpesa.registerC2bUrls({
      confirmationUrl: ' https://soko.example/hooks/paybill/confirm ',
      validationUrl: 'https://soko.example/hooks/paybill/validate',
    })
    expect(path).toBe('/mpesa/c2b/v2/registerurl')
    expect(sent).toEqual({
      ShortCode: '5123456',
      ResponseType: 'Completed',
      ConfirmationURL: 'https://soko.example/hooks/paybill/confirm',
      ValidationURL: 'https://soko.example/hooks/paybill/validate',
    })
  })

  it('says what to do when M-Pesa already has C2B addresses for the short code', async () => {
    const mpesa = stubbed(async () =>
      Response.json({
        ConversationID: '',
        OriginatorCoversationID: '',
        ResponseDescription: 'Validation and Confirmation URLs are already registered',
      }),
    )
    const error = await mpesa
      .registerC2bUrls({
        confirmationUrl: 'https://soko.example/hooks/paybill/confirm',
        validationUrl: 'https://soko.example/hooks/paybill/validate',
      })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PaymentProviderError)
    expect(error).toMatchObject({ retryable: false })
    expect((error as PaymentProviderError).message).toMatch(/delete them on the M-Pesa portal/)
    expect((error as PaymentProviderError).detail).toContain('already registered')
  })

  /** A confirmation as Daraja documents it, with `changes`. */
  const confirmation = (changes: Record<string, unknown> = {}) => ({
    TransactionType: 'Pay Bill',
    TransID: 'RKTQDM7W6S',
    TransTime: '20191122063845',
    TransAmount: '10',
    BusinessShortCode: 600638,
    BillRefNumber: ' invoice008 ',
    InvoiceNumber: '',
    OrgAccountBalance: '',
    ThirdPartyTransID: '',
    MSISDN: '254708374149',
    FirstName: 'John',
    MiddleName: '',
    LastName: 'Doe',
    ...changes,
  })
  const mpesa = stubbed(async () => new Response(null, { status: 500 }))

  it('reads a C2B confirmation: shillings to minor units, the account trimmed and uppercased, Kenyan time', () => {
    expect(mpesa.parseC2bConfirmation(confirmation())).toEqual({
      transactionId: 'RKTQDM7W6S',
      transactionType: 'Pay Bill',
      amount: 10_00,
      billRef: 'INVOICE008',
      shortCode: '600638',
      phone: '254708374149',
      paidAt: '2019-11-22T06:38:45+03:00',
      firstName: 'John',
    })
    expect(mpesa.parseC2bConfirmation(confirmation({ TransAmount: '750.50' })).amount).toBe(750_50)
    expect(mpesa.parseC2bConfirmation(confirmation({ TransAmount: 750 })).amount).toBe(750_00)
  })

  it('gives no phone for a masked or hashed MSISDN, and no name or time where there is none', () => {
    for (const MSISDN of [
      '25470****149',
      '2547 ***** 149',
      'f1a5e2c0b7d94f3e8a6c2d1b0e9f8a7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a',
      '',
      null,
    ])
      expect(mpesa.parseC2bConfirmation(confirmation({ MSISDN })).phone).toBeNull()
    const bare = mpesa.parseC2bConfirmation(confirmation({ FirstName: ' ', TransTime: '2019-11-22' }))
    expect(bare).toMatchObject({ firstName: null, paidAt: null })
  })

  it('refuses a body that is not a C2B confirmation, without repeating it', () => {
    const bodies = [
      null,
      'x',
      [],
      {},
      confirmation({ TransID: undefined }),
      confirmation({ TransID: ' ' }),
      confirmation({ TransAmount: 'ten' }),
      confirmation({ TransAmount: '0.00' }),
      confirmation({ TransAmount: -5 }),
      confirmation({ BusinessShortCode: '' }),
      confirmation({ TransactionType: undefined }),
    ]
    for (const body of bodies) {
      const error = (() => {
        try {
          mpesa.parseC2bConfirmation(body)
        } catch (e) {
          return e
        }
      })()
      expect(error).toBeInstanceOf(PaymentProviderError)
      expect((error as PaymentProviderError).message).toBe('M-Pesa sent a C2B confirmation Soko cannot read')
      expect((error as PaymentProviderError).detail).not.toContain('254708374149')
    }
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
      nextStep: 'Try again when you are ready.',
      retry: true,
      titleId: 'checkout.mpesa.cancelled.title',
      nextStepId: 'checkout.mpesa.cancelled.next',
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
