import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invoices, orders, refunds, smsMessages, users } from '../../server/db/schema'
import { CHECKOUT_NOTES, refundOrder } from '../../server/features/checkout'
import { createJobRunner, type JobRunner } from '../../server/jobs/runner'
import { createLogger } from '../../server/lib/log'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { invoiceSteps, PAYER_PHONE } from '../support/invoices'
import { readOutbox } from '../support/outbox'
import { submitForm } from '../support/sandbox-server'
import { productOnSale, sellerOf } from '../support/shop'

/** A buyer's receipt, by e-mail and by SMS, in the language they checked out in. */
describe.each(databaseKinds)('receipts in the buyer’s language on %s', (kind) => {
  let app: RunningApp
  let runner: JobRunner
  let productId: string
  let steps: ReturnType<typeof invoiceSteps>
  let sellerId: string

  beforeAll(async () => {
    app = await startApp(kind)
    runner = createJobRunner({
      db: app.database.db,
      log: createLogger('silent'),
      definitions: [app.services.sms.job],
    })
    const seller = await sellerOf(app, 'vitenge')
    sellerId = seller.id
    steps = invoiceSteps(app, () => seller.token)
    productId = await productOnSale(
      app,
      seller.id,
      {
        kind: 'digital',
        title: 'Kitenge pattern pack',
        description: '',
        price: { amount: 1_250_00, currency: 'KES' },
        details: { payWhatYouWant: null, downloadLimit: null, free: false },
      },
      [{ name: 'pack.zip', body: Buffer.from('PK\x03\x04 pattern pack') }],
    )
  })
  afterAll(async () => {
    await runner.stop()
    await app.sandboxesIdle()
    await app.close()
  })

  /** Checks out by M-Pesa as a guest in `lang` (or with no Content-Language), pays in the sandbox phone. */
  async function buyAndPay(email: string, phone: string, lang?: 'en' | 'sw') {
    const started = await app.rpc(
      { subject: 'startCheckout', productId, method: 'mpesa', phone, email },
      lang ? { 'content-language': lang } : {},
    )
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    const orderId = (started.body.data as { order: { id: string } }).order.id
    const [order] = await app.database.db.select().from(orders).where(eq(orders.id, orderId))
    const paid = await submitForm(
      `${app.url}/sandbox/mpesa/phone/${encodeURIComponent(order?.providerRef ?? '')}`,
      { action: 'pay', pin: '1234' },
    )
    expect(paid.status).toBe(303)
    await app.sandboxesIdle()
    await runner.runDue()
    await app.sandboxesIdle()
    const [settled] = await app.database.db.select().from(orders).where(eq(orders.id, orderId))
    expect(settled?.status).toBe('paid')
    const mail = (await readOutbox(app.database.db, 'mail')).filter((m) => m.to === email).at(-1)
    const sms = (
      await app.database.db
        .select()
        .from(smsMessages)
        .where(eq(smsMessages.phone, `254${phone.replace(/\D/g, '').slice(1)}`))
    ).filter((m) => m.kind === 'receipt')
    return { order: settled, mail, sms }
  }

  it('keeps Kiswahili for an order started in it: its receipt mail and SMS are in Kiswahili', async () => {
    const { order, mail, sms } = await buyAndPay('mnunuzi@example.com', '0711 333 444', 'sw')
    expect(order?.language).toBe('sw')
    expect(mail?.subject).toBe(`Risiti yako ya Soko: Kitenge pattern pack (${order?.reference})`)
    expect(mail?.text).toContain('Asante kwa ununuzi wako.')
    expect(mail?.text).toContain(`Namba ya agizo ${order?.reference}.`)
    expect(mail?.text).toContain('Umelipa KES')
    expect(mail?.text).toContain('Pakua faili zako: ')
    expect(mail?.text).not.toContain('Thank you')
    expect(sms).toHaveLength(1)
    const text = sms[0]?.text ?? ''
    expect(text).toMatch(
      /^Soko: umelipa KES 1,250\.00 kwa "Kitenge pattern pack"\. Kumb\. SK\w+\. Fungua au pakua: /,
    )
    expect(text.length).toBeLessThanOrEqual(160)
  })

  it('writes in English as before for an order started in English or with no language named', async () => {
    for (const [email, phone, lang] of [
      ['buyer.en@example.com', '0711 333 555', 'en'],
      ['buyer.none@example.com', '0711 333 666', undefined],
    ] as const) {
      const { order, mail, sms } = await buyAndPay(email, phone, lang)
      expect(order?.language).toBe('en')
      expect(mail?.subject).toBe(`Your Soko receipt: Kitenge pattern pack (${order?.reference})`)
      expect(mail?.text).toContain('Thank you for your purchase.')
      expect(mail?.text).toContain(`Order reference ${order?.reference}.`)
      expect(mail?.text).toContain('Download your files: ')
      expect(sms[0]?.text).toMatch(
        /^Soko: you paid KES 1,250\.00 for "Kitenge pattern pack"\. Ref SK\w+\. Open or download: /,
      )
    }
  })

  it('writes an invoice client’s receipt in the language they paid in through /p', async () => {
    const pay = async (lang: 'en' | 'sw', email: string) => {
      const invoice = await steps.send(
        (
          await steps.create({
            client: { name: 'Wanjiru Kamau', email, phone: null },
            lines: [{ description: 'Print', quantityMilli: 1000, unitPrice: 100_00 }],
            taxes: [],
            deposit: null,
          })
        ).id,
      )
      const started = await app.rpc(
        {
          subject: 'payInvoice',
          invoiceId: invoice.id,
          key: steps.keyOf(invoice),
          method: 'mpesa',
          phone: PAYER_PHONE,
        },
        { 'content-language': lang },
      )
      expect(started.status, JSON.stringify(started.body)).toBe(200)
      await steps.phone('pay')
      const [row] = await app.database.db.select().from(invoices).where(eq(invoices.id, invoice.id))
      const mails = await steps.mailsTo(email)
      return { row, receipt: mails.at(-1) }
    }
    const sw = await pay('sw', 'mteja@example.com')
    expect(sw.row?.clientLanguage).toBe('sw')
    expect(sw.receipt?.subject).toMatch(/^Imelipwa: ankara INV-\d+ kutoka vitenge Studio$/)
    expect(sw.receipt?.text).toContain('Asante, Wanjiru Kamau.')
    expect(sw.receipt?.text).toMatch(/KES.100\.00 imepokelewa/)
    const en = await pay('en', 'client@example.com')
    expect(en.row?.clientLanguage).toBe('en')
    expect(en.receipt?.subject).toMatch(/^Paid: invoice INV-\d+ from vitenge Studio$/)
    expect(en.receipt?.text).toContain('Thank you, Wanjiru Kamau.')
  })

  it('a refund Soko made (it sold out while the payment was on its way) gives its reason in the buyer’s language', async () => {
    const soldOut = { text: CHECKOUT_NOTES.soldOut.message, code: CHECKOUT_NOTES.soldOut.id }
    for (const [email, phone, lang, why] of [
      ['refund.sw@example.com', '0711 333 777', 'sw', 'Sababu: Kiliisha wakati malipo yakiwa njiani'],
      ['refund.en@example.com', '0711 333 888', 'en', 'Why: It sold out while the payment was on its way'],
    ] as const) {
      const { order } = await buyAndPay(email, phone, lang)
      await refundOrder(app.services, order?.id ?? '', null, soldOut)
      await app.sandboxesIdle()
      const [refund] = await app.database.db
        .select()
        .from(refunds)
        .where(eq(refunds.orderId, order?.id ?? ''))
      // The English is stored as before, its message id beside it.
      expect(refund).toMatchObject({ reason: soldOut.text, reasonCode: soldOut.code })
      const mail = (await readOutbox(app.database.db, 'mail')).filter((m) => m.to === email).at(-1)
      expect(mail?.text).toContain(why)
    }
  })

  it('writes to a seller in their account language: the sale, and an invoice whose client has not said theirs', async () => {
    const setLanguage = (language: 'en' | 'sw') =>
      app.database.db.update(users).set({ settings: { language } }).where(eq(users.id, sellerId))
    await setLanguage('sw')
    try {
      const { order } = await buyAndPay('buyer.sale@example.com', '0711 333 999', 'en')
      const sale = (await readOutbox(app.database.db, 'mail'))
        .filter((m) => m.to === 'vitenge@example.com')
        .at(-1)
      expect(sale?.subject).toBe(`Umeuza: Kitenge pattern pack (${order?.reference})`)
      expect(sale?.text).toContain('buyer.sale@example.com amenunua Kitenge pattern pack')
      expect(sale?.text).toContain('Tazama maagizo yako: ')

      const invoice = await steps.send(
        (
          await steps.create({
            client: { name: 'Achieng Otieno', email: 'achieng@example.com', phone: null },
            lines: [{ description: 'Print', quantityMilli: 1000, unitPrice: 100_00 }],
            taxes: [],
            deposit: null,
          })
        ).id,
      )
      const sent = (await steps.mailsTo('achieng@example.com')).at(-1)
      expect(sent?.subject).toBe(`Ankara ${invoice.number} kutoka vitenge Studio`)
      expect(sent?.text).toContain('Habari Achieng Otieno,')
      expect(sent?.text).toContain(`vitenge Studio amekutumia ankara ${invoice.number}.`)
    } finally {
      await setLanguage('en')
    }
  })
})
