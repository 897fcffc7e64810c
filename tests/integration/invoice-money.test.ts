import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { invoicePayments } from '../../server/db/schema'
import { ledgerImbalance } from '../../server/ledger/ledger'
import { saleFee } from '../../server/ledger/postings'
import { type RunningApp, startApp } from '../support/app'
import { testConfig } from '../support/config'
import { databaseKinds } from '../support/db'
import { fixtureBuild } from '../support/fixture-build'
import { invoiceSteps, PAYER_PHONE } from '../support/invoices'
import { runPaybillRegistration } from '../support/paybill'
import { submitSandboxCard } from '../support/sandbox-card'
import { sellerOf } from '../support/shop'

type Answer = Awaited<ReturnType<RunningApp['call']>>
// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server answered
const data = (answer: Answer) => answer.body.data as Record<string, any>
/** One line of KES 1,000.00, no tax, no deposit. */
const SMALL = {
  lines: [{ description: 'Portrait session', quantityMilli: 1000, unitPrice: 1_000_00 }],
  taxes: [],
  deposit: null,
}

/**
 * Money lands only where it should on invoices: paid after the invoice was cancelled, it goes back; paid
 * twice by PayPal at once, it is taken once; paid beyond the total, it is held for the payer until the
 * seller gives it back or keeps it (with Soko's fee); recorded ten times at once, it counts once. Money
 * is released at once here (hold 0), so a balance shows what a seller could withdraw.
 */
