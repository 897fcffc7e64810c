import { expect } from 'vitest'
import type { RunningApp } from './app'
import { readOutbox } from './outbox'

type Answer = Awaited<ReturnType<RunningApp['call']>>
// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server answered
const data = (answer: Answer) => answer.body.data as Record<string, any>

/** The number the sandbox phone answers prompts for. */
export const PAYER_PHONE = '0712345678'

/** Two lines (2 × 15,000.00 and 1.5 × 4,000.00), VAT 16 % on top, half paid first: 41,760.00 in all. */
export const invoiceDraft = (over: Record<string, unknown> = {}) => ({
  client: { name: 'Wanjiru Kamau', email: 'wanjiru@example.com', phone: '0722000111' },
  currency: 'KES',
  lines: [
    { description: 'Logo design', quantityMilli: 2000, unitPrice: 15_000_00 },
    { description: 'Brand workshop (hours)', quantityMilli: 1500, unitPrice: 4_000_00 },
  ],
  taxes: [{ name: 'VAT', rateBps: 1600, inclusive: false }],
  deposit: { kind: 'percent', bps: 5000 },
  issueDate: '2026-11-24',
  dueDate: '2026-12-08',
  reminders: [-3, 0, 7],
  ...over,
})

/**
 * An invoice's life as its seller and its client meet it, on a test app: written and sent by the seller
 * whose token `seller()` gives, opened by its link's key, paid through the sandboxes (the M-Pesa phone,
 * Paybill confirmations as M-Pesa sends them, PayPal's approval page).
 */
export function invoiceSteps(app: RunningApp, seller: () => string) {
  const create = async (over: Record<string, unknown> = {}, token = seller()) =>
    data(await app.call('createInvoice', { invoice: invoiceDraft(over) }, token)).invoice
  const send = async (invoiceId: string, token = seller()) =>
    data(await app.call('sendInvoice', { invoiceId }, token)).invoice
  const keyOf = (invoice: { payUrl: string }) => new URL(invoice.payUrl).searchParams.get('key') ?? ''
  const payView = async (invoice: { id: string; payUrl: string }) =>
    data(await app.call('getPayInvoice', { invoiceId: invoice.id, key: keyOf(invoice) })).invoice
  const mailsTo = async (to: string) => (await readOutbox(app.database.db)).filter((m) => m.to.includes(to))
  const view = async (invoiceId: string, token = seller()) =>
    data(await app.call('getInvoice', { invoiceId }, token)).invoice

  /** The sandbox phone: acts on the newest prompt to `number`. */
  async function phone(action: string, number = PAYER_PHONE) {
    const page = await (await fetch(`${app.url}/sandbox/mpesa/phone?number=${number}`)).text()
    const formAction = page.match(/<form method="post" action="([^"]+)"/)?.[1]
    if (!formAction) throw new Error('no prompt on the sandbox phone')
    const res = await fetch(new URL(formAction.replace(/&amp;/g, '&'), `${app.url}/sandbox/mpesa/phone`), {
      method: 'POST',
      body: new URLSearchParams({ action, pin: '1234' }),
      redirect: 'manual',
    })
    expect(res.status).toBe(303)
    await app.sandboxesIdle()
  }

  /** What M-Pesa sends a Paybill: the confirmation of a payment (`validation`: the question before it). */
  const c2b = (url: string, account: string, amount: number, id: string, payer = '254712345678') =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        TransactionType: 'Pay Bill',
        TransID: id,
        TransTime: '20261124120000',
        TransAmount: (amount / 100).toFixed(2),
        BusinessShortCode: app.services.gateway.paybillNumber,
        BillRefNumber: account,
        MSISDN: payer,
      }),
    })

  /** A Paybill payment as M-Pesa confirms it, from the payer's number (2547…). */
  async function paybill(account: string, amount: number, id: string, payer?: string) {
    expect((await c2b(app.services.gateway.urls.c2bConfirmation, account, amount, id, payer)).status).toBe(
      200,
    )
    await app.sandboxesIdle()
  }

  /** M-Pesa's validation question (where the Paybill asks first): 0 accepts, a C2B code refuses. */
  async function validate(account: string, amount: number) {
    const res = await c2b(app.services.gateway.urls.c2bValidation, account, amount, 'SBXVALID01')
    return ((await res.json()) as { ResultCode: unknown }).ResultCode
  }

  /** PayPal's approval page, approved: Pay now, then the way back to Soko (which captures). */
  async function approvePaypal(approveUrl: string) {
    const approved = await fetch(approveUrl, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay' }),
      redirect: 'manual',
    })
    expect(approved.status).toBe(303)
    const back = await fetch(approved.headers.get('location') ?? '', { redirect: 'manual' })
    expect(back.status).toBe(303)
    await app.sandboxesIdle()
  }

  /** An invoice of one KES 100 print, no tax and no deposit, sent to its client. */
  const sendSmall = async () =>
    send(
      (
        await create({
          lines: [{ description: 'Print', quantityMilli: 1000, unitPrice: 100_00 }],
          taxes: [],
          deposit: null,
        })
      ).id,
    )

  return { create, send, sendSmall, keyOf, payView, mailsTo, view, phone, paybill, validate, approvePaypal }
}
