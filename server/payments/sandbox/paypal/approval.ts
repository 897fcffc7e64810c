import type { Lang, Message } from '../../../../contract/i18n'
import { clock } from '../../../lib/clock'
import { escapeHtml } from '../../../lib/html'
import { translate } from '../../../lib/i18n'
import { page, pageLang, type SandboxPage, sandboxPage, translateHtml } from '../pages'
import { loadOrder, type Order, type OrderRecord, orderLinks } from './orders'
import { type PaypalContext, withQuery } from './rest'

/**
 * The buyer's approval page (PayPal's checkoutnow), where the sandbox buyer, already signed in, pays,
 * chooses a funding source that is declined, or cancels, and is sent back to the shop.
 */

/** The buyer the approval page shows as signed in. */
export const PAYPAL_SANDBOX_BUYER = {
  email: 'buyer@sandbox.soko.test',
  payerId: 'SOKOBUYER0001',
  givenName: 'Sandbox',
  surname: 'Buyer',
} as const

/** What the approval page says, in the buyer's language (docs/swahili.md). */
export const WORDS = {
  cancelled: /*i18n*/ { id: 'sandbox.paypal.cancelled', message: 'Payment cancelled' },
  approved: /*i18n*/ { id: 'sandbox.paypal.approved', message: 'Payment approved' },
  closePage: /*i18n*/ { id: 'sandbox.paypal.closePage', message: 'You can close this page.' },
  amount: /*i18n*/ { id: 'sandbox.paypal.amount', message: 'Amount' },
  reference: /*i18n*/ { id: 'sandbox.paypal.reference', message: 'Merchant reference' },
  for: /*i18n*/ { id: 'sandbox.paypal.for', message: 'For' },
  complete: /*i18n*/ { id: 'sandbox.paypal.complete', message: 'This payment is complete' },
  alreadyTaken: /*i18n*/ {
    id: 'sandbox.paypal.alreadyTaken',
    message: 'PayPal has already taken this payment: there is nothing more to do here.',
  },
  returnToSoko: /*i18n*/ { id: 'sandbox.paypal.returnToSoko', message: 'Return to Soko' },
  title: /*i18n*/ { id: 'sandbox.paypal.title', message: 'Pay with PayPal (sandbox)' },
  signedInAs: /*i18n*/ {
    id: 'sandbox.paypal.signedInAs',
    message: 'Signed in as {email} (the sandbox buyer)',
  },
  declined: /*i18n*/ {
    id: 'sandbox.paypal.declined',
    message: 'The card you chose was declined. Choose how to pay again.',
  },
  payNow: /*i18n*/ { id: 'sandbox.paypal.payNow', message: 'Pay now' },
  payDeclined: /*i18n*/ { id: 'sandbox.paypal.payDeclined', message: 'Pay with a card that is declined' },
  cancel: /*i18n*/ { id: 'sandbox.paypal.cancel', message: 'Cancel and return to Soko' },
  notFound: /*i18n*/ { id: 'sandbox.paypal.notFound', message: 'We cannot find this PayPal checkout' },
  notFoundText: /*i18n*/ {
    id: 'sandbox.paypal.notFoundText',
    message: 'The link may be incomplete. Go back to Soko and start the payment again.',
  },
} satisfies Record<string, Message>

export function mountApproval({ app, store, base, notify }: PaypalContext): void {
  app.get('/checkoutnow', async (c) => {
    const lang = pageLang(c)
    const record = await loadOrder(store, c.req.query('token'))
    if (!record) return page(c, notFoundPage(lang), 404)
    return page(c, approvalPage(record, lang))
  })

  app.post('/checkoutnow', async (c) => {
    const lang = pageLang(c)
    const id = c.req.query('token')
    const record = await loadOrder(store, id)
    if (!id || !record) return page(c, notFoundPage(lang), 404)
    const form = await c.req.parseBody()
    const action = form.action
    if (action === 'cancel') {
      if (!record.cancelUrl) return page(c, messagePage(lang, WORDS.cancelled))
      return c.redirect(withQuery(record.cancelUrl, { token: id }), 303)
    }
    if (action !== 'pay' && action !== 'decline') return page(c, approvalPage(record, lang), 400)
    const result = await store.update<OrderRecord>('paypal', `order:${id}`, (r) =>
      r.order.status === 'COMPLETED' ? null : approve(base, r, action === 'decline'),
    )
    if (!result?.changed) return page(c, approvalPage(result?.data ?? record, lang))
    // Awaited: the buyer lands back on Soko only after Soko has heard of the approval, which keeps
    // end-to-end runs deterministic.
    await notify(
      'CHECKOUT.ORDER.APPROVED',
      'checkout-order',
      result.data.order,
      'An order has been approved by buyer',
    )
    if (!result.data.returnUrl) return page(c, messagePage(lang, WORDS.approved))
    return c.redirect(
      withQuery(result.data.returnUrl, { token: id, PayerID: PAYPAL_SANDBOX_BUYER.payerId }),
      303,
    )
  })
}

