import type { Lang, Message, MessageParams } from '../../../../contract/i18n'
import { clock } from '../../../lib/clock'
import { escapeHtml } from '../../../lib/html'
import { translate } from '../../../lib/i18n'
import { displayAmount, isCurrencyCode } from '../../provider-money'
import { page, pageLang, type SandboxPage, sandboxPage, translateHtml } from '../pages'
import type { StripeContext } from './api'
import { pay } from './payment-intents'
import { type CheckoutSession, loadSession, type SessionRecord } from './sessions'
import { setUp } from './setup-intents'

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

/** What the card page says, in the buyer's language (docs/swahili.md); its errors are Stripe's own English. */
const WORDS = {
  declined: /*i18n*/ { id: 'sandbox.stripe.declined', message: 'Your card was declined.' },
  incorrectNumber: /*i18n*/ {
    id: 'sandbox.stripe.incorrectNumber',
    message: 'Your card number is incorrect.',
  },
  authenticationFailed: /*i18n*/ {
    id: 'sandbox.stripe.authenticationFailed',
    message:
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  },
  cvcIncomplete: /*i18n*/ {
    id: 'sandbox.stripe.cvcIncomplete',
    message: "Your card's security code is incomplete.",
  },
  expiryIncomplete: /*i18n*/ {
    id: 'sandbox.stripe.expiryIncomplete',
    message: "Your card's expiration date is incomplete.",
  },
  expiryYearPast: /*i18n*/ {
    id: 'sandbox.stripe.expiryYearPast',
    message: "Your card's expiration year is in the past.",
  },
  expiryPast: /*i18n*/ {
    id: 'sandbox.stripe.expiryPast',
    message: "Your card's expiration date is in the past.",
  },
  title: /*i18n*/ { id: 'sandbox.stripe.title', message: 'Pay {amount} (sandbox)' },
  cardNumber: /*i18n*/ { id: 'sandbox.stripe.cardNumber', message: 'Card number' },
  expiry: /*i18n*/ { id: 'sandbox.stripe.expiry', message: 'Expiry (MM/YY)' },
  cvc: /*i18n*/ { id: 'sandbox.stripe.cvc', message: 'CVC' },
  nameOnCard: /*i18n*/ { id: 'sandbox.stripe.nameOnCard', message: 'Name on card' },
  pay: /*i18n*/ { id: 'sandbox.stripe.pay', message: 'Pay {amount}' },
  testCards: /*i18n*/ { id: 'sandbox.stripe.testCards', message: 'Test cards' },
  cardPays: /*i18n*/ { id: 'sandbox.stripe.cardPays', message: '{card} pays' },
  cardDeclined: /*i18n*/ { id: 'sandbox.stripe.cardDeclined', message: '{card} is declined' },
  card3ds: /*i18n*/ { id: 'sandbox.stripe.card3ds', message: '{card} asks for 3-D Secure' },
  anyExpiry: /*i18n*/ {
    id: 'sandbox.stripe.anyExpiry',
    message: 'Any future expiry date, any three digits for the CVC.',
  },
  authenticate: /*i18n*/ { id: 'sandbox.stripe.authenticate', message: 'Authenticate this payment' },
  bankAsks: /*i18n*/ {
    id: 'sandbox.stripe.bankAsks',
    message:
      'Your bank asks you to confirm the payment of {amount} with the card ending in {last4}. This is a 3-D Secure test page: nothing is sent to a bank.',
  },
  completeAuthentication: /*i18n*/ {
    id: 'sandbox.stripe.completeAuthentication',
    message: 'Complete authentication',
  },
  failAuthentication: /*i18n*/ { id: 'sandbox.stripe.failAuthentication', message: 'Fail authentication' },
  complete: /*i18n*/ { id: 'sandbox.stripe.complete', message: 'This payment is complete' },
  charged: /*i18n*/ {
    id: 'sandbox.stripe.charged',
    message: 'The card has been charged: there is nothing more to do here.',
  },
  returnToSoko: /*i18n*/ { id: 'sandbox.stripe.returnToSoko', message: 'Return to Soko' },
  expired: /*i18n*/ { id: 'sandbox.stripe.expired', message: 'This payment page has expired' },
  nothingCharged: /*i18n*/ {
    id: 'sandbox.stripe.nothingCharged',
    message: 'Nothing was charged. Go back to Soko and start the payment again.',
  },
  notFound: /*i18n*/ { id: 'sandbox.stripe.notFound', message: 'This payment page does not exist' },
  notFoundText: /*i18n*/ {
    id: 'sandbox.stripe.notFoundText',
    message: 'The link may be incomplete. Go back to Soko and start the payment again.',
  },
  back: /*i18n*/ { id: 'sandbox.stripe.back', message: '← Back to Soko' },
  setupTitle: /*i18n*/ { id: 'sandbox.stripe.setupTitle', message: 'Save a card (sandbox)' },
  saveCard: /*i18n*/ { id: 'sandbox.stripe.saveCard', message: 'Save card' },
  nothingNow: /*i18n*/ {
    id: 'sandbox.stripe.nothingNow',
    message: 'Nothing is charged now: the card is saved for the payments agreed with the seller.',
  },
  bankAsksSetup: /*i18n*/ {
    id: 'sandbox.stripe.bankAsksSetup',
    message:
      'Your bank asks you to confirm saving the card ending in {last4} for later payments. This is a 3-D Secure test page: nothing is sent to a bank.',
  },
  saved: /*i18n*/ { id: 'sandbox.stripe.saved', message: 'This card is saved' },
  savedText: /*i18n*/ {
    id: 'sandbox.stripe.savedText',
    message: 'Nothing was charged, and there is nothing more to do here.',
  },
} satisfies Record<string, Message>

