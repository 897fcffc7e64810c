import { constants, publicEncrypt, randomUUID, X509Certificate } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import https from 'node:https'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Mpesa } from 'mpesa-api'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SANDBOX } from '../../server/payments/sandbox-credentials'
import { submitForm } from '../support/sandbox-server'
import { type SdkSandboxes, startSdkSandboxes } from './sandboxes'

/**
 * The M-Pesa sandbox driven by mpesa-api, an independent Daraja client, as an integrator would use it:
 * tokens, STK push, its query and callback, C2B registration and simulated payments, B2C and Transaction
 * Status with the initiator password encrypted by the client with the sandbox's certificate, and Daraja's
 * errors for what the sandbox does not serve.
 *
 * mpesa-api has no option for its base address (it keeps only the host name of Daraja's, and no port), so
 * its requests are redirected where Node makes them: https.request to sandbox.safaricom.co.ke goes to this
 * sandbox instead, everything else as it was. The client's own code builds, sends and parses every request.
 */

const DARAJA_HOST = 'sandbox.safaricom.co.ke'
const CUSTOMER = '254708374149'
const AMOUNT = 750

/** A mpesa-api call that failed: what it rejects with for any answer but 2xx. */
interface Refusal {
  statusCode: number
  data: unknown
}

describe('mpesa-api against the M-Pesa sandbox', () => {
  let server: SdkSandboxes
  let folder: string
  /** The sandbox's certificate as served, and the file a client reads it from. */
  let certificate: string
  let certificatePath: string
  let redirect: { mockRestore(): void }

  beforeAll(async () => {
    server = await startSdkSandboxes()
    const target = new URL(server.url)
    const request = https.request
    type Respond = (res: http.IncomingMessage) => void
    redirect = vi.spyOn(https, 'request').mockImplementation(((...args: unknown[]) => {
      // The client calls request(options, callback); anything else goes on as it was.
      const [options, callback] = args as [https.RequestOptions, Respond | undefined]
      if (args.length > 2 || options instanceof URL || options?.hostname !== DARAJA_HOST)
        return Reflect.apply(request, https, args)
      return http.request(
        {
          ...options,
          protocol: 'http:',
          hostname: target.hostname,
          port: target.port,
          path: `/sandbox/mpesa${options.path}`,
        },
        callback,
      )
    }) as typeof https.request)
    folder = await mkdtemp(path.join(tmpdir(), 'soko-mpesa-api-'))
    certificatePath = path.join(folder, 'sandbox.cer')
    certificate = await (await fetch(`${server.url}/sandbox/mpesa/certificate.cer`)).text()
    await writeFile(certificatePath, certificate)
  })
  afterAll(async () => {
    redirect.mockRestore()
    await rm(folder, { recursive: true, force: true })
    await server.close()
  })

  /**
   * A client with the sandbox's app keys and, unless `options` say otherwise, the initiator password to
   * encrypt with the sandbox's certificate. The client encrypts in its constructor without waiting for the
   * certificate file: wait for it here, as an integrator's first call usually happens to.
   */
  async function client(options: Partial<ConstructorParameters<typeof Mpesa>[0]> = {}) {
    const mpesa = new Mpesa(
      {
        clientKey: SANDBOX.mpesaConsumerKey,
        clientSecret: SANDBOX.mpesaConsumerSecret,
        initiatorPassword: SANDBOX.mpesaInitiatorPassword,
        certificatePath,
        ...options,
      },
      'sandbox',
    )
    await vi.waitFor(() => expect(Reflect.get(mpesa, 'securityCredential')).toEqual(expect.any(String)))
    return mpesa
  }

  /** A token, from the client's own (private) authenticate(), which every call makes first. */
  const token = (mpesa: Mpesa) => (Reflect.get(mpesa, 'authenticate') as () => Promise<string>).call(mpesa)

  /** What a call was refused with. */
  async function refusal(call: Promise<unknown>): Promise<Refusal> {
    const error: unknown = await call.then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toMatchObject({ statusCode: expect.any(Number) })
    return error as Refusal
  }

  /** The JSON the sandbox posted to `/hooks/{name}`, once it arrives. */
  async function posted(name: string): Promise<Record<string, unknown>> {
    return vi.waitFor(() => {
      const hook = server.hooks.find((h) => h.path === `/hooks/${name}`)
      if (!hook) throw new Error(`nothing posted to /hooks/${name} yet`)
      return JSON.parse(hook.body) as Record<string, unknown>
    })
  }

  const hookUrl = (name: string) => `${server.url}/hooks/${name}`

  /** The Result a B2C payment or a Transaction Status query posted to `/hooks/{name}`. */
  async function result(name: string) {
    return (await posted(name)).Result as { ResultCode: number | string; [key: string]: unknown }
  }

  /**
   * Daraja documents B2C only at v3, which needs an OriginatorConversationID; mpesa-api still sends it to
   * v1 without one (the sandbox answers that path as Daraja answers any it does not have: see the last
   * tests). An integrator on this client has to move the call, as done here on the client's own HTTP
   * service: the body is the client's, with the one field v3 adds.
   */
  function b2cOnV3(mpesa: Mpesa) {
    type Post = (path: string, payload: object, options: object) => Promise<unknown>
    const service = Reflect.get(mpesa, 'http') as { post: Post }
    const post = service.post.bind(service)
    service.post = (to, payload, options) =>
      to === '/mpesa/b2c/v1/paymentrequest'
        ? post(
            '/mpesa/b2c/v3/paymentrequest',
            { OriginatorConversationID: randomUUID(), ...payload },
            options,
          )
        : post(to, payload, options)
    return mpesa
  }

  const stkPush = (mpesa: Mpesa, TransactionDesc?: string, callback = 'stk') =>
    mpesa.lipaNaMpesaOnline({
      BusinessShortCode: Number(SANDBOX.mpesaShortCode),
      passKey: SANDBOX.mpesaPasskey,
      TransactionType: 'CustomerPayBillOnline',
      Amount: AMOUNT,
      PartyA: CUSTOMER,
      PartyB: SANDBOX.mpesaShortCode,
      PhoneNumber: CUSTOMER,
      CallBackURL: hookUrl(callback),
      AccountReference: 'ord-42',
      ...(TransactionDesc === undefined ? {} : { TransactionDesc }),
    })

  const b2c = (mpesa: Mpesa, name: string) =>
    mpesa.b2c({
      Initiator: SANDBOX.mpesaInitiator,
      CommandID: 'BusinessPayment',
      Amount: AMOUNT,
      PartyA: SANDBOX.mpesaB2cShortCode,
      PartyB: CUSTOMER,
      QueueTimeOutURL: hookUrl(`${name}-timeout`),
      ResultURL: hookUrl(name),
    })

  const transactionStatus = (mpesa: Mpesa, TransactionID: string, name: string) =>
    mpesa.transactionStatus({
      Initiator: SANDBOX.mpesaInitiator,
      TransactionID,
      PartyA: SANDBOX.mpesaB2cShortCode,
      IdentifierType: '4',
      ResultURL: hookUrl(name),
      QueueTimeOutURL: hookUrl(`${name}-timeout`),
    })

  it('gets a token for the app keys, and is refused one for a wrong secret (400.008.01)', async () => {
    expect(await token(await client())).toMatch(/^[A-Za-z0-9]{20,}$/)
    const refused = await refusal(stkPush(await client({ clientSecret: 'not-the-secret' })))
    expect(refused.statusCode).toBe(400)
    expect(refused.data).toMatchObject({
      errorCode: '400.008.01',
      errorMessage: 'Invalid Authentication passed',
    })
  })

  it('pushes a prompt with a 20-character TransactionDesc, calls back, and answers the query', async () => {
    const mpesa = await client()
    // The client's default description is "Lipa Na Mpesa Online".
    const pushed = await stkPush(mpesa)
    expect(pushed).toMatchObject({ ResponseCode: '0', CheckoutRequestID: expect.stringMatching(/^ws_CO_/) })
    const query = () =>
      mpesa.lipaNaMpesaQuery({
        BusinessShortCode: Number(SANDBOX.mpesaShortCode),
        passKey: SANDBOX.mpesaPasskey,
        CheckoutRequestID: pushed.CheckoutRequestID,
      })
    const waiting = await refusal(query())
    expect(waiting.statusCode).toBe(500)
    expect(waiting.data).toMatchObject({ errorMessage: 'The transaction is being processed' })

    const answered = await submitForm(
      `${server.url}/sandbox/mpesa/phone/${encodeURIComponent(pushed.CheckoutRequestID)}`,
      { action: 'pay', pin: '1234' },
    )
    expect(answered.status).toBe(303)
    const { Body } = (await posted('stk')) as { Body: { stkCallback: Record<string, unknown> } }
    expect(Body.stkCallback).toMatchObject({
      CheckoutRequestID: pushed.CheckoutRequestID,
      ResultCode: 0,
      CallbackMetadata: { Item: expect.arrayContaining([{ Name: 'Amount', Value: AMOUNT }]) },
    })
    expect(await query()).toMatchObject({ ResultCode: '0', CheckoutRequestID: pushed.CheckoutRequestID })
  })

  it('takes a TransactionDesc of 27 characters, as Daraja was seen to, and refuses 28', async () => {
    const mpesa = await client()
    await expect(stkPush(mpesa, 'Mpesa Express STK Push test', 'stk-27')).resolves.toMatchObject({
      ResponseCode: '0',
    })
    const refused = await refusal(stkPush(mpesa, 'Mpesa Express STK Push test!', 'stk-28'))
    expect(refused.statusCode).toBe(400)
    expect(refused.data).toMatchObject({
      errorCode: '400.002.02',
      errorMessage: 'Bad Request - Invalid TransactionDesc',
    })
  })

  it('serves the certificate the client encrypts the initiator password with', async () => {
    const res = await fetch(`${server.url}/sandbox/mpesa/certificate.cer`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    const certificate = new X509Certificate(await res.text())
    expect(certificate.subject).toContain('CN=Soko M-Pesa sandbox')
    expect(certificate.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048)
  })

  it('pays out (B2C) with the password the client encrypted; Transaction Status finds it', async () => {
    const mpesa = b2cOnV3(await client())
    await expect(b2c(mpesa, 'b2c')).resolves.toMatchObject({
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    })
    const paid = await result('b2c')
    expect(paid).toMatchObject({ ResultCode: 0, ResultParameters: expect.anything() })

    await expect(transactionStatus(mpesa, paid.TransactionID as string, 'status')).resolves.toMatchObject({
      ResponseCode: '0',
    })
    const status = await result('status')
    expect(status).toMatchObject({ ResultCode: 0, TransactionID: paid.TransactionID })
    expect(status.ResultParameters).toMatchObject({
      ResultParameter: expect.arrayContaining([{ Key: 'ReceiptNo', Value: paid.TransactionID }]),
    })
  })

  it('takes a credential encrypted with OAEP padding too', async () => {
    const sealed = (oaepHash: string) =>
      publicEncrypt(
        { key: certificate, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash },
        Buffer.from(SANDBOX.mpesaInitiatorPassword),
      ).toString('base64')
    for (const hash of ['sha1', 'sha256']) {
      const mpesa = b2cOnV3(await client({ securityCredential: sealed(hash) }))
      await b2c(mpesa, `b2c-oaep-${hash}`)
      expect(await result(`b2c-oaep-${hash}`)).toMatchObject({ ResultCode: 0 })
    }
  })

  it('still takes the fixed sandbox credential as it is', async () => {
    const mpesa = b2cOnV3(await client({ securityCredential: SANDBOX.mpesaCredential }))
    await b2c(mpesa, 'b2c-fixed')
    expect(await result('b2c-fixed')).toMatchObject({ ResultCode: 0 })
  })

  it("refuses (2001) a wrong password, and one encrypted with Safaricom's certificate", async () => {
    const wrongPassword = await client({ initiatorPassword: 'not-the-password' })
    await transactionStatus(wrongPassword, 'SBX0000001', 'status-wrong-password')
    expect(await result('status-wrong-password')).toMatchObject({
      ResultCode: 2001,
      ResultDesc: 'The initiator information is invalid.',
    })
    // Without a certificate path the client encrypts with Safaricom's own sandbox certificate.
    const theirs = b2cOnV3(await client({ certificatePath: undefined }))
    await b2c(theirs, 'b2c-their-certificate')
    expect(await result('b2c-their-certificate')).toMatchObject({ ResultCode: 2001 })
  })

  it('registers C2B URLs, and a simulated Paybill payment is confirmed to them', async () => {
    const mpesa = await client()
    await expect(
      mpesa.c2bRegister({
        ShortCode: Number(SANDBOX.mpesaShortCode),
        ResponseType: 'Completed',
        ConfirmationURL: hookUrl('c2b-confirmation'),
        ValidationURL: hookUrl('c2b-validation'),
      }),
    ).resolves.toMatchObject({ ResponseCode: '0', ResponseDescription: 'Success' })

    const simulated = await mpesa.c2bSimulate({
      ShortCode: Number(SANDBOX.mpesaShortCode),
      CommandID: 'CustomerPayBillOnline',
      Amount: AMOUNT,
      Msisdn: Number(CUSTOMER),
      BillRefNumber: 'ord-42',
    })
    expect(simulated).toMatchObject({
      OriginatorCoversationID: expect.any(String),
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    })
    const confirmation = await posted('c2b-confirmation')
    expect(confirmation).toMatchObject({
      TransactionType: 'Pay Bill',
      TransID: expect.stringMatching(/^SBX/),
      TransAmount: `${AMOUNT}.00`,
      BusinessShortCode: SANDBOX.mpesaShortCode,
      BillRefNumber: 'ord-42',
      MSISDN: CUSTOMER,
    })
    // Like the phone page's Pay bill form, M-Pesa without external validation only confirms.
    expect(server.hooks.some((h) => h.path === '/hooks/c2b-validation')).toBe(false)
    // The phone page tells the payment as one of its own.
    const phone = await fetch(
      `${server.url}/sandbox/mpesa/phone?number=0708374149&paid=${confirmation.TransID as string}`,
    )
    expect(await phone.text()).toContain(`Paid KES ${AMOUNT} to ${SANDBOX.mpesaShortCode}, account ord-42`)
  })

  it('refuses to simulate a payment to a short code with no C2B URLs', async () => {
    const refused = await refusal(
      (await client()).c2bSimulate({
        ShortCode: 600000,
        CommandID: 'CustomerPayBillOnline',
        Amount: AMOUNT,
        Msisdn: Number(CUSTOMER),
      }),
    )
    expect(refused.statusCode).toBe(400)
    expect(refused.data).toMatchObject({ errorCode: '400.002.02' })
  })

  it("answers what it does not serve in Daraja's JSON, which the client parses", async () => {
    const mpesa = await client()
    // B2C's v1 path, which Daraja no longer documents, and an API the sandbox does not have.
    for (const call of [
      () => b2c(mpesa, 'b2c-v1'),
      () =>
        mpesa.accountBalance({
          Initiator: SANDBOX.mpesaInitiator,
          CommandID: 'AccountBalance',
          PartyA: SANDBOX.mpesaB2cShortCode,
          IdentifierType: '4',
          QueueTimeOutURL: hookUrl('balance-timeout'),
          ResultURL: hookUrl('balance'),
        }),
    ]) {
      const refused = await refusal(call())
      expect(refused.statusCode).toBe(404)
      expect(refused.data).toEqual({
        requestId: expect.any(String),
        errorCode: '404.001.01',
        errorMessage: 'Resource not found',
      })
    }
  })

  it('answers a method an API does not take with 405.001', async () => {
    const res = await fetch(`${server.url}/sandbox/mpesa/mpesa/stkpush/v1/processrequest`, {
      headers: { authorization: `Bearer ${await token(await client())}` },
    })
    expect(res.status).toBe(405)
    expect(await res.json()).toMatchObject({ errorCode: '405.001', errorMessage: 'GET Method Not Allowed' })
  })
})
