import { clock } from '../../../lib/clock'
import { escapeHtml } from '../../../lib/html'
import { displayAmount, isCurrencyCode } from '../../provider-money'
import { page, type SandboxPage, sandboxPage } from '../pages'
import type { StripeContext } from './api'
import { pay } from './payment-intents'
import { type CheckoutSession, loadSession, type SessionRecord } from './sessions'

/**
 * Stripe Checkout's hosted card page, where a session's buyer pays with one of Stripe's test cards (one
 * of them asks for 3-D Secure, on a page of its own) and is sent on to the session's success URL.
 */

/** Stripe's test card numbers and what each does here, as on Stripe's own test page. */
export const STRIPE_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  threeDSecure: '4000002760003184',
} as const

const DECLINED = 'Your card was declined.'
const INCORRECT_NUMBER = 'Your card number is incorrect.'
const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.'

export function mountCardPage(ctx: StripeContext): void {
  const { app, store } = ctx

  app.get('/pay/:id', async (c) => {
    const record = await loadSession(ctx, c.req.param('id'), true)
    if (!record) return page(c, notFoundPage(), 404)
    return record.session.status === 'open' ? page(c, cardPage(record)) : page(c, closedPage(record))
  })

  app.post('/pay/:id', async (c) => {
    const id = c.req.param('id')
    const record = await loadSession(ctx, id, true)
    if (!record) return page(c, notFoundPage(), 404)
    if (record.session.status !== 'open') return page(c, closedPage(record))
    const form = await c.req.parseBody()
    const field = (name: string) => {
      const value = form[name]
      return typeof value === 'string' ? value.trim() : ''
    }
    const paid = async (last4: string) => {
      const done = await pay(ctx, id, { last4, name: field('name') })
      if (done?.session.status !== 'complete') return page(c, closedPage(done ?? record))
      return c.redirect(
        done.session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', () => id),
        303,
      )
    }

    if (field('step') === '3ds') {
      if (!record.challenge) return page(c, cardPage(record))
      if (field('action') === 'complete') return paid(record.challenge)
      await store.update<SessionRecord>('stripe', `session:${id}`, (r) => ({ ...r, challenge: null }))
      return page(c, cardPage(record, { error: AUTHENTICATION_FAILED }))
    }

    const entered = {
      number: field('number'),
      expiry: field('expiry'),
      cvc: field('cvc'),
      name: field('name'),
    }
    const number = entered.number.replace(/[\s-]/g, '')
    const problem = !/^\d{12,19}$/.test(number)
      ? INCORRECT_NUMBER
      : (expiryProblem(entered.expiry) ??
        (/^\d{3,4}$/.test(entered.cvc) ? null : "Your card's security code is incomplete."))
    if (problem) return page(c, cardPage(record, { error: problem, entered }))
    switch (number) {
      case STRIPE_TEST_CARDS.succeeds:
        return paid(number.slice(-4))
      case STRIPE_TEST_CARDS.declined:
        return page(c, cardPage(record, { error: DECLINED, entered }))
      case STRIPE_TEST_CARDS.threeDSecure: {
        const result = await store.update<SessionRecord>('stripe', `session:${id}`, (r) =>
          r.session.status === 'open' ? { ...r, challenge: number.slice(-4) } : null,
        )
        if (!result?.changed) return page(c, closedPage(result?.data ?? record))
        return page(c, challengePage(result.data))
      }
      default:
        return page(c, cardPage(record, { error: INCORRECT_NUMBER, entered }))
    }
  })
}

function expiryProblem(expiry: string): string | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(expiry)
  const month = Number(match?.[1])
  if (!match || month < 1 || month > 12) return "Your card's expiration date is incomplete."
  const year = 2000 + Number(match[2])
  const today = clock.now()
  if (year < today.getFullYear()) return "Your card's expiration year is in the past."
  if (year === today.getFullYear() && month < today.getMonth() + 1)
    return "Your card's expiration date is in the past."
  return null
}

// --- Pages ---

function amountOf(session: CheckoutSession): string {
  const currency = session.currency.toUpperCase()
  return isCurrencyCode(currency)
    ? displayAmount(session.amount_total, currency)
    : `${session.amount_total} ${currency}`
}