/** A message as text for HTML, in `lang`. */
const text = (lang: Lang, message: Message, params?: MessageParams) =>
  escapeHtml(translate(lang, message, params))

export function mountCardPage(ctx: StripeContext): void {
  const { app, store } = ctx

  app.get('/pay/:id', async (c) => {
    const lang = pageLang(c)
    const record = await loadSession(ctx, c.req.param('id'), true)
    if (!record) return page(c, notFoundPage(lang), 404)
    return record.session.status === 'open'
      ? page(c, cardPage(lang, record))
      : page(c, closedPage(lang, record))
  })

  app.post('/pay/:id', async (c) => {
    const lang = pageLang(c)
    const id = c.req.param('id')
    const record = await loadSession(ctx, id, true)
    if (!record) return page(c, notFoundPage(lang), 404)
    if (record.session.status !== 'open') return page(c, closedPage(lang, record))
    const form = await c.req.parseBody()
    const field = (name: string) => {
      const value = form[name]
      return typeof value === 'string' ? value.trim() : ''
    }
    const paid = async (number: string) => {
      const card = { number, name: field('name') }
      const done = record.session.mode === 'setup' ? await setUp(ctx, id, card) : await pay(ctx, id, card)
      if (done?.session.status !== 'complete') return page(c, closedPage(lang, done ?? record))
      return c.redirect(
        done.session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', () => id),
        303,
      )
    }

    if (field('step') === '3ds') {
      if (!record.challenge) return page(c, cardPage(lang, record))
      // The challenge keeps the card's last four digits: only the 3-D Secure test card asks for one.
      if (field('action') === 'complete') return paid(STRIPE_TEST_CARDS.threeDSecure)
      await store.update<SessionRecord>('stripe', `session:${id}`, (r) => ({ ...r, challenge: null }))
      return page(c, cardPage(lang, record, { error: WORDS.authenticationFailed }))
    }

    const entered = {
      number: field('number'),
      expiry: field('expiry'),
      cvc: field('cvc'),
      name: field('name'),
    }
    const number = entered.number.replace(/[\s-]/g, '')
    const problem = !/^\d{12,19}$/.test(number)
      ? WORDS.incorrectNumber
      : (expiryProblem(entered.expiry) ?? (/^\d{3,4}$/.test(entered.cvc) ? null : WORDS.cvcIncomplete))
    if (problem) return page(c, cardPage(lang, record, { error: problem, entered }))
    switch (number) {
      case STRIPE_TEST_CARDS.succeeds:
        return paid(number)
      case STRIPE_TEST_CARDS.declined:
        return page(c, cardPage(lang, record, { error: WORDS.declined, entered }))
      case STRIPE_TEST_CARDS.threeDSecure: {
        const result = await store.update<SessionRecord>('stripe', `session:${id}`, (r) =>
          r.session.status === 'open' ? { ...r, challenge: number.slice(-4) } : null,
        )
        if (!result?.changed) return page(c, closedPage(lang, result?.data ?? record))
        return page(c, challengePage(lang, result.data))
      }
      default:
        return page(c, cardPage(lang, record, { error: WORDS.incorrectNumber, entered }))
    }
  })
}

function expiryProblem(expiry: string): Message | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(expiry)
  const month = Number(match?.[1])
  if (!match || month < 1 || month > 12) return WORDS.expiryIncomplete
  const year = 2000 + Number(match[2])
  const today = clock.now()
  if (year < today.getFullYear()) return WORDS.expiryYearPast
  if (year === today.getFullYear() && month < today.getMonth() + 1) return WORDS.expiryPast
  return null
}

// --- Pages ---

function amountOf(session: CheckoutSession): string {
  if (session.amount_total === null) return ''
  const currency = session.currency.toUpperCase()
  return isCurrencyCode(currency)
    ? displayAmount(session.amount_total, currency)
    : `${session.amount_total} ${currency}`
}

