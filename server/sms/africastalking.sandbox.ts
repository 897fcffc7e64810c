import { randomBytes } from 'node:crypto'
import { setTimeout } from 'node:timers/promises'
import { Hono } from 'hono'
import type { Lang } from '../../contract/i18n'
import { normalizeKenyanMobile } from '../../contract/phone'
import { clock } from '../lib/clock'
import { escapeHtml } from '../lib/html'
import { translate } from '../lib/i18n'
import { deliveries } from '../payments/sandbox/deliveries'
import { page, sandboxPage } from '../payments/sandbox/pages'
import type { SandboxDeps } from '../payments/sandbox/sandbox-deps'
import type { SandboxStore } from '../payments/sandbox/store'
import type { SmsConfig } from './sms.config'

/**
 * A local Africa's Talking SMS API, mounted at /sandbox/africastalking when no API key is set. It accepts
 * exactly the messaging request of the real service (form fields, apiKey header, a username it knows),
 * answers in its format, keeps each message in the sandbox store, and posts a delivery report (form
 * fields, as the service does) to the callback URL of the app (username) that sent it, as Africa's
 * Talking posts to the URL set for each app in its dashboard. The phone inbox (`/inbox?number=07…`, and
 * the M-Pesa sandbox phone page) shows what each number received.
 *
 * Two apps share the sandbox's API key: Soko's own (SmsConfig.username), whose reports go to Soko's report
 * hook, and `sandbox`, Africa's Talking's name for its sandbox app, for outside clients (its official SDK
 * switches to the sandbox on that name). Reports of `sandbox` go nowhere until its callback URL is set on
 * the inbox page: posted to Soko, they would be about messages Soko never sent.
 *
 * Documented numbers try the failure paths:
 * - 0700 000 401 … 0700 000 409: refused with that status code (403 invalid number, 405 no credit, …);
 * - 0700 000 500: fails once with 500, then is sent (a temporary failure, retried);
 * - 0700 000 600: sent, but its delivery report says Failed (UserInBlackList).
 */

export interface SmsRecord extends Record<string, unknown> {
  messageId: string
  phone: string
  message: string
  from: string | null
  status: 'Success' | 'Failed'
  createdAt: string
  /** The app that sent it; missing on messages kept before apps had their own callbacks. */
  username?: string
  /** Whether its app had a callback URL when it was sent, so that its delivery report was posted. */
  reported?: boolean
}

/** A callback URL set on the inbox page for an outside app (`callback:{username}`). */
interface CallbackRecord extends Record<string, unknown> {
  username: string
  url: string
}

/** Africa's Talking's username of its sandbox app: the one outside clients use here. */
export const OUTSIDE_APP = 'sandbox'

const REFUSING = /^2547000004(0[1-79])$/
const FAILS_ONCE = '254700000500'
const REPORT_FAILS = '254700000600'
const REPORT_DELAY_MS = 200
const REPORT_TRIES = 5

