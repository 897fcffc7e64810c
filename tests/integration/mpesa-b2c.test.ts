import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { B2C_NOT_FOUND, b2cFailure } from '../../contract/mpesa-b2c'
import type { PayoutFailureAction } from '../../contract/payout-failure'
import type { Database } from '../../server/db/client'
import { sandboxObjects } from '../../server/db/schema'
import type { Gateway } from '../../server/payments/gateway'
import type {
  PaymentEvents,
  PaymentProvider,
  TransferState,
  TransferTarget,
} from '../../server/payments/provider'
import { databaseKinds } from '../support/db'
import { startProviderHarness } from '../support/provider-harness'

/**
 * M-Pesa money out (B2C) through the provider and its hooks, against the sandbox: what each documented
 * number's result tells `PaymentEvents.transfer` (recorded here, with nothing about payouts' own tables),
 * Transaction Status as the way to learn how a payment ended when its result never came, and the
 * sandbox paying one OriginatorConversationID once.
 */
describe.each(databaseKinds)('M-Pesa payouts (B2C) on %s', (kind) => {
  let database: Database
  let gateway: Gateway
  let mpesa: PaymentProvider & Required<Pick<PaymentProvider, 'payOut' | 'checkPayout'>>
  let idle: () => Promise<void>
  let close: () => Promise<void>
  const transfers: { target: TransferTarget; state: TransferState }[] = []

  beforeAll(async () => {
    const events: PaymentEvents = {
      charge: async () => {},
      closed: async () => {},
      approved: async () => {},
      expected: async () => null,
      transfer: async (method, target, state) => {
        expect(method).toBe('mpesa')
        transfers.push({ target, state })
      },
    }
    ;({ database, gateway, idle, close } = await startProviderHarness(kind, events))
    const provider = gateway.providers.mpesa
    if (!provider.payOut || !provider.checkPayout)
      throw new Error('M-Pesa pays out and is asked about payouts')
    mpesa = provider as typeof mpesa
  })
  afterAll(() => close())

  /** What reached `transfer` about payout `id`, in order. */
  const about = (id: string) =>
    transfers.filter((t) => 'id' in t.target && t.target.id === id).map((t) => t.state)

  /** Pays KES 1,000 out to `phone` (07… as a seller types it, sent as 2547…) and waits for what follows. */
  async function payOut(phone: string, id: string = crypto.randomUUID()) {
    const answer = await mpesa.payOut({
      id,
      amount: { amount: 1_000_00, currency: 'KES' },
      to: { kind: 'mpesa', phone: `254${phone.slice(1)}` },
      remarks: 'Soko payout',
    })
    await idle()
    return { id, answer }
  }

  async function checkPayout(id: string, providerRef: string | null = null) {
    const answer = await mpesa.checkPayout({ id, providerRef, amount: { amount: 1_000_00, currency: 'KES' } })
    await idle()
    return answer
  }

  /** The sandbox's records of B2C payments to a number (what it paid). */
  async function paymentsTo(phone: string) {
    const rows = await database.db
      .select({ kind: sandboxObjects.kind, data: sandboxObjects.data })
      .from(sandboxObjects)
    return rows
      .filter(
        (row) => row.kind === 'b2c' && (row.data as { phone?: string }).phone === `254${phone.slice(1)}`,
      )
      .map((row) => row.data as { state: string; receipt: string | null })
  }

  it('reports a paid payout done with its M-Pesa receipt', async () => {
    const { id, answer } = await payOut('0712345678')
    expect(answer).toEqual({ state: 'pending', providerRef: expect.stringMatching(/^AG_/) })
    expect(about(id)).toEqual([
      {
        state: 'done',
        providerRef: expect.stringMatching(/^SBX[A-Z0-9]{7}$/),
        amount: { amount: 1_000_00, currency: 'KES' },
      },
    ])
  })

  it.each<[string, string, PayoutFailureAction]>([
    ['0700000701', '2040', 'fix-destination'],
    ['0700000702', '8', 'smaller-or-later'],
    ['0700000703', '1', 'we-retry'],
    ['0700000704', '2001', 'admins'],
  ])('reports a payout to %s failed with code %s (%s)', async (phone, code, action) => {
    const { id } = await payOut(phone)
    expect(about(id)).toEqual([{ state: 'failed', code, message: b2cFailure(code).title }])
    expect(b2cFailure(code).action).toBe(action)
    expect(await paymentsTo(phone)).toMatchObject([{ state: 'failed', receipt: null }])
  })

  it('meets "system busy" on 0700 000 706 once, then pays when Soko tries the same payout again', async () => {
    const { id } = await payOut('0700000706')
    expect(about(id)).toEqual([{ state: 'failed', code: '17', message: b2cFailure('17').title }])
    expect(b2cFailure('17').action).toBe('we-retry')
    await payOut('0700000706', id)
    expect(about(id).slice(1)).toEqual([
      {
        state: 'done',
        providerRef: expect.stringMatching(/^SBX/),
        amount: { amount: 1_000_00, currency: 'KES' },
      },
    ])
    // The next payout to that number is busy again: every other one is.
    const next = await payOut('0700000706')
    expect(about(next.id)).toMatchObject([{ state: 'failed', code: '17' }])
  })

  it('hears nothing of a payout whose result is lost, until Transaction Status says it was paid, once', async () => {
    const { id, answer } = await payOut('0700000705')
    expect(answer).toMatchObject({ state: 'pending' })
    expect(about(id)).toEqual([])

    const providerRef = answer.state === 'pending' ? answer.providerRef : null
    expect(await checkPayout(id, providerRef)).toEqual({ state: 'pending', providerRef })
    const [paid] = await paymentsTo('0700000705')
    expect(paid?.state).toBe('completed')
    expect(about(id)).toEqual([
      { state: 'done', providerRef: paid?.receipt, amount: { amount: 1_000_00, currency: 'KES' } },
    ])
  })

  it('learns from Transaction Status that a payout M-Pesa never had was not sent', async () => {
    const id = crypto.randomUUID()
    expect(await checkPayout(id)).toEqual({ state: 'pending', providerRef: id })
    expect(about(id)).toEqual([
      { state: 'failed', code: B2C_NOT_FOUND, message: b2cFailure(B2C_NOT_FOUND).title },
    ])
  })

  it('learns from Transaction Status that a failed payout moved no money', async () => {
    const { id } = await payOut('0700000701')
    await checkPayout(id)
    expect(about(id).at(-1)).toMatchObject({ state: 'failed', code: B2C_NOT_FOUND })
  })

  it('pays one OriginatorConversationID once: the repeat is a duplicate, left pending, never a failure', async () => {
    const phone = '0722000111'
    const id = crypto.randomUUID()
    const first = await payOut(phone, id)
    const again = await payOut(phone, id)
    expect(again.answer).toEqual(first.answer)
    const states = about(id)
    expect(states).toHaveLength(2)
    expect(states.filter((s) => s.state === 'done')).toHaveLength(1)
    expect(states.find((s) => s.state !== 'done')).toEqual(first.answer)
    expect(await paymentsTo(phone)).toHaveLength(1)
    // Asked, M-Pesa names the one payment.
    await checkPayout(id)
    expect(about(id).at(-1)).toEqual(states.find((s) => s.state === 'done'))
  })

  it('leaves a payout pending when its request timed out in the queue, and when a status query is refused', async () => {
    const id = crypto.randomUUID()
    const post = (to: string, body: unknown) =>
      fetch(to, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    expect((await post(gateway.urls.b2cTimeout(id), {})).status).toBe(200)
    expect((await post(gateway.urls.b2cStatusTimeout(id), {})).status).toBe(200)
    const refused = {
      Result: {
        ResultType: 0,
        ResultCode: 2001,
        ResultDesc: 'The initiator information is invalid.',
        OriginatorConversationID: '12345-67890123-1',
        ConversationID: 'AG_20260101_00000000000000000000',
        TransactionID: 'SBX0000000',
      },
    }
    expect((await post(gateway.urls.b2cStatusResult(id), refused)).status).toBe(200)
    expect(about(id)).toEqual([
      { state: 'pending', providerRef: id },
      { state: 'pending', providerRef: id },
      { state: 'pending', providerRef: id },
    ])
  })

  it('refuses a status answer whose address is not signed for it', async () => {
    const id = crypto.randomUUID()
    const forged = gateway.urls.b2cResult(id).replace('/mpesa/b2c/', '/mpesa/b2c-status/')
    const res = await fetch(forged, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Result: {} }),
    })
    expect(res.status).toBe(403)
    expect(about(id)).toEqual([])
  })
})