describe.each(databaseKinds)('money on invoices, on %s', (kind) => {
  let app: RunningApp
  let steps: ReturnType<typeof invoiceSteps>
  let n = 0
  /** A new seller for each test: balances are theirs alone. */
  let seller: { id: string; token: string }

  beforeAll(async () => {
    const base = testConfig()
    // One secret for links and callbacks, as every instance behind one balancer has.
    const payments = { ...base.payments, hooksSecret: 'invoice-money-hooks-secret-of-32-chars' }
    app = await startApp(kind, {
      clientDir: fixtureBuild(),
      payments,
      payouts: { ...base.payouts, holdDays: 0 },
    })
    steps = invoiceSteps(app, () => seller.token)
  })
  afterAll(async () => {
    await app?.close()
  })
  afterEach(async () => {
    await app.sandboxesIdle()
    expect(await ledgerImbalance(app.database.db)).toEqual({})
  })

  async function sentInvoice(over: Record<string, unknown> = SMALL) {
    seller = await sellerOf(app, `studio${++n}${kind}`)
    return steps.send((await steps.create(over)).id)
  }
  const pay = (invoice: { id: string; payUrl: string }, method: string, phone?: string) =>
    app.call('payInvoice', {
      invoiceId: invoice.id,
      key: steps.keyOf(invoice),
      method,
      ...(phone ? { phone } : {}),
    })
  const available = async (currency = 'KES') =>
    (
      data(await app.call('getBalances', {}, seller.token)).balances as {
        currency: string
        available: number
      }[]
    ).find((b) => b.currency === currency)?.available ?? 0
  const heldFor = async (paymentId: string) => {
    const result = (await app.database.db.execute(
      sql`select coalesce(-sum(amount), 0)::text as held, min(currency) as currency from ledger_entries
          where account = ${`payer:${paymentId}`}`,
    )) as unknown as { rows: { held: string; currency: string | null }[] }
    return Number(result.rows[0]?.held)
  }

  it('a payment that arrives after the invoice was cancelled is given back at once, the payer told; the seller gets nothing', async () => {
    const invoice = await sentInvoice()
    const started = await pay(invoice, 'mpesa', PAYER_PHONE)
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    expect((await app.call('voidInvoice', { invoiceId: invoice.id }, seller.token)).status).toBe(200)
    // The client answers the prompt that was already on their phone.
    await steps.phone('pay')
    await app.sandboxesIdle()
    const seen = await steps.view(invoice.id)
    expect(seen.status).toBe('void')
    expect(seen.totals.paid).toBe(0)
    const [payment] = seen.payments
    expect(payment).toMatchObject({ status: 'paid', amount: 1_000_00, excess: 1_000_00 })
    expect(payment.excessRefund).toEqual({ status: 'done', message: null })
    expect(await heldFor(payment.id)).toBe(0)
    expect(await available()).toBe(0)
    const told = (await steps.mailsTo('wanjiru@example.com')).at(-1)
    expect(told?.subject).toBe(`Your payment on invoice ${invoice.number} is coming back to you`)
    expect(told?.text).toContain('by M-Pesa, to the number that paid')
    // The seller cannot keep it.
    expect(
      (await app.call('acceptInvoiceExcess', { invoiceId: invoice.id, paymentId: payment.id }, seller.token))
        .status,
    ).toBe(409)
  })

  it('a card page left open when the invoice is cancelled can no longer be paid', async () => {
    const invoice = await sentInvoice()
    const card = data(await pay(invoice, 'card')).next
    expect(await (await fetch(card.url)).text()).toContain('<button class="primary">Pay')
    expect((await app.call('voidInvoice', { invoiceId: invoice.id }, seller.token)).status).toBe(200)
    expect(await (await fetch(card.url)).text()).toContain('This payment page has expired')
    await submitSandboxCard(card.url, '4242 4242 4242 4242')
    await app.sandboxesIdle()
    expect((await steps.view(invoice.id)).totals.paid).toBe(0)
    const [payment] = await app.database.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, invoice.id))
    expect(payment?.status).toBe('cancelled')
  })

  it('two PayPal payments asked at once get one approval page: approved, it is taken once', async () => {
    const invoice = await sentInvoice()
    const asks = await Promise.all(Array.from({ length: 10 }, () => pay(invoice, 'paypal')))
    expect(asks.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(new Set(asks.map((a) => data(a).paymentId)).size).toBe(1)
    expect(new Set(asks.map((a) => data(a).next.url)).size).toBe(1)
    await steps.approvePaypal(data(asks[0] as Answer).next.url)
    const seen = await steps.view(invoice.id)
    expect(seen.status).toBe('paid')
    expect(seen.payments.filter((p: { status: string }) => p.status === 'paid')).toHaveLength(1)
    expect(seen.payments[0].excess).toBe(0)
  })

  it('a PayPal page approved after the invoice was paid another way is held as excess, in dollars, and can be given back', async () => {
    const invoice = await sentInvoice()
    const paypal = data(await pay(invoice, 'paypal')).next.url as string
    await steps.paybill(invoice.reference, 1_000_00, `SBXFULL${n}${kind.slice(0, 2)}`.toUpperCase())
    await steps.approvePaypal(paypal)
    const seen = await steps.view(invoice.id)
    expect(seen.totals.paid).toBe(1_000_00)
    const late = seen.payments.find((p: { method: string }) => p.method === 'paypal')
    expect(late).toMatchObject({ status: 'paid', excess: 1_000_00, excessRefund: null })
    expect(late.charged.currency).toBe('USD')
    expect(await heldFor(late.id)).toBe(late.charged.amount)
    const back = await app.call(
      'refundInvoiceExcess',
      { invoiceId: invoice.id, paymentId: late.id },
      seller.token,
    )
    expect(back.status, JSON.stringify(back.body)).toBe(200)
    await app.sandboxesIdle()
    const after = (await steps.view(invoice.id)).payments.find((p: { id: string }) => p.id === late.id)
    expect(after.excessRefund).toEqual({ status: 'done', message: null })
    expect(await heldFor(late.id)).toBe(0)
  })

  it('an overpayment is held, not withdrawable; kept as a payment it is earnings with Soko’s fee, once', async () => {
    const invoice = await sentInvoice({
      ...SMALL,
      lines: [{ description: 'Print', quantityMilli: 1000, unitPrice: 100_00 }],
    })
    await steps.paybill(invoice.reference, 15_100_00, `SBXOVER${n}${kind.slice(0, 2)}`.toUpperCase())
    const seen = await steps.view(invoice.id)
    const [payment] = seen.payments
    expect(payment).toMatchObject({ amount: 15_100_00, excess: 15_000_00, excessRefund: null })
    // Only what was due is the seller's, less Soko's fee.
    expect(await available()).toBe(100_00 - saleFee(100_00))
    expect(await heldFor(payment.id)).toBe(15_000_00)
    // Another seller cannot keep it: to them it does not exist.
    const stranger = await sellerOf(app, `stranger${n}${kind}`)
    const theirs = await app.call(
      'acceptInvoiceExcess',
      { invoiceId: invoice.id, paymentId: payment.id },
      stranger.token,
    )
    expect(theirs.status).toBe(404)
    // Ten at once: kept once.
    const keep = () =>
      app.call('acceptInvoiceExcess', { invoiceId: invoice.id, paymentId: payment.id }, seller.token)
    const answers = await Promise.all(Array.from({ length: 10 }, keep))
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)])
    const kept = (await steps.view(invoice.id)).payments[0]
    expect(kept.excessRefund).toEqual({ status: 'accepted', message: null })
    expect(await available()).toBe(100_00 - saleFee(100_00) + 15_000_00 - saleFee(15_000_00))
    expect(await heldFor(payment.id)).toBe(0)
    // Kept is kept: it cannot also be given back.
    const back = await app.call(
      'refundInvoiceExcess',
      { invoiceId: invoice.id, paymentId: payment.id },
      seller.token,
    )
    expect(back.status).toBe(409)
  })

  it('ten records of the whole balance at once: one counts, nine hear that it is more than is left', async () => {
    const invoice = await sentInvoice()
    const record = () =>
      app.call(
        'recordInvoicePayment',
        { invoiceId: invoice.id, method: 'cash', amount: 1_000_00, receivedOn: '2026-11-27', note: null },
        seller.token,
      )
    const answers = await Promise.all(Array.from({ length: 10 }, record))
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(400)])
    for (const refused of answers.filter((a) => a.status === 400))
      expect(refused.body).toMatchObject({
        message: 'That is more than is left to pay',
        errors: { amount: 'Nothing is left to pay: the invoice is paid in full' },
      })
    const seen = await steps.view(invoice.id)
    expect(seen.totals.paid).toBe(1_000_00)
    expect(seen.payments).toHaveLength(1)
  })

  it('a Paybill payment from the phone to an invoice sent on a server that never prompted anyone is taken', async () => {
    const fresh = await startApp(kind, { clientDir: fixtureBuild() })
    try {
      const owner = await sellerOf(fresh, `fresh${kind}`)
      const own = invoiceSteps(fresh, () => owner.token)
      const invoice = await own.send((await own.create(SMALL)).id)
      // Sending it queued the Paybill registration, which the server's job runner runs.
      expect(await runPaybillRegistration(fresh)).toBe(1)
      const { paybill } = await own.payView(invoice)
      // The sandbox phone's Lipa na M-Pesa → Pay Bill, as the client fills it in.
      const phonePage = await (await fetch(`${fresh.url}/sandbox/mpesa/phone?number=0722417388`)).text()
      const action = phonePage.match(/<form id="paybill" method="post" action="([^"]+)"/)?.[1] ?? ''
      const sent = await fetch(new URL(action.replace(/&amp;/g, '&'), `${fresh.url}/sandbox/mpesa/phone`), {
        method: 'POST',
        body: new URLSearchParams({
          number: '0722417388',
          business: paybill.number,
          account: paybill.account,
          amount: '1000',
          pin: '1234',
        }),
        redirect: 'manual',
      })
      expect(sent.status).toBe(303)
      expect(sent.headers.get('location')).toContain('paid=')
      await fresh.sandboxesIdle()
      expect((await own.view(invoice.id)).status).toBe('paid')
    } finally {
      await fresh.close()
    }
  })

  it.runIf(kind === 'postgres')(
    'ten PayPal asks and ten cash records split across two instances count once',
    async () => {
      const other = await startApp(
        kind,
        { clientDir: fixtureBuild(), payments: app.config.payments, payouts: app.config.payouts },
        { sharing: app },
      )
      try {
        const invoice = await sentInvoice()
        const asks = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            (i % 2 ? other : app).call('payInvoice', {
              invoiceId: invoice.id,
              key: steps.keyOf(invoice),
              method: 'paypal',
            }),
          ),
        )
        expect(asks.map((a) => [a.status, a.body.message])).toEqual(Array(10).fill([200, 'OK']))
        expect(new Set(asks.map((a) => data(a).paymentId)).size).toBe(1)
        const cash = await sentInvoice()
        const records = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            (i % 2 ? other : app).call(
              'recordInvoicePayment',
              { invoiceId: cash.id, method: 'cash', amount: 1_000_00, receivedOn: '2026-11-27', note: null },
              seller.token,
            ),
          ),
        )
        expect(records.filter((a) => a.status === 200)).toHaveLength(1)
      } finally {
        await other.sandboxesIdle()
        await other.close()
      }
    },
  )
})
