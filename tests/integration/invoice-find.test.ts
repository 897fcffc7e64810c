import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { invoicePayments, rateLimits } from '../../server/db/schema'
import { findInvoiceLimits } from '../../server/features/invoices/find'
import { ledgerImbalance } from '../../server/ledger/ledger'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { invoiceSteps, PAYER_PHONE } from '../support/invoices'
import { pdfText } from '../support/pdf-text'
import { submitSandboxCard } from '../support/sandbox-card'
import { sellerOf } from '../support/shop'

type Answer = Awaited<ReturnType<RunningApp['call']>>
// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server answered
const data = (answer: Answer) => answer.body.data as Record<string, any>

/**
 * `/p` without a link: an invoice is found by its number and the e-mail or phone it was sent to, and
 * nothing answers a stranger whether an invoice exists. And what the payer reads of a payment: the
 * receipts they recognise, never a provider's own id.
 */
describe.each(databaseKinds)('finding and paying an invoice on %s', (kind) => {
  let app: RunningApp
  let seller: { id: string; token: string }
  let other: { id: string; token: string }
  let steps: ReturnType<typeof invoiceSteps>

  beforeAll(async () => {
    app = await startApp(kind)
    seller = await sellerOf(app, 'wanjiku')
    other = await sellerOf(app, 'otieno')
    steps = invoiceSteps(app, () => seller.token)
  })
  afterAll(async () => {
    await app?.close()
  })
  // Each test starts with the lookups' counters at zero.
  beforeEach(async () => {
    await app.database.db.delete(rateLimits)
  })
  afterEach(async () => {
    await app.sandboxesIdle()
    expect(await ledgerImbalance(app.database.db)).toEqual({})
  })

  const find = (number: unknown, contact: unknown) => app.call('findPayInvoice', { number, contact })

  it('answers the pay link when the number and the e-mail or phone both match', async () => {
    const invoice = await steps.send((await steps.create()).id)
    const link = `/p?invoice=${invoice.id}&key=${steps.keyOf(invoice)}`
    for (const [number, contact] of [
      [invoice.number, 'wanjiru@example.com'],
      [invoice.number.toLowerCase(), '  Wanjiru@Example.COM '],
      [invoice.number, '0722 000 111'],
      [invoice.number, '+254722000111'],
      [invoice.reference, '254722000111'],
    ]) {
      const answer = await find(number, contact)
      expect(answer.status, `${number} ${contact}`).toBe(200)
      expect(data(answer).link).toBe(link)
    }
    // The link opens the invoice.
    const key = new URL(link, app.url).searchParams.get('key') ?? ''
    expect((await app.call('getPayInvoice', { invoiceId: invoice.id, key })).status).toBe(200)
  })

  it('says the same whether the number or the contact is wrong, and never finds a draft', async () => {
    const invoice = await steps.send(
      (await steps.create({ client: { name: 'Halima', email: 'halima@example.com', phone: '0733000222' } }))
        .id,
    )
    const draft = await steps.create({ client: { name: 'Juma', email: 'juma@example.com', phone: null } })
    // Another seller's invoice of the same number, to another client.
    const theirs = await steps.send(
      (
        await steps.create(
          { client: { name: 'Akinyi', email: 'akinyi@example.com', phone: null } },
          other.token,
        )
      ).id,
      other.token,
    )
    expect(theirs.number).not.toBe(invoice.number)
    const answers = [
      await find('INV-9999', 'halima@example.com'),
      await find(invoice.number, 'someone@example.com'),
      await find(invoice.number, '0700 000 000'),
      await find(theirs.number, 'halima@example.com') /* the number exists, at another seller */,
      await find(invoice.number, 'akinyi@example.com') /* a real client, of another invoice */,
      await find(draft.reference, 'juma@example.com'),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ ...answers[0]?.body, requestId: answer.body.requestId })
      expect(data(answer)).toEqual({ link: null })
    }
    // Each client finds their own.
    expect(data(await find(theirs.number, 'akinyi@example.com')).link).toContain(theirs.id)
    expect(data(await find(invoice.number, '0733 000 222')).link).toContain(invoice.id)
  })

  it('refuses hostile or malformed input with 400 and the field in words', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ number: "INV-1' OR '1'='1", contact: 'a@example.com' }, 'number'],
      [{ number: 'INV-1', contact: "x' OR 1=1 --" }, 'contact'],
      [{ number: 'INV-1', contact: `${'a'.repeat(250)}@example.com` }, 'contact'],
      [{ number: 'X'.repeat(41), contact: 'a@example.com' }, 'number'],
      [{ number: '', contact: 'a@example.com' }, 'number'],
      [{ number: 'INV-1', contact: '' }, 'contact'],
      [{ number: 12, contact: 'a@example.com' }, 'number'],
      [{ number: 'INV-1', contact: ['a@example.com'] }, 'contact'],
      [{ number: 'INV-1\u0000', contact: 'a@example.com' }, 'number'],
      [{ number: 'INV-1', contact: 'not-an-email@' }, 'contact'],
    ]
    for (const [input, field] of cases) {
      const answer = await app.call('findPayInvoice', input)
      expect(answer.status, JSON.stringify(input)).toBe(400)
      expect(Object.keys(answer.body.errors ?? {}), JSON.stringify(input)).toContain(field)
    }
    const extra = await app.call('findPayInvoice', {
      number: 'INV-1',
      contact: 'a@example.com',
      sellerId: 'x',
    })
    expect(extra.status).toBe(400)
  })

  it('is rate limited from one network, whatever is asked', async () => {
    for (let i = 0; i < findInvoiceLimits.perIp.max; i++)
      expect((await find(`INV-${1000 + i}`, 'guess@example.com')).status).toBe(200)
    const refused = await find('INV-0001', 'wanjiru@example.com')
    expect(refused.status).toBe(429)
    expect(refused.body.message).toMatch(/^Too many invoice searches from this network\. Wait /)
  })

  it('shows the M-Pesa receipt code and the card as its holder knows it, never a pi_ id', async () => {
    const invoice = await steps.send((await steps.create()).id)
    const key = steps.keyOf(invoice)
    await app.call('payInvoice', { invoiceId: invoice.id, key, method: 'mpesa', phone: PAYER_PHONE })
    await steps.phone('pay')
    const card = data(await app.call('payInvoice', { invoiceId: invoice.id, key, method: 'card' })).next
    await submitSandboxCard(card.url, '4242424242424242')
    await app.sandboxesIdle()

    const paid = await steps.payView(invoice)
    expect(paid.status).toBe('paid')
    const [mpesa, byCard] = paid.payments
    expect(mpesa.receipt).toMatch(/^[A-Z0-9]{10}$/)
    expect(byCard.receipt).toBe('Visa ending 4242')
    const own = data(await app.call('getInvoice', { invoiceId: invoice.id }, seller.token)).invoice
    expect(own.payments.map((p: { receipt: string }) => p.receipt)).toEqual([
      mpesa.receipt,
      'Visa ending 4242',
    ])
    const pdf = await pdfText(
      new Uint8Array(
        await (await fetch(invoice.pdfUrl.replace(app.config.publicUrl, app.url))).arrayBuffer(),
      ),
    )
    expect(pdf).toContain(mpesa.receipt)
    expect(pdf).toContain('Visa ending 4242')
    for (const text of [JSON.stringify(paid), JSON.stringify(own), pdf]) expect(text).not.toMatch(/\bpi_/)
    // The payment intent is still kept, for refunds.
    const [row] = await app.database.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.id, byCard.id))
    expect(row?.payment?.paymentIntent).toMatch(/^pi_/)

    // A card payment recorded before the card was kept (its receipt the intent's id) shows no receipt.
    await app.database.db
      .update(invoicePayments)
      .set({ payment: sql`${invoicePayments.payment} || '{"receipt":"pi_3Old"}'::jsonb` })
      .where(eq(invoicePayments.id, byCard.id))
    expect((await steps.payView(invoice)).payments[1].receipt).toBeNull()

    // Paid: no reminder is listed as going out.
    expect(own.reminders.length).toBeGreaterThan(0)
    for (const reminder of own.reminders) expect(reminder.sendAt).toBeNull()
  })
})
