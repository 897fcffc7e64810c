import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { invoiceReminders, invoices, unmatchedPayments } from '../../server/db/schema'
import { markOverdue, sendDueReminders } from '../../server/features/invoices/send'
import { ledgerImbalance } from '../../server/ledger/ledger'
import { saleFee } from '../../server/ledger/postings'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { fixtureBuild } from '../support/fixture-build'
import { invoiceDraft as draft, invoiceSteps, PAYER_PHONE as PHONE } from '../support/invoices'
import { readOutbox } from '../support/outbox'
import { pdfText } from '../support/pdf-text'
import { submitSandboxCard } from '../support/sandbox-card'
import { personOf, sellerOf } from '../support/shop'

type Answer = Awaited<ReturnType<RunningApp['call']>>
// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server answered
const data = (answer: Answer) => answer.body.data as Record<string, any>

describe.each(databaseKinds)('invoices on %s', (kind) => {
  let app: RunningApp
  let seller: { id: string; token: string }
  let other: { id: string; token: string }

  beforeAll(async () => {
    // A miniature build, so /p is served as a page (integration tests run before `npm run build`).
    app = await startApp(kind, { clientDir: fixtureBuild() })
    seller = await sellerOf(app, 'wanjiku')
    other = await sellerOf(app, 'otieno')
    steps = invoiceSteps(app, () => seller.token)
  })
  afterAll(async () => {
    await app?.close()
  })
  afterEach(async () => {
    await app.sandboxesIdle()
    expect(await ledgerImbalance(app.database.db)).toEqual({})
  })

  let steps: ReturnType<typeof invoiceSteps>
  const create = (over: Record<string, unknown> = {}, token = seller.token) => steps.create(over, token)
  const send = (invoiceId: string, token = seller.token) => steps.send(invoiceId, token)
  const keyOf = (invoice: { payUrl: string }) => steps.keyOf(invoice)
  const payView = (invoice: { id: string; payUrl: string }) => steps.payView(invoice)
  const mailsTo = (to: string) => steps.mailsTo(to)
  const phone = (action: string) => steps.phone(action)
  const paybill = (account: string, amount: number, id: string) => steps.paybill(account, amount, id)
  const validate = (account: string, amount: number) => steps.validate(account, amount)

  it('computes the totals on the server, by the one rule, whatever the client says', async () => {
    const invoice = await create()
    // 30,000.00 + 6,000.00 = 36,000.00; VAT 5,760.00; total 41,760.00; deposit half of it.
    expect(invoice.totals).toMatchObject({
      subtotal: 36_000_00,
      discount: 0,
      total: 41_760_00,
      deposit: 20_880_00,
      paid: 0,
      dueNow: 0,
    })
    expect(invoice.totals.taxes).toEqual([{ name: 'VAT', rateBps: 1600, inclusive: false, amount: 5_760_00 }])
    expect(invoice).toMatchObject({ status: 'draft', number: null, payUrl: null })
    // A total from the client is not a field of the contract: refused, nothing written.
    const forged = await app.call('createInvoice', { invoice: { ...draft(), total: 1 } }, seller.token)
    expect(forged.status).toBe(400)
    // Inclusive tax, a discount and a deposit as an amount: each rounded half up.
    const inclusive = await create({
      lines: [{ description: 'Photos', quantityMilli: 3000, unitPrice: 333_33 }],
      discount: { kind: 'percent', bps: 1050 },
      taxes: [{ name: 'VAT', rateBps: 1600, inclusive: true }],
      deposit: { kind: 'amount', amount: 100_00 },
    })
    // 999.99 − 10.5 % (105.00, half up from 104.99895) = 894.99; VAT inside: 894.99 × 16/116 = 123.45.
    expect(inclusive.totals).toMatchObject({
      subtotal: 999_99,
      discount: 105_00,
      total: 894_99,
      deposit: 100_00,
    })
    expect(inclusive.totals.taxes[0].amount).toBe(123_45)
    // Bad input answers each field, in words.
    const bad = await app.call(
      'createInvoice',
      {
        invoice: draft({
          lines: [{ description: '', quantityMilli: 0, unitPrice: -1 }],
          dueDate: '2026-11-01',
        }),
      },
      seller.token,
    )
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors as object)).toEqual(
      expect.arrayContaining([
        'invoice.lines.0.description',
        'invoice.lines.0.quantityMilli',
        'invoice.lines.0.unitPrice',
        'invoice.dueDate',
      ]),
    )
  })

  it('a draft written offline and sent twice with its key is one invoice', async () => {
    const draftKey = crypto.randomUUID()
    const first = data(await app.call('createInvoice', { draftKey, invoice: draft() }, seller.token)).invoice
    const again = data(await app.call('createInvoice', { draftKey, invoice: draft() }, seller.token)).invoice
    expect(again.id).toBe(first.id)
    const rows = await app.database.db.select().from(invoices).where(eq(invoices.draftKey, draftKey))
    expect(rows).toHaveLength(1)
  })

  it('numbers invoices gaplessly per seller under 20 concurrent sends', async () => {
    const numbering = await sellerOf(app, 'numbers')
    const drafts = await Promise.all(Array.from({ length: 20 }, () => create({}, numbering.token)))
    const sent = await Promise.all(drafts.map((d) => send(d.id, numbering.token)))
    const numbers = sent.map((s) => s.number).sort()
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `INV-${String(i + 1).padStart(4, '0')}`))
    // Sending again keeps the number; the next invoice takes the next one; another seller starts at 1.
    expect((await send(drafts[0].id, numbering.token)).number).toBe(sent[0].number)
    expect((await send((await create({}, numbering.token)).id, numbering.token)).number).toBe('INV-0021')
    expect((await send((await create({}, other.token)).id, other.token)).number).toBe('INV-0001')
  })

  it('writes the PDF in Kiswahili for a seller who works in it', async () => {
    const swahili = await sellerOf(app, 'kiswahili')
    data(await app.call('updateSettings', { language: 'sw' }, swahili.token))
    const invoice = await send((await create({}, swahili.token)).id, swahili.token)
    const pdf = await pdfText(
      new Uint8Array(
        await (await fetch(invoice.pdfUrl.replace(app.config.publicUrl, app.url))).arrayBuffer(),
      ),
    )
    expect(pdf).toContain(`Ankara ${invoice.number}`)
    expect(pdf).toContain('Jumla')
    expect(pdf).toContain('Lipa mtandaoni')
    expect(pdf).not.toContain(`Invoice ${invoice.number}`)
  })

  it('sends by mail with the PDF and the pay link, and by SMS; a revision keeps its number and goes again', async () => {
    const invoice = await send(
      (await create({ client: { name: 'Amina', email: 'amina@example.com', phone: '0722000222' } })).id,
    )
    expect(invoice.status).toBe('sent')
    const mail = (await mailsTo('amina@example.com')).at(-1)
    expect(mail?.subject).toBe(`Invoice ${invoice.number} from wanjiku Studio`)
    expect(mail?.text).toContain(invoice.payUrl)
    expect(mail?.text).toContain('deposit of KES')
    const sms = (await readOutbox(app.database.db, 'sms')).filter((m) => m.to.includes('254722000222'))
    expect(sms).toHaveLength(1)
    // The seller's name and the rest are two words apart, never "Studiosent".
    expect(sms[0]?.text).toMatch(new RegExp(`^wanjiku Studio sent invoice ${invoice.number}: KES `))
    const short = sms[0]?.text.match(/https?:\/\/\S+\/i\/\S+/)?.[0] ?? ''
    const opened = await fetch(short.replace(app.config.publicUrl, app.url), { redirect: 'manual' })
    expect(opened.headers.get('location')).toBe(invoice.payUrl)
    // The PDF opens with the link's key, and nothing without it.
    const pdf = await fetch(invoice.pdfUrl.replace(app.config.publicUrl, app.url))
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    expect((await fetch(`${app.url}/invoices/${invoice.id}.pdf?key=wrong`)).status).toBe(404)

    const revised = data(
      await app.call(
        'updateInvoice',
        {
          invoiceId: invoice.id,
          invoice: draft({
            client: invoice.client,
            lines: [{ description: 'Logo', quantityMilli: 1000, unitPrice: 50_000_00 }],
          }),
        },
        seller.token,
      ),
    ).invoice
    expect(revised).toMatchObject({ number: invoice.number, revision: 1, status: 'sent' })
    expect(revised.totals.total).toBe(58_000_00)
    expect((await mailsTo('amina@example.com')).at(-1)?.subject).toBe(
      `Invoice ${invoice.number} from wanjiku Studio (updated)`,
    )
    // The client's page writes the number as every screen does.
    expect((await payView(invoice)).client.phone).toBe('+254 722 000 222')
  })

  it('keeps invoices to their seller, and opens the pay page only with its key', async () => {
    const invoice = await send((await create()).id)
    expect((await app.call('getInvoice', { invoiceId: invoice.id }, other.token)).status).toBe(404)
    expect((await app.call('voidInvoice', { invoiceId: invoice.id }, other.token)).status).toBe(404)
    expect((await app.call('sendInvoice', { invoiceId: invoice.id }, other.token)).status).toBe(404)
    expect((await app.call('getInvoice', { invoiceId: invoice.id })).status).toBe(600)
    expect((await app.call('getPayInvoice', { invoiceId: invoice.id, key: 'x'.repeat(32) })).status).toBe(404)
    expect((await app.call('getPayInvoice', { invoiceId: invoice.id })).status).toBe(400)
    const list = data(await app.call('listInvoices', {}, other.token)).invoices
    expect(list.map((i: { id: string }) => i.id)).not.toContain(invoice.id)
    // The pay link's page: a 404 page for a wrong key; a share card for the right one.
    expect((await fetch(`${app.url}/p?invoice=${invoice.id}&key=wrong`)).status).toBe(404)
    const page = await (await fetch(invoice.payUrl.replace(app.config.publicUrl, app.url))).text()
    expect(page).toContain(`Invoice ${invoice.number} from wanjiku Studio`)
  })

  it('is viewed when the client opens it, not when the seller or a link preview does', async () => {
    const invoice = await send((await create()).id)
    const key = keyOf(invoice)
    await app.call('getPayInvoice', { invoiceId: invoice.id, key }, seller.token)
    await app.rpc(
      { subject: 'getPayInvoice', invoiceId: invoice.id, key },
      { 'user-agent': 'WhatsApp/2.23.20.0 A' },
    )
    expect((await payView(invoice)).status).toBe('viewed')
    const rows = await app.database.db.select().from(invoices).where(eq(invoices.id, invoice.id))
    expect(rows[0]?.viewedAt).not.toBeNull()
  })

  it('takes the deposit by M-Pesa and the balance by card; the books hold both', async () => {
    const invoice = await send((await create()).id)
    const key = keyOf(invoice)
    const deposit = await app.call('payInvoice', {
      invoiceId: invoice.id,
      key,
      method: 'mpesa',
      phone: PHONE,
    })
    expect(data(deposit).next).toMatchObject({ kind: 'mpesa' })
    await phone('pay')
    const afterDeposit = await payView(invoice)
    expect(afterDeposit).toMatchObject({ status: 'partially_paid', dueNowIsDeposit: false })
    expect(afterDeposit.totals).toMatchObject({ paid: 20_880_00, balance: 20_880_00, dueNow: 20_880_00 })
    const card = data(await app.call('payInvoice', { invoiceId: invoice.id, key, method: 'card' })).next
    expect(card.kind).toBe('redirect')
    const back = await submitSandboxCard(card.url, '4242424242424242')
    expect(back.headers.get('location')).toBe(invoice.payUrl)
    await app.sandboxesIdle()
    const paid = await payView(invoice)
    expect(paid).toMatchObject({ status: 'paid', charges: [] })
    expect(paid.payments.map((p: { method: string }) => p.method)).toEqual(['mpesa', 'card'])
    const sales = await app.database.db.execute(
      sql`select t.kind, e.account, e.amount from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
          join invoice_payments p on p.id = t.invoice_payment_id where p.invoice_id = ${invoice.id} and e.seller_id is not null`,
    )
    const seller_ = (sales as unknown as { rows: { amount: string }[] }).rows.map((r) => Number(r.amount))
    expect(seller_).toEqual([-(20_880_00 - saleFee(20_880_00)), -(20_880_00 - saleFee(20_880_00))])
    // Both sides are told; the seller's books list the invoice's sales.
    expect((await mailsTo('wanjiru@example.com')).at(-1)?.subject).toBe(
      `Paid: invoice ${invoice.number} from wanjiku Studio`,
    )
    const books = data(await app.call('listTransactions', { kind: 'sale' }, seller.token))
    expect(JSON.stringify(books)).toContain(`Invoice ${invoice.number}`)
    // The PDF says so, with both payments and no pay box.
    const pdf = await pdfText(
      new Uint8Array(
        await (await fetch(invoice.pdfUrl.replace(app.config.publicUrl, app.url))).arrayBuffer(),
      ),
    )
    expect(pdf).toContain(`Invoice ${invoice.number}`)
    expect(pdf).toContain('Paid')
    expect(pdf).toMatch(/M-Pesa.*Card|Card.*M-Pesa/)
    expect(pdf).not.toContain('Paybill')
    // Nothing more to pay.
    expect((await app.call('payInvoice', { invoiceId: invoice.id, key, method: 'card' })).status).toBe(409)
  })

  it('takes Paybill part payments and overpayments, and keeps money with an unknown reference', async () => {
    const invoice = await send((await create({ deposit: null })).id)
    // Any amount is taken for an invoice that is owed, less or more than due.
    expect(await validate(invoice.reference, 1_00)).toBe(0)
    expect(await validate(invoice.reference, 99_000_00)).toBe(0)
    await paybill(invoice.reference, 10_000_00, 'SBXPART001')
    expect((await payView(invoice)).totals).toMatchObject({ paid: 10_000_00, balance: 31_760_00 })
    expect((await payView(invoice)).status).toBe('partially_paid')
    // The same confirmation twice counts once.
    await paybill(invoice.reference, 10_000_00, 'SBXPART001')
    await paybill(invoice.reference, 40_000_00, 'SBXOVER001')
    const seen = data(await app.call('getInvoice', { invoiceId: invoice.id }, seller.token)).invoice
    expect(seen.status).toBe('paid')
    // Once paid, M-Pesa is told to refuse more before it takes it.
    expect(await validate(invoice.reference, 1_000_00)).toBe('C2B00012')
    expect(seen.payments.map((p: { amount: number; excess: number }) => [p.amount, p.excess])).toEqual([
      [10_000_00, 0],
      [40_000_00, 8_240_00],
    ])
    expect((await mailsTo('wanjiku@example.com')).at(-1)?.text).toContain('more than was due')
    // The seller gives the excess back: M-Pesa B2C to the number that paid, recorded when M-Pesa says so.
    const over = seen.payments[1]
    const back = async () =>
      app.call('refundInvoiceExcess', { invoiceId: invoice.id, paymentId: over.id }, seller.token)
    expect(
      (await app.call('refundInvoiceExcess', { invoiceId: invoice.id, paymentId: over.id }, other.token))
        .status,
    ).toBe(404)
    expect((await back()).status).toBe(200)
    await app.sandboxesIdle()
    const refunded = data(await app.call('getInvoice', { invoiceId: invoice.id }, seller.token)).invoice
    expect(refunded.payments[1].excessRefund).toEqual({ status: 'done', message: null })
    expect((await back()).status).toBe(409)
    // It went back from what was held for the payer: never the seller's.
    const given = await app.database.db.execute(
      sql`select e.account, e.amount from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
          where t.invoice_payment_id = ${over.id} and t.kind = 'refund' order by e.amount`,
    )
    expect(
      (given as unknown as { rows: { account: string; amount: string }[] }).rows.map((r) => [
        r.account,
        Number(r.amount),
      ]),
    ).toEqual([
      ['provider:mpesa', -8_240_00],
      [`payer:${over.id}`, 8_240_00],
    ])
    expect(
      (
        await app.call(
          'refundInvoiceExcess',
          { invoiceId: invoice.id, paymentId: seen.payments[0].id },
          seller.token,
        )
      ).status,
    ).toBe(409)
    await paybill('IVNOTOURS9', 2_500_00, 'SBXLOST001')
    await paybill('SKNOTOURS1', 700_00, 'SBXLOST002')
    await paybill('IVNOTOURS9', 2_500_00, 'SBXLOST001')
    const kept = await app.database.db.select().from(unmatchedPayments)
    expect(kept.map((k) => [k.reference, k.amount])).toEqual(
      expect.arrayContaining([
        ['IVNOTOURS9', 2_500_00],
        ['SKNOTOURS1', 700_00],
      ]),
    )
    expect(kept.filter((k) => k.reference === 'IVNOTOURS9')).toHaveLength(1)
    // An admin sees them, with the payer's number, and records how each was settled; a seller cannot.
    const admin = (await personOf(app, 'admin@example.com', { roles: ['admin'] })).token
    expect((await app.call('listUnmatchedPayments', {}, seller.token)).status).toBe(403)
    const waiting = data(await app.call('listUnmatchedPayments', {}, admin)).payments
    const lost = waiting.find((p: { reference: string }) => p.reference === 'IVNOTOURS9')
    expect(lost).toMatchObject({
      amount: { amount: 2_500_00, currency: 'KES' },
      receipt: 'SBXLOST001',
      payer: '254712345678',
    })
    expect(
      (await app.call('resolveUnmatchedPayment', { id: lost.id, note: 'Given back by B2C' }, admin)).status,
    ).toBe(200)
    const settled = data(await app.call('listUnmatchedPayments', { resolved: true }, admin)).payments
    expect(settled.map((p: { id: string }) => p.id)).toContain(lost.id)
  })

  it('sends each reminder once, none after payment, and marks overdue after the due day', async () => {
    const remind = await send(
      (await create({ client: { name: 'Baraka', email: 'baraka@example.com', phone: null } })).id,
    )
    const settled = await send(
      (await create({ client: { name: 'Neema', email: 'neema@example.com', phone: null } })).id,
    )
    const reminders = await app.database.db
      .select()
      .from(invoiceReminders)
      .where(eq(invoiceReminders.invoiceId, remind.id))
    // 09:00 in Nairobi (UTC+3) on 5, 8 and 15 December.
    expect(reminders.map((r) => r.sendAt.toISOString()).sort()).toEqual([
      '2026-12-05T06:00:00.000Z',
      '2026-12-08T06:00:00.000Z',
      '2026-12-15T06:00:00.000Z',
    ])
    await app.call(
      'recordInvoicePayment',
      {
        invoiceId: settled.id,
        method: 'bank',
        amount: settled.totals.total,
        receivedOn: '2026-11-30',
        note: 'Equity transfer',
      },
      seller.token,
    )
    const deps = app.services
    const dueDay = new Date('2026-12-08T06:30:00.000Z')
    const before = (await mailsTo('baraka@example.com')).length
    // Every invoice's due reminders, fifty at a time, then none: each went once.
    while ((await sendDueReminders(deps, dueDay)) > 0);
    expect(await sendDueReminders(deps, dueDay)).toBe(0)
    expect((await mailsTo('baraka@example.com')).length - before).toBe(2)
    expect((await mailsTo('baraka@example.com')).at(-1)?.subject).toBe(
      `Reminder: invoice ${remind.number} from wanjiku Studio`,
    )
    expect((await mailsTo('neema@example.com')).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(
      0,
    )
    // Overdue from the start of 9 December in Nairobi: 8 December 21:00 UTC.
    await markOverdue(deps, new Date('2026-12-08T20:59:00.000Z'))
    expect((await payView(remind)).status).not.toBe('overdue')
    await markOverdue(deps, new Date('2026-12-08T21:00:00.000Z'))
    const [row] = await app.database.db.select().from(invoices).where(eq(invoices.id, remind.id))
    expect(row?.status).toBe('overdue')
    // Lists filter by the status each row shows (as of now): the one recorded as paid is under paid.
    expect((await app.call('listInvoices', { status: 'paid' }, seller.token)).body.data).toMatchObject({
      invoices: expect.arrayContaining([expect.objectContaining({ id: settled.id, status: 'paid' })]),
    })
    const [paidRow] = await app.database.db.select().from(invoices).where(eq(invoices.id, settled.id))
    expect(paidRow?.status).toBe('paid')
  })

  it('a cancelled invoice says so at its link and takes nothing; one with payments cannot be cancelled', async () => {
    const invoice = await send((await create()).id)
    const voided = data(
      await app.call('voidInvoice', { invoiceId: invoice.id, reason: 'Wrong client' }, seller.token),
    ).invoice
    expect(voided.status).toBe('void')
    expect((await payView(invoice)).status).toBe('void')
    expect(await validate(invoice.reference, 1_000_00)).toBe('C2B00012')
    expect(
      (await app.call('payInvoice', { invoiceId: invoice.id, key: keyOf(invoice), method: 'card' })).status,
    ).toBe(409)
    expect(
      (await app.call('updateInvoice', { invoiceId: invoice.id, invoice: draft() }, seller.token)).status,
    ).toBe(409)
    const paid = await send((await create()).id)
    await paybill(paid.reference, 1_000_00, 'SBXVOID001')
    expect((await app.call('voidInvoice', { invoiceId: paid.id }, seller.token)).status).toBe(409)
  })
})
