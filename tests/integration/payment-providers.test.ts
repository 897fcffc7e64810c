import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PaymentMethod } from '../../contract/checkout.constants'
import type { Database } from '../../server/db/client'
import { registerPaybill } from '../../server/jobs/paybill.job'
import { createLogger } from '../../server/lib/log'
import type { Gateway } from '../../server/payments/gateway'
import type { ChargeRef, PaymentEvents } from '../../server/payments/provider'
import { databaseKinds } from '../support/db'
import { startProviderHarness } from '../support/provider-harness'
import { submitSandboxCard } from '../support/sandbox-card'
import { submitForm } from '../support/sandbox-server'

/**
 * The three providers behind their one interface, against the sandboxes: each starts a charge, reports it
 * pending, then paid (through its verified callback or webhook, and when asked), refunds it; M-Pesa also
 * pays out. What their hooks verified reaches `PaymentEvents`, recorded here, with nothing about orders.
 */
describe.each(databaseKinds)('payment providers on %s', (kind) => {
  let database: Database
  let gateway: Gateway
  let url: string
  let idle: () => Promise<void>
  let close: () => Promise<void>
  const calls: { name: keyof PaymentEvents; method: PaymentMethod; args: unknown[] }[] = []
  const expectedByReference = new Map<string, { amount: number; currency: 'KES'; exact: boolean }>()

  beforeAll(async () => {
    const record =
      (name: keyof PaymentEvents) =>
      async (method: PaymentMethod, ...args: unknown[]) => {
        calls.push({ name, method, args })
      }
    const events: PaymentEvents = {
      charge: record('charge'),
      closed: record('closed'),
      approved: record('approved'),
      transfer: record('transfer'),
      expected: async (_method, reference) => expectedByReference.get(reference) ?? null,
    }
    ;({ database, gateway, url, idle, close } = await startProviderHarness(kind, events))
  })
  afterAll(() => close())

  const of = (name: keyof PaymentEvents) => calls.filter((c) => c.name === name)
  let n = 0
  const charge = (method: PaymentMethod, amount: { amount: number; currency: 'KES' | 'USD' }) => {
    const id = crypto.randomUUID()
    const reference = `SKTEST${String(++n).padStart(4, '0')}`
    return {
      id,
      reference,
      start: () =>
        gateway.providers[method].startCharge({
          id,
          reference,
          amount,
          description: 'Provider test',
          email: 'buyer@example.com',
          phone: method === 'mpesa' ? '254712345678' : null,
          expiresAt: new Date(Date.now() + 40 * 60_000),
        }),
    }
  }

  it('M-Pesa: a prompt, paid on the phone; its callback, the status query, a B2C refund and a payout', async () => {
    const amount = { amount: 750_00, currency: 'KES' as const }
    const c = charge('mpesa', amount)
    const started = await c.start()
    expect(started.next).toMatchObject({ kind: 'mpesa', phone: '254712345678' })
    const ref: ChargeRef = { id: c.id, providerRef: started.providerRef, amount }
    expect(await gateway.providers.mpesa.checkCharge(ref)).toEqual({ state: 'pending' })
    const paid = await submitForm(`${url}/sandbox/mpesa/phone/${encodeURIComponent(started.providerRef)}`, {
      action: 'pay',
      pin: '1234',
    })
    expect(paid.status).toBe(303)
    await idle()
    expect(of('charge').at(-1)?.method).toBe('mpesa')
    expect(of('charge').at(-1)?.args.slice(0, 3)).toMatchObject([
      { id: c.id, providerRef: started.providerRef },
      `stk:${started.providerRef}`,
      { kind: 'paid', amount, receipt: expect.stringMatching(/^SBX/) },
    ])
    expect(await gateway.providers.mpesa.checkCharge(ref)).toMatchObject({
      state: 'settled',
      eventKey: `stk:${started.providerRef}`,
      outcome: { kind: 'paid', amount },
    })

    const refundId = crypto.randomUUID()
    const refund = await gateway.providers.mpesa.refund({
      id: refundId,
      charge: { ...ref, reference: c.reference, payment: { payerPhone: '254712345678' } },
      amount,
      reason: 'Test',
    })
    expect(refund).toMatchObject({ state: 'pending' })
    const payoutId = crypto.randomUUID()
    const payOut = gateway.providers.mpesa.payOut
    expect(payOut).toBeDefined()
    const payout = await payOut?.call(gateway.providers.mpesa, {
      id: payoutId,
      amount: { amount: 1_000_00, currency: 'KES' },
      to: { kind: 'mpesa', phone: '254712345678' },
      remarks: 'Soko payout',
    })
    expect(payout).toMatchObject({ state: 'pending' })
    await idle()
    const transfers = of('transfer').map((t) => t.args)
    expect(transfers).toContainEqual([
      { id: refundId },
      { state: 'done', providerRef: expect.any(String), amount },
    ])
    expect(transfers).toContainEqual([
      { id: payoutId },
      { state: 'done', providerRef: expect.any(String), amount: { amount: 1_000_00, currency: 'KES' } },
    ])
  })

  it('M-Pesa Paybill: validation asks what the reference expects; the confirmation names the reference', async () => {
    const amount = { amount: 500_00, currency: 'KES' as const }
    // M-Pesa confirms Paybill payments only to registered addresses: the server's job registers them.
    expect(await registerPaybill({ db: database.db, gateway, log: createLogger('silent') })).toBe(
      'registered',
    )
    const c = charge('mpesa', amount)
    await c.start()
    expectedByReference.set(c.reference, { ...amount, exact: true })
    const pay = (value: string) =>
      submitForm(`${url}/sandbox/mpesa/phone/paybill`, {
        number: '0712345678',
        business: gateway.paybillNumber,
        account: c.reference,
        amount: value,
        pin: '1234',
      })
    expect((await pay('500')).status).toBe(303)
    await idle()
    expect(of('charge').at(-1)?.args.slice(0, 1)).toEqual([{ reference: c.reference }])
  })

  it('card: a Checkout Session, paid on the card page; its webhook, the check, a refund, and a closed session', async () => {
    const amount = { amount: 12_00, currency: 'USD' as const }
    const c = charge('card', amount)
    const started = await c.start()
    expect(started.next.kind).toBe('redirect')
    const ref: ChargeRef = { id: c.id, providerRef: started.providerRef, amount }
    expect(await gateway.providers.card.checkCharge(ref)).toEqual({ state: 'pending' })
    if (started.next.kind !== 'redirect') throw new Error('no card page')
    expect((await submitSandboxCard(started.next.url, '4242424242424242')).status).toBe(303)
    await idle()
    expect(of('charge').at(-1)?.method).toBe('card')
    expect(of('charge').at(-1)?.args.slice(0, 3)).toMatchObject([
      { providerRef: started.providerRef },
      `checkout:${started.providerRef}`,
      { kind: 'paid', amount },
    ])
    const settled = await gateway.providers.card.checkCharge(ref)
    expect(settled).toMatchObject({ state: 'settled', outcome: { kind: 'paid', amount } })
    const payment =
      settled.state === 'settled' && settled.outcome.kind === 'paid' ? settled.outcome.details : {}
    const refund = await gateway.providers.card.refund({
      id: crypto.randomUUID(),
      charge: { ...ref, reference: c.reference, payment },
      amount,
      reason: 'Test',
    })
    expect(refund).toMatchObject({ state: 'done' })
    expect(gateway.providers.card.payOut).toBeUndefined()

    const unpaid = charge('card', amount)
    const open = await unpaid.start()
    const unpaidRef = { id: unpaid.id, providerRef: open.providerRef, amount }
    await gateway.providers.card.cancelCharge?.(unpaidRef)
    expect(await gateway.providers.card.checkCharge(unpaidRef)).toEqual({ state: 'expired' })
  })

  it('PayPal: an order approved on PayPal’s page, captured when asked, then refunded', async () => {
    const amount = { amount: 12_00, currency: 'USD' as const }
    const c = charge('paypal', { ...amount } as never)
    const started = await c.start()
    if (started.next.kind !== 'redirect') throw new Error('no approve page')
    const ref: ChargeRef = { id: c.id, providerRef: started.providerRef, amount }
    expect(await gateway.providers.paypal.checkCharge(ref)).toEqual({ state: 'pending' })
    expect((await submitForm(started.next.url, { action: 'pay' })).status).toBe(303)
    const settled = await gateway.providers.paypal.checkCharge(ref)
    expect(settled).toMatchObject({
      state: 'settled',
      eventKey: `capture:${started.providerRef}`,
      outcome: { kind: 'paid', amount },
    })
    const payment =
      settled.state === 'settled' && settled.outcome.kind === 'paid' ? settled.outcome.details : {}
    const refund = await gateway.providers.paypal.refund({
      id: crypto.randomUUID(),
      charge: { ...ref, reference: c.reference, payment },
      amount,
      reason: 'Test',
    })
    expect(refund).toMatchObject({ state: 'done' })
    await idle()
    expect(of('charge').some((call) => call.method === 'paypal')).toBe(true)
  })
})