function cardPage(
  record: SessionRecord,
  opts: { error?: string; entered?: { number: string; expiry: string; cvc: string; name: string } } = {},
): SandboxPage {
  const { session } = record
  const amount = amountOf(session)
  const entered = opts.entered ?? {
    number: '',
    expiry: `12/${String((clock.now().getFullYear() + 3) % 100).padStart(2, '0')}`,
    cvc: '123',
    name: 'Sandbox Buyer',
  }
  const input = (id: keyof typeof entered, label: string, extra: string) =>
    `<label for="${id}">${label}</label><input id="${id}" name="${id}" value="${escapeHtml(entered[id])}" ${extra}>`
  return layout(
    `Pay ${amount} (sandbox)`,
    `${summary(record)}
    ${opts.error ? `<p role="alert">${escapeHtml(opts.error)}</p>` : ''}
    <form method="post" novalidate>
      <input type="hidden" name="step" value="card">
      ${input('number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required')}
      <div class="row">
        <div>${input('expiry', 'Expiry (MM/YY)', 'autocomplete="cc-exp" placeholder="MM/YY" required')}</div>
        <div>${input('cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" required')}</div>
      </div>
      ${input('name', 'Name on card', 'autocomplete="cc-name"')}
      <button class="primary">Pay ${escapeHtml(amount)}</button>
    </form>
    <aside>
      <h2>Test cards</h2>
      <ul>
        <li><code>4242 4242 4242 4242</code> pays</li>
        <li><code>4000 0000 0000 0002</code> is declined</li>
        <li><code>4000 0027 6000 3184</code> asks for 3-D Secure</li>
      </ul>
      <p>Any future expiry date, any three digits for the CVC.</p>
    </aside>
    ${backLink(session)}`,
    session,
  )
}

function challengePage(record: SessionRecord): SandboxPage {
  return layout(
    'Authenticate this payment',
    `<p>Your bank asks you to confirm the payment of <strong>${escapeHtml(amountOf(record.session))}</strong>
    with the card ending in ${escapeHtml(record.challenge ?? '')}. This is a 3-D Secure test page: nothing is sent
    to a bank.</p>
    <form method="post">
      <input type="hidden" name="step" value="3ds">
      <button name="action" value="complete" class="primary">Complete authentication</button>
      <button name="action" value="fail">Fail authentication</button>
    </form>`,
    record.session,
  )
}

function closedPage(record: SessionRecord): SandboxPage {
  const { session } = record
  if (session.status === 'complete')
    return layout(
      'This payment is complete',
      `${summary(record)}<p>The card has been charged: there is nothing more to do here.</p>
      <p><a href="${escapeHtml(session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', () => session.id))}">Return to Soko</a></p>`,
    )
  return layout(
    'This payment page has expired',
    `${summary(record)}<p>Nothing was charged. Go back to Soko and start the payment again.</p>${backLink(session)}`,
  )
}

function notFoundPage(): SandboxPage {
  return layout(
    'This payment page does not exist',
    '<p>The link may be incomplete. Go back to Soko and start the payment again.</p>',
  )
}

function summary(record: SessionRecord): string {
  const items = record.lineItems
    .map((item) => `<li>${escapeHtml(item.name)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</li>`)
    .join('')
  const email = record.session.customer_email
  return `<ul class="items">${items}</ul>${email ? `<p class="email">${escapeHtml(email)}</p>` : ''}`
}

function backLink(session: CheckoutSession): string {
  return session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">← Back to Soko</a></p>` : ''
}

/** A card page; one with a form names where paying or cancelling may redirect to (`session`'s links). */
function layout(title: string, body: string, session?: CheckoutSession): SandboxPage {
  return sandboxPage({
    title,
    css: CARD_CSS,
    body,
    returnTo: session ? [session.success_url, session.cancel_url] : [],
  })
}

const CARD_CSS = `
  body { color: #1a1f36; background: #f6f9fc; }
  main { margin: 1rem .75rem; padding: 1.25rem; background: #fff; border-radius: .5rem; box-shadow: 0 1px 4px #0002; }
  @media (min-width: 30rem) { main { margin: 2rem auto; padding: 1.5rem; } }
  h1 { margin-top: 0; } h2 { font-size: 1rem; margin-bottom: .25rem; }
  .items { padding-left: 1.25rem; } .email { color: #697386; }
  form { display: grid; gap: .5rem; margin: 1rem 0; }
  label { font-size: .9rem; color: #3c4257; }
  input { font: inherit; padding: .6rem .75rem; border: 1px solid #cfd7df; border-radius: .375rem; }
  .row { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: .75rem; } .row > div { display: grid; gap: .5rem; }
  button { font: inherit; padding: .75rem 1rem; border-radius: .375rem; border: 1px solid #635bff; background: #fff; color: #635bff; cursor: pointer; }
  button.primary { background: #635bff; color: #fff; margin-top: .5rem; }
  [role=alert] { padding: .75rem; border-radius: .375rem; background: #fdecea; color: #8a1c12; }
  aside { font-size: .9rem; color: #3c4257; border-top: 1px solid #e3e8ee; }`
