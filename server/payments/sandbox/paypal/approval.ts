import { clock } from '../../../lib/clock'
import { escapeHtml } from '../../../lib/html'
import { page, type SandboxPage, sandboxPage } from '../pages'
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

export function mountApproval({ app, store, base, notify }: PaypalContext): void {
  app.get('/checkoutnow', async (c) => {
    const record = await loadOrder(store, c.req.query('token'))
    if (!record) return page(c, notFoundPage(), 404)
    return page(c, approvalPage(record))
  })

  app.post('/checkoutnow', async (c) => {
    const id = c.req.query('token')
    const record = await loadOrder(store, id)
    if (!id || !record) return page(c, notFoundPage(), 404)
    const form = await c.req.parseBody()
    const action = form.action
    if (action === 'cancel') {
      if (!record.cancelUrl) return page(c, messagePage('Payment cancelled', 'You can close this page.'))
      return c.redirect(withQuery(record.cancelUrl, { token: id }), 303)
    }
    if (action !== 'pay' && action !== 'decline') return page(c, approvalPage(record), 400)
    const result = await store.update<OrderRecord>('paypal', `order:${id}`, (r) =>
      r.order.status === 'COMPLETED' ? null : approve(base, r, action === 'decline'),
    )
    if (!result?.changed) return page(c, approvalPage(result?.data ?? record))
    // Awaited: the buyer lands back on Soko only after Soko has heard of the approval, which keeps
    // end-to-end runs deterministic.
    await notify(
      'CHECKOUT.ORDER.APPROVED',
      'checkout-order',
      result.data.order,
      'An order has been approved by buyer',
    )
    if (!result.data.returnUrl) return page(c, messagePage('Payment approved', 'You can close this page.'))
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

function approvalPage(record: OrderRecord): SandboxPage {
  const { order } = record
  const unit = order.purchase_units[0]
  const amount = unit ? `${unit.amount.currency_code} ${unit.amount.value}` : ''
  const summary = `
    <dl>
      <dt>Amount</dt><dd class="amount">${escapeHtml(amount)}</dd>
      <dt>Merchant reference</dt><dd>${escapeHtml(unit?.reference_id ?? '')}</dd>
      ${unit?.description ? `<dt>For</dt><dd>${escapeHtml(unit.description)}</dd>` : ''}
    </dl>`
  if (order.status === 'COMPLETED')
    return layout(
      'This payment is complete',
      `${summary}<p>PayPal has already taken this payment: there is nothing more to do here.</p>
      ${record.returnUrl ? `<p><a href="${escapeHtml(record.returnUrl)}">Return to Soko</a></p>` : ''}`,
    )
  const declined = order.status === 'APPROVED' && record.decline
  return layout(
    'Pay with PayPal (sandbox)',
    `<p class="buyer">Signed in as <strong>${PAYPAL_SANDBOX_BUYER.email}</strong> (the sandbox buyer)</p>
    ${summary}
    ${declined ? '<p role="alert">The card you chose was declined. Choose how to pay again.</p>' : ''}
    <form method="post">
      <button name="action" value="pay" class="primary">Pay now</button>
      <button name="action" value="decline">Pay with a card that is declined</button>
      <button name="action" value="cancel" class="link">Cancel and return to Soko</button>
    </form>`,
    [record.returnUrl, record.cancelUrl],
  )
}

function notFoundPage(): SandboxPage {
  return layout(
    'We cannot find this PayPal checkout',
    '<p>The link may be incomplete. Go back to Soko and start the payment again.</p>',
  )
}

function messagePage(title: string, text: string): SandboxPage {
  return layout(title, `<p>${escapeHtml(text)}</p>`)
}

/** An approval page; one with a form names where paying or cancelling may redirect to (`returnTo`). */
function layout(title: string, body: string, returnTo: (string | null)[] = []): SandboxPage {
  return sandboxPage({ title, css: APPROVAL_CSS, body, returnTo })
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