/** The order approved by the sandbox buyer; `decline` when they chose the funding source that is declined. */
function approve(base: string, record: OrderRecord, decline: boolean): OrderRecord {
  const buyer = PAYPAL_SANDBOX_BUYER
  const name = { given_name: buyer.givenName, surname: buyer.surname }
  const order: Order = {
    ...record.order,
    status: 'APPROVED',
    payment_source: {
      paypal: {
        email_address: buyer.email,
        account_id: buyer.payerId,
        account_status: 'VERIFIED',
        name,
        address: { country_code: 'KE' },
      },
    },
    payer: { name, email_address: buyer.email, payer_id: buyer.payerId, address: { country_code: 'KE' } },
    update_time: clock.now().toISOString(),
  }
  order.links = orderLinks(base, order)
  return { ...record, order, decline }
}

// --- Pages ---

function approvalPage(record: OrderRecord, lang: Lang): SandboxPage {
  const t = (message: Message) => escapeHtml(translate(lang, message))
  const { order } = record
  const unit = order.purchase_units[0]
  const amount = unit ? `${unit.amount.currency_code} ${unit.amount.value}` : ''
  const summary = `
    <dl>
      <dt>${t(WORDS.amount)}</dt><dd class="amount">${escapeHtml(amount)}</dd>
      <dt>${t(WORDS.reference)}</dt><dd>${escapeHtml(unit?.reference_id ?? '')}</dd>
      ${unit?.description ? `<dt>${t(WORDS.for)}</dt><dd>${escapeHtml(unit.description)}</dd>` : ''}
    </dl>`
  if (order.status === 'COMPLETED')
    return layout(
      lang,
      translate(lang, WORDS.complete),
      `${summary}<p>${t(WORDS.alreadyTaken)}</p>
      ${record.returnUrl ? `<p><a href="${escapeHtml(record.returnUrl)}">${t(WORDS.returnToSoko)}</a></p>` : ''}`,
    )
  const declined = order.status === 'APPROVED' && record.decline
  const email = `<strong>${escapeHtml(PAYPAL_SANDBOX_BUYER.email)}</strong>`
  return layout(
    lang,
    translate(lang, WORDS.title),
    `<p class="buyer">${translateHtml(lang, WORDS.signedInAs, { email })}</p>
    ${summary}
    ${declined ? `<p role="alert">${t(WORDS.declined)}</p>` : ''}
    <form method="post">
      <button name="action" value="pay" class="primary">${t(WORDS.payNow)}</button>
      <button name="action" value="decline">${t(WORDS.payDeclined)}</button>
      <button name="action" value="cancel" class="link">${t(WORDS.cancel)}</button>
    </form>`,
    [record.returnUrl, record.cancelUrl],
  )
}

function notFoundPage(lang: Lang): SandboxPage {
  return layout(
    lang,
    translate(lang, WORDS.notFound),
    `<p>${escapeHtml(translate(lang, WORDS.notFoundText))}</p>`,
  )
}

function messagePage(lang: Lang, title: Message): SandboxPage {
  return layout(lang, translate(lang, title), `<p>${escapeHtml(translate(lang, WORDS.closePage))}</p>`)
}

/** An approval page; one with a form names where paying or cancelling may redirect to (`returnTo`). */
export function layout(
  lang: Lang,
  title: string,
  body: string,
  returnTo: (string | null)[] = [],
): SandboxPage {
  return sandboxPage({ title, css: APPROVAL_CSS, body, returnTo, lang })
}

const APPROVAL_CSS = `
  body { color: #001c64; background: #f5f7fa; }
  main { margin: 1rem .75rem; padding: 1.25rem; background: #fff; border-radius: .75rem; box-shadow: 0 1px 4px #0002; }
  @media (min-width: 30rem) { main { margin: 2rem auto; padding: 1.5rem; } }
  h1 { margin-top: 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
  dt { color: #545d68; } dd { margin: 0; font-weight: 600; }
  .amount { font-size: 1.25rem; }
  form { display: grid; gap: .75rem; margin-top: 1.5rem; }
  button { font: inherit; padding: .75rem 1rem; border-radius: 2rem; border: 2px solid #0070e0; background: #fff; color: #0070e0; cursor: pointer; }
  button.primary { background: #0070e0; color: #fff; }
  button.link { border: none; text-decoration: underline; }
  [role=alert] { padding: .75rem; border-radius: .5rem; background: #fdecea; color: #8a1c12; }`
