import { Hono } from 'hono'
import type { Config } from '../../env'
import { escapeHtml } from '../../lib/html'
import { OUTSIDE_APP } from '../../sms/africastalking.sandbox'
import { SANDBOX } from '../sandbox-credentials'
import { page, sandboxPage } from './pages'

/**
 * What an integrator needs to point their own client at a sandbox: the address that stands in for the
 * provider's, and the credentials it accepts. They are public: a sandbox only moves pretend money and
 * sends pretend messages.
 */
interface SandboxGuide {
  /** Under /sandbox. */
  path: 'mpesa' | 'paypal' | 'stripe' | 'africastalking'
  name: string
  /** The provider's own address this sandbox replaces. */
  replaces: string
  /** Shown as is; values are plain text. */
  credentials: [string, string][]
  /** The sandbox's pages a person uses, under its base address. */
  pages: [string, string][]
  note: string
}

function guides(config: Config): SandboxGuide[] {
  const all: SandboxGuide[] = []
  const { mpesa, paypal, card } = config.payments
  if (!mpesa.live)
    all.push({
      path: 'mpesa',
      name: 'M-Pesa (Daraja)',
      replaces: 'https://sandbox.safaricom.co.ke',
      credentials: [
        ['Consumer key', SANDBOX.mpesaConsumerKey],
        ['Consumer secret', SANDBOX.mpesaConsumerSecret],
        ['Paybill (STK push) short code', SANDBOX.mpesaShortCode],
        ['Passkey', SANDBOX.mpesaPasskey],
        ['B2C short code', SANDBOX.mpesaB2cShortCode],
        ['Initiator name', SANDBOX.mpesaInitiator],
        ['Initiator password (encrypt it with the certificate below)', SANDBOX.mpesaInitiatorPassword],
        ['Security credential (Soko’s own, sent as it is)', SANDBOX.mpesaCredential],
      ],
      pages: [
        ['phone?number=0712345678', 'The phone: prompts, PIN 1234, Paybill payments, SMS'],
        ['certificate.cer', 'The sandbox’s certificate, to encrypt the initiator password (PKCS#1 v1.5)'],
      ],
      note: 'STK push and query, C2B URL registration and simulate, B2C (v3), Transaction Status and Ratiba standing orders answer as Daraja does, and their callbacks go to the URLs in your requests.',
    })
  if (!paypal.live)
    all.push({
      path: 'paypal',
      name: 'PayPal',
      replaces: 'https://api-m.sandbox.paypal.com',
      credentials: [
        ['Client id', SANDBOX.paypalClientId],
        ['Client secret', SANDBOX.paypalClientSecret],
        ['Webhook id', SANDBOX.paypalWebhookId],
      ],
      pages: [
        ['payouts', 'The payouts received, and buttons to end a waiting one'],
        ['subscriptions', 'The subscriptions made, and a button to bill what is due now'],
      ],
      note: 'OAuth, Orders v2 (with PayPal-Request-Id), captures, refunds, Subscriptions (catalog products, plans, subscriptions, their sales) and Payouts answer as PayPal does. Webhooks go to Soko.',
    })
  if (!card.live)
    all.push({
      path: 'stripe',
      name: 'Stripe (cards)',
      replaces: 'https://api.stripe.com',
      credentials: [
        ['Secret key', SANDBOX.stripeSecretKey],
        ['Webhook signing secret', SANDBOX.stripeWebhookSecret],
      ],
      pages: [],
      note: 'Checkout Sessions, payment intents, charges and refunds answer as Stripe does. Cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0027 6000 3184 asks for 3-D Secure.',
    })
  if (!config.sms.live)
    all.push({
      path: 'africastalking',
      name: 'Africa’s Talking (SMS)',
      replaces: 'https://api.sandbox.africastalking.com',
      credentials: [
        [
          'Username for your own client (its delivery reports go to the callback set on the inbox page)',
          OUTSIDE_APP,
        ],
        ['Username Soko sends with', config.sms.username],
        ['API key (apiKey header)', config.sms.apiKey],
      ],
      pages: [['inbox?number=0712345678', 'What a number received, and the delivery-report callback']],
      note: '0700 000 401 … 0700 000 409 are refused with that status, 0700 000 500 fails once, 0700 000 600 is sent but its delivery report says Failed.',
    })
  return all
}

const CSS = `
  main { padding: 0 1rem 2rem; }
  dl { display: grid; grid-template-columns: minmax(0, 1fr); gap: .1rem; }
  dt { font-weight: 600; margin-top: .5rem; }
  dd { margin: 0; }
  code { font-size: .95rem; background: #f1f1f1; padding: .1rem .25rem; border-radius: 4px; }
  ul { list-style: none; padding-left: 0; }
  li { margin: .25rem 0; }
  li a { display: inline-block; padding: .625rem 0; }`

function guidePage(guide: SandboxGuide, base: string) {
  const address = `${base}/sandbox/${guide.path}`
  const pages = guide.pages.length
    ? `<h2>Pages</h2><ul>${guide.pages
        .map(
          ([href, what]) =>
            `<li><a href="/sandbox/${guide.path}/${escapeHtml(href)}">${escapeHtml(what)}</a></li>`,
        )
        .join('')}</ul>`
    : ''
  return sandboxPage({
    title: `${guide.name} sandbox`,
    css: CSS,
    body: `<p>Point your own client here instead of <code>${escapeHtml(guide.replaces)}</code>:</p>
<p><code id="base-url">${escapeHtml(address)}</code></p>
<h2>Credentials</h2>
<dl>${guide.credentials.map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd><code>${escapeHtml(value)}</code></dd>`).join('\n')}</dl>
<p>${escapeHtml(guide.note)}</p>
${pages}
<p><a href="/sandbox">All sandboxes</a></p>`,
  })
}

/**
 * The sandboxes' home pages: /sandbox lists the providers in sandbox mode, and /sandbox/{provider} gives
 * that sandbox's address and credentials. A live provider has none (404, like its other sandbox routes).
 */
export function developerPages(config: Config): Hono {
  const app = new Hono()
  const list = guides(config)
  const base = config.publicUrl.replace(/\/$/, '')
  const index = () =>
    sandboxPage({
      title: 'Soko sandboxes',
      css: CSS,
      body: `<p>Each provider without live keys runs here as a simulator that speaks its API. Open one for the address and credentials your own client needs.</p>
<ul>${list.map((g) => `<li><a href="/sandbox/${g.path}">${escapeHtml(g.name)}</a></li>`).join('')}</ul>`,
    })
  if (list.length) {
    app.get('/', (c) => page(c, index()))
  }
  for (const guide of list) {
    app.get(`/${guide.path}`, (c) => page(c, guidePage(guide, base)))
    app.get(`/${guide.path}/`, (c) => page(c, guidePage(guide, base)))
  }
  return app
}