function cardPage(
  lang: Lang,
  record: SessionRecord,
  opts: { error?: Message; entered?: { number: string; expiry: string; cvc: string; name: string } } = {},
): SandboxPage {
  const { session } = record
  const amount = amountOf(session)
  const entered = opts.entered ?? {
    number: '',
    expiry: `12/${String((clock.now().getFullYear() + 3) % 100).padStart(2, '0')}`,
    cvc: '123',
    name: 'Sandbox Buyer',
  }
  const input = (id: keyof typeof entered, label: Message, extra: string) =>
    `<label for="${id}">${text(lang, label)}</label><input id="${id}" name="${id}" value="${escapeHtml(entered[id])}" ${extra}>`
  const card = (number: string, message: Message) =>
    `<li>${translateHtml(lang, message, { card: `<code>${number}</code>` })}</li>`
  const setup = session.mode === 'setup'
  return layout(
    lang,
    setup ? translate(lang, WORDS.setupTitle) : translate(lang, WORDS.title, { amount }),
    `${summary(record)}
    ${setup ? `<p>${text(lang, WORDS.nothingNow)}</p>` : ''}
    ${opts.error ? `<p role="alert">${text(lang, opts.error)}</p>` : ''}
    <form method="post" novalidate>
      <input type="hidden" name="step" value="card">
      ${input('number', WORDS.cardNumber, 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required')}
      <div class="row">
        <div>${input('expiry', WORDS.expiry, 'autocomplete="cc-exp" placeholder="MM/YY" required')}</div>
        <div>${input('cvc', WORDS.cvc, 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" required')}</div>
      </div>
      ${input('name', WORDS.nameOnCard, 'autocomplete="cc-name"')}
      <button class="primary">${setup ? text(lang, WORDS.saveCard) : text(lang, WORDS.pay, { amount })}</button>
    </form>
    <aside>
      <h2>${text(lang, WORDS.testCards)}</h2>
      <ul>
        ${card('4242 4242 4242 4242', WORDS.cardPays)}
        ${card('4000 0000 0000 0002', WORDS.cardDeclined)}
        ${card('4000 0027 6000 3184', WORDS.card3ds)}
      </ul>
      <p>${text(lang, WORDS.anyExpiry)}</p>
    </aside>
    ${backLink(lang, session)}`,
    session,
  )
}

function challengePage(lang: Lang, record: SessionRecord): SandboxPage {
  const last4 = escapeHtml(record.challenge ?? '')
  const asks =
    record.session.mode === 'setup'
      ? translateHtml(lang, WORDS.bankAsksSetup, { last4 })
      : translateHtml(lang, WORDS.bankAsks, {
          amount: `<strong>${escapeHtml(amountOf(record.session))}</strong>`,
          last4,
        })
  return layout(
    lang,
    translate(lang, WORDS.authenticate),
    `<p>${asks}</p>
    <form method="post">
      <input type="hidden" name="step" value="3ds">
      <button name="action" value="complete" class="primary">${text(lang, WORDS.completeAuthentication)}</button>
      <button name="action" value="fail">${text(lang, WORDS.failAuthentication)}</button>
    </form>`,
    record.session,
  )
}

function closedPage(lang: Lang, record: SessionRecord): SandboxPage {
  const { session } = record
  const setup = session.mode === 'setup'
  if (session.status === 'complete')
    return layout(
      lang,
      translate(lang, setup ? WORDS.saved : WORDS.complete),
      `${summary(record)}<p>${text(lang, setup ? WORDS.savedText : WORDS.charged)}</p>
      <p><a href="${escapeHtml(session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', () => session.id))}">${text(lang, WORDS.returnToSoko)}</a></p>`,
    )
  return layout(
    lang,
    translate(lang, WORDS.expired),
    `${summary(record)}<p>${text(lang, WORDS.nothingCharged)}</p>${backLink(lang, session)}`,
  )
}

function notFoundPage(lang: Lang): SandboxPage {
  return layout(lang, translate(lang, WORDS.notFound), `<p>${text(lang, WORDS.notFoundText)}</p>`)
}

function summary(record: SessionRecord): string {
  // A setup session has no items: what the card is saved for is its setup intent's description.
  const described = record.setupIntentData?.description
  const items = described
    ? `<li>${escapeHtml(described)}</li>`
    : record.lineItems
        .map((item) => `<li>${escapeHtml(item.name)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</li>`)
        .join('')
  const email = record.session.customer_email
  return `<ul class="items">${items}</ul>${email ? `<p class="email">${escapeHtml(email)}</p>` : ''}`
}

function backLink(lang: Lang, session: CheckoutSession): string {
  return session.cancel_url
    ? `<p><a href="${escapeHtml(session.cancel_url)}">${text(lang, WORDS.back)}</a></p>`
    : ''
}

/** A card page; one with a form names where paying or cancelling may redirect to (`session`'s links). */
function layout(lang: Lang, title: string, body: string, session?: CheckoutSession): SandboxPage {
  return sandboxPage({
    lang,
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
