import { describe, expect, it } from 'vitest'
import type { PayInvoiceView } from '../../../contract/invoices.contract'
import { type Followed, outcomeOf, START_GRACE_MS } from '../../../src/features/invoice-pay/following'

type Payment = PayInvoiceView['payments'][number]

const payment = (over: Partial<Payment> = {}): Payment => ({
  id: 'pay-1',
  method: 'mpesa',
  status: 'pending',
  amount: 24_940_00,
  charged: null,
  excess: 0,
  excessRefund: null,
  receipt: null,
  failure: null,
  paidAt: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  ...over,
})

/** Only what outcomeOf reads: the waiting payment and the payments received. */
const invoice = (over: Partial<Pick<PayInvoiceView, 'pending' | 'payments' | 'failed'>>) =>
  ({ pending: null, payments: [], failed: null, ...over }) as PayInvoiceView

const now = Date.parse('2026-11-24T10:00:10.000Z')
const followed = (over: Partial<Followed> = {}): Followed => ({
  paymentId: 'pay-1',
  method: 'mpesa',
  phone: '254722417306',
  startedAt: now - 5_000,
  ...over,
})

describe('where the payment this tab started stands (the pay page)', () => {
  it('follows a waiting payment, with the number its prompt went to when it is this tab’s', () => {
    const waiting = payment()
    expect(outcomeOf(invoice({ pending: waiting }), followed(), now)).toEqual({
      kind: 'waiting',
      payment: waiting,
      phone: '254722417306',
    })
    // Someone else's (another device's) payment is followed too, without a number.
    expect(outcomeOf(invoice({ pending: waiting }), null, now)).toMatchObject({ phone: undefined })
  })

  it('says received once the payment is among those paid', () => {
    const paid = payment({ status: 'paid', receipt: 'SBX773VOCW', paidAt: '2026-11-24T10:00:08.000Z' })
    expect(outcomeOf(invoice({ payments: [paid] }), followed({ seenPending: true }), now)).toEqual({
      kind: 'paid',
      payment: paid,
    })
  })

  it('waits a little for a payment just started to show, then says it was not completed', () => {
    expect(outcomeOf(invoice({}), followed(), now).kind).toBe('starting')
    expect(outcomeOf(invoice({}), followed(), now + START_GRACE_MS).kind).toBe('not-completed')
    // Seen waiting, then gone without being paid: it failed at once, no grace.
    expect(outcomeOf(invoice({}), followed({ seenPending: true }), now)).toEqual({
      kind: 'not-completed',
      method: 'mpesa',
    })
  })

  it('is nothing when this tab started nothing and nothing waits', () => {
    expect(outcomeOf(invoice({}), null, now)).toEqual({ kind: 'none' })
  })

  it('says at once that a payment failed, even one this page never saw waiting', () => {
    const failed = payment({
      status: 'failed',
      failure: { code: '1032', message: 'Request cancelled by user' },
    })
    expect(outcomeOf(invoice({ failed }), followed(), now)).toEqual({
      kind: 'not-completed',
      method: 'mpesa',
    })
  })
})