export function africasTalkingSandbox(
  deps: SandboxDeps & { sms: SmsConfig; reportUrl: string },
): Hono & { idle(): Promise<void> } {
  const { store } = deps
  const reports = deliveries({ fetch: deps.fetch, log: deps.log, from: 'SMS sandbox', timeoutMs: 10_000 })
  const app = new Hono()
  const inboxUrl = `${deps.publicUrl}/sandbox/africastalking/inbox`
  const apps = new Set([deps.sms.username, OUTSIDE_APP])

  /** Where an app's delivery reports go: Soko's hook for Soko's app, else the URL set on the page, if any. */
  async function callbackOf(username: string): Promise<string | null> {
    if (username === deps.sms.username) return deps.reportUrl
    return (await store.get<CallbackRecord>('africastalking', `callback:${username}`))?.url || null
  }

  app.post('/version1/messaging', async (c) => {
    if (c.req.header('apiKey') !== deps.sms.apiKey)
      return c.text('The supplied authentication is invalid', 401)
    const form = await c.req.parseBody()
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '')
    const username = field('username')
    if (!apps.has(username)) return c.text('The supplied authentication is invalid', 401)
    const message = field('message')
    const numbers = field('to')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean)
    if (!message || numbers.length === 0) return c.text('Must have to and message', 400)
    const callback = await callbackOf(username)
    const sender = { username, callback, from: field('from') || null }
    const recipients = []
    for (const given of numbers) recipients.push(await recipient(given, message, sender))
    const sent = recipients.filter((r) => r.statusCode === 101).length
    const reply = {
      SMSMessageData: {
        Message: `Sent to ${sent}/${recipients.length} Total Cost: KES ${(sent * 0.8).toFixed(4)}`,
        Recipients: recipients,
      },
    }
    return c.json(reply, 201, { 'content-type': 'application/json' })
  })

  async function recipient(
    given: string,
    message: string,
    sender: { username: string; callback: string | null; from: string | null },
  ) {
    const phone = /^\+\d{9,15}$/.test(given) ? given.slice(1) : null
    if (!phone)
      return { statusCode: 403, number: given, status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' }
    const refused = REFUSING.exec(phone)
    if (refused) {
      const code = Number(refused[1]) + 400
      return {
        statusCode: code,
        number: given,
        status: REFUSAL_STATUS[code] ?? 'Rejected',
        cost: '0',
        messageId: 'None',
      }
    }
    if (phone === FAILS_ONCE && !(await store.get('africastalking', `failed-once:${phone}`))) {
      await store.put('africastalking', 'failed-once', `failed-once:${phone}`, { phone })
      return { statusCode: 500, number: given, status: 'InternalServerError', cost: '0', messageId: 'None' }
    }
    const record: SmsRecord = {
      messageId: `ATXid_${randomBytes(16).toString('hex')}`,
      phone,
      message,
      from: sender.from,
      status: phone === REPORT_FAILS ? 'Failed' : 'Success',
      createdAt: clock.now().toISOString(),
      username: sender.username,
      reported: sender.callback !== null,
    }
    await store.put('africastalking', 'sms', record.messageId, record)
    // An app with no callback URL gets no report, as on Africa's Talking; the inbox still shows it.
    if (sender.callback === null) return sent(given, record.messageId)
    const report = new URLSearchParams({
      id: record.messageId,
      status: record.status,
      phoneNumber: `+${phone}`,
      networkCode: '63902',
      ...(record.status === 'Failed' ? { failureReason: 'UserInBlackList' } : {}),
    })
    void reports.track(deliverReport(sender.callback, report.toString()))
    return sent(given, record.messageId)
  }

  const sent = (number: string, messageId: string) => ({
    statusCode: 101,
    number,
    status: 'Success',
    cost: 'KES 0.8000',
    messageId,
  })

  /**
   * Posts a delivery report as the service does, a moment after the message. A report that arrives before
   * the app has recorded the message's id (404) is posted again a few times, as the report of a real
   * message arrives after the answer.
   */
  async function deliverReport(url: string, body: string) {
    for (let attempt = 1; attempt <= REPORT_TRIES; attempt++) {
      await setTimeout(REPORT_DELAY_MS * attempt)
      try {
        const res = await deps.fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(10_000),
        })
        await res.arrayBuffer().catch(() => {})
        if (res.status !== 404) {
          if (!res.ok) deps.log.warn(`SMS sandbox: the delivery report receiver answered ${res.status}`)
          return
        }
      } catch (error) {
        deps.log.warn('SMS sandbox: could not deliver a delivery report', { error: String(error) })
        return
      }
    }
    // Said once, not at every try: a callback URL that answers 404 to everything is likely mistyped.
    deps.log.warn(`SMS sandbox: the delivery report receiver answered 404 ${REPORT_TRIES} times`, {
      to: new URL(url).host,
    })
  }

  app.get('/inbox', async (c) => {
    const given = c.req.query('number') ?? ''
    const phone = given ? normalizeKenyanMobile(given) : null
    const error = given && !phone ? 'That is not a Kenyan mobile number: use 07XX XXX XXX.' : null
    return page(c, await inboxPage(given, phone, { error }), error ? 400 : 200)
  })

  // What an app's dashboard would hold: where its delivery reports go. Soko's own is fixed (its hook).
  app.post('/callbacks', async (c) => {
    const form = await c.req.parseBody()
    const username = typeof form.username === 'string' ? form.username : ''
    const url = typeof form.callbackUrl === 'string' ? form.callbackUrl.trim() : ''
    const problem =
      !apps.has(username) || username === deps.sms.username
        ? `Only the callback URL of the app "${OUTSIDE_APP}" can be set here.`
        : url && !isHttpUrl(url)
          ? 'Use an http:// or https:// address.'
          : null
    if (problem) return page(c, await inboxPage('', null, { callbackError: problem, entered: url }), 400)
    const record: CallbackRecord = { username, url }
    const id = `callback:${username}`
    // Set, or made the first time (if two pages make it at once, the second sets it).
    if (!(await store.update<CallbackRecord>('africastalking', id, () => record)))
      await store
        .put('africastalking', 'callback', id, record)
        .catch(() => store.update<CallbackRecord>('africastalking', id, () => record))
    return c.redirect(`${inboxUrl}#reports`, 303)
  })

  async function inboxPage(
    given: string,
    phone: string | null,
    opts: { error?: string | null; callbackError?: string; entered?: string },
  ) {
    const list = phone ? await inboxHtml(store, phone) : ''
    const current = opts.entered ?? (await callbackOf(OUTSIDE_APP)) ?? ''
    const alert = (text: string | null | undefined) => (text ? `<p role="alert">${escapeHtml(text)}</p>` : '')
    return sandboxPage({
      title: 'SMS sandbox inbox',
      css: INBOX_CSS,
      body: `${alert(opts.error)}<form method="get"><label for="number">Phone number</label>
<input id="number" name="number" inputmode="tel" autocomplete="tel" value="${escapeHtml(given)}">
<button>Show messages</button></form>${list}
<section id="reports" aria-labelledby="reports-title"><h2 id="reports-title">Delivery reports</h2>
<p class="quiet">Each message's delivery report is posted to the callback URL of the app (username) that
sent it. Soko sends as <code>${escapeHtml(deps.sms.username)}</code>, whose reports go to Soko. Other
clients send as <code>${OUTSIDE_APP}</code>, with the same API key (<code>${escapeHtml(deps.sms.apiKey)}</code>);
its reports are posted only once its callback URL is set here.</p>
${alert(opts.callbackError)}<form method="post" action="callbacks">
<input type="hidden" name="username" value="${OUTSIDE_APP}">
<label for="callbackUrl">Callback URL of the app <code>${OUTSIDE_APP}</code></label>
<input id="callbackUrl" name="callbackUrl" type="url" inputmode="url" placeholder="https://…" value="${escapeHtml(current)}">
<button>Save</button></form></section>`,
    })
  }

  return Object.assign(app, { idle: () => reports.idle() })
}

const REFUSAL_STATUS: Record<number, string> = {
  401: 'RiskHold',
  402: 'InvalidSenderId',
  403: 'InvalidPhoneNumber',
  404: 'UnsupportedNumberType',
  405: 'InsufficientBalance',
  406: 'UserInBlacklist',
  407: 'CouldNotRoute',
  409: 'DoNotDisturbRejection',
}

/** How the messages of a number look, on the inbox page and the M-Pesa sandbox phone. */
export const SMS_LIST_CSS = `
  .inbox { list-style: none; padding: 0; }
  .sms { border: 1px solid #999; border-radius: .75rem; padding: .75rem; margin: .75rem 0; overflow-wrap: anywhere; background: #fff; }
  .sms p { margin: 0 0 .25rem; }
  .sms .quiet { color: #444; font-size: .9rem; }`

const INBOX_CSS = `
  main { padding: 0 1rem 2rem; }
  label { display: block; font-weight: 600; margin-top: .75rem; }
  input { font: inherit; padding: .6rem; width: 100%; box-sizing: border-box; }
  button { font: inherit; min-height: 44px; padding: .5rem 1rem; margin-top: .5rem; }
  .quiet { color: #444; }${SMS_LIST_CSS}`

/** The inbox's words on the M-Pesa sandbox phone, a buyer's page; the SMS sandbox's own page stays English. */
const INBOX_WORDS = {
  title: /*i18n*/ { id: 'sandbox.sms.title', message: 'Text messages' },
  empty: /*i18n*/ { id: 'sandbox.sms.empty', message: 'No SMS to this number yet.' },
  from: /*i18n*/ { id: 'sandbox.sms.from', message: 'From {sender} · {time} UTC' },
}

/**
 * The messages a number received, newest first, as HTML with their links clickable; its words in `lang`
 * (the delivery reports, for developers, stay English).
 */
export async function inboxHtml(store: SandboxStore, phone: string, lang: Lang = 'en'): Promise<string> {
  const messages = await store.list<SmsRecord>('africastalking', 'sms', { phone }, 20)
  const items = messages.map((sms) => {
    const sender = sms.from ?? (sms.username === OUTSIDE_APP ? `app ${OUTSIDE_APP}` : 'Soko')
    const report =
      sms.reported === undefined
        ? ''
        : ` · Delivery report: ${sms.status}${sms.reported ? '' : ` (not posted: app ${sms.username ?? ''} has no callback URL)`}`
    return `<li class="sms"><p>${linkify(sms.message)}</p>
<p class="quiet">${escapeHtml(translate(lang, INBOX_WORDS.from, { sender, time: sms.createdAt.slice(0, 16).replace('T', ' ') }))}${escapeHtml(report)}</p></li>`
  })
  return `<section aria-labelledby="inbox-title"><h2 id="inbox-title">${escapeHtml(translate(lang, INBOX_WORDS.title))}</h2>
${items.length ? `<ul class="inbox">${items.join('\n')}</ul>` : `<p class="quiet">${escapeHtml(translate(lang, INBOX_WORDS.empty))}</p>`}</section>`
}

function isHttpUrl(text: string): boolean {
  try {
    return text.length <= 2000 && ['http:', 'https:'].includes(new URL(text).protocol)
  } catch {
    return false
  }
}

/** Escaped text with its http(s) addresses as links. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s]+)/)
    .map((part, i) =>
      i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('')
}
