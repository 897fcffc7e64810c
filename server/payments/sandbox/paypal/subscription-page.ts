import type { Lang, Message } from '../../../../contract/i18n'
import { clock } from '../../../lib/clock'
import { escapeHtml } from '../../../lib/html'
import { translate } from '../../../lib/i18n'
import { page, pageLang, type SandboxPage, sandboxPage, translateHtml } from '../pages'
import { layout, PAYPAL_SANDBOX_BUYER, WORDS as SHARED_WORDS } from './approval'
import {
  announceSale,
  billDue,
  newSale,
  nextCycle,
  type SubscriptionRecord,
  subscriptionView,
} from './billing'
import { toValue } from './money'
import { type PaypalContext, withQuery } from './rest'

/**
 * The payer's approval of a subscription (PayPal's /webapps/billing/subscriptions page), signed in as the
 * sandbox buyer: agree and pay the first cycle, agree with a funding source that is declined on the
 * renewals, or cancel and go back. And the tester's page of subscriptions, at /subscriptions, which bills
 * what is due now (the server's sandbox job does the same every minute).
 */

const WORDS = {
  title: /*i18n*/ { id: 'sandbox.paypal.subscribe.title', message: 'Subscribe with PayPal (sandbox)' },
  every: /*i18n*/ { id: 'sandbox.paypal.subscribe.every', message: 'Every' },
  month: /*i18n*/ { id: 'sandbox.paypal.subscribe.month', message: 'month' },
  year: /*i18n*/ { id: 'sandbox.paypal.subscribe.year', message: 'year' },
  agree: /*i18n*/ { id: 'sandbox.paypal.subscribe.agree', message: 'Agree and subscribe' },
  agreeDeclined: /*i18n*/ {
    id: 'sandbox.paypal.subscribe.agreeDeclined',
    message: 'Subscribe with a card that is declined on renewals',
  },
  active: /*i18n*/ { id: 'sandbox.paypal.subscribe.active', message: 'This subscription is active' },
  ended: /*i18n*/ {
    id: 'sandbox.paypal.subscribe.ended',
    message: 'This subscription can no longer be approved',
  },
  freeTrial: /*i18n*/ { id: 'sandbox.paypal.subscribe.freeTrial', message: 'Free trial' },
  trialDays: /*i18n*/ {
    id: 'sandbox.paypal.subscribe.trialDays',
    message: '{days} days: nothing is taken until they end',
  },
} satisfies Record<string, Message>

export function mountSubscriptionPages(ctx: PaypalContext): void {
  const { app, store, base, notify } = ctx
  const byToken = async (token: string | undefined) => {
    const pointer = token ? await store.get<{ id: string }>('paypal', `approval:${token}`) : null
    return pointer ? store.get<SubscriptionRecord>('paypal', pointer.id) : null
  }

  app.get('/webapps/billing/subscriptions', async (c) => {
    const lang = pageLang(c)
    const record = await byToken(c.req.query('ba_token'))
    if (!record) return page(c, layout(lang, translate(lang, SHARED_WORDS.notFound), ''), 404)
    return page(c, approvalPage(record, lang))
  })

  app.post('/webapps/billing/subscriptions', async (c) => {
    const lang = pageLang(c)
    const token = c.req.query('ba_token') ?? ''
    const record = await byToken(token)
    if (!record) return page(c, layout(lang, translate(lang, SHARED_WORDS.notFound), ''), 404)
    const action = (await c.req.parseBody()).action
    if (action === 'cancel') {
      if (!record.cancelUrl) return page(c, approvalPage(record, lang))
      return c.redirect(
        withQuery(record.cancelUrl, { subscription_id: record.id, ba_token: token, token }),
        303,
      )
    }
    if (action !== 'subscribe' && action !== 'subscribe-declined')
      return page(c, approvalPage(record, lang), 400)
    const now = clock.now()
    const at = now.toISOString()
    const result = await store.update<SubscriptionRecord>('paypal', `subscription:${record.id}`, (r) =>
      r.status !== 'APPROVAL_PENDING'
        ? null
        : {
            ...r,
            status: 'ACTIVE',
            declineRenewals: action === 'subscribe-declined',
            startTime: at,
            statusTime: at,
            updateTime: at,
            // The first cycle is paid on approval and the next billed a cycle on; after a free trial, the
            // first is billed when it ends.
            ...(r.trialDays
              ? {
                  regularStart: new Date(now.getTime() + r.trialDays * 86_400_000).toISOString(),
                  nextBilling: new Date(now.getTime() + r.trialDays * 86_400_000).toISOString(),
                }
              : {
                  cyclesCompleted: 1,
                  sales: [newSale(r.price, now)],
                  nextBilling: nextCycle(now, now, r.unit, r.count).toISOString(),
                }),
          },
    )
    if (!result?.changed) return page(c, approvalPage(result?.data ?? record, lang))
    const r = result.data
    const sale = r.sales[0]
    // Awaited, as the checkout's approval is: the payer is back on Soko after Soko has heard.
    await notify(
      'BILLING.SUBSCRIPTION.ACTIVATED',
      'subscription',
      subscriptionView(base, r),
      'Subscription activated',
    )
    if (sale) await announceSale(ctx, r, sale)
    if (!r.returnUrl) return page(c, approvalPage(r, lang))
    return c.redirect(withQuery(r.returnUrl, { subscription_id: r.id, ba_token: token, token }), 303)
  })

  app.get('/subscriptions', async (c) => {
    const records = await store.list<SubscriptionRecord>('paypal', 'subscription', {}, 50)
    const billed = c.req.query('billed')
    return page(c, testerPage(records, billed === undefined ? null : Number(billed)))
  })

  app.post('/subscriptions/bill', async (c) => {
    const billed = await billDue(ctx)
    return c.redirect(`${c.req.path.replace(/\/bill$/, '')}?billed=${billed}`, 303)
  })
}

function approvalPage(r: SubscriptionRecord, lang: Lang): SandboxPage {
  const t = (message: Message) => escapeHtml(translate(lang, message))
  const every = r.unit === 'YEAR' ? WORDS.year : WORDS.month
  const summary = `
    <dl>
      <dt>${t(SHARED_WORDS.amount)}</dt><dd class="amount">${escapeHtml(`${r.currency} ${toValue(r.price, r.currency)}`)}</dd>
      <dt>${t(WORDS.every)}</dt><dd>${t(every)}</dd>
      ${r.trialDays ? `<dt>${t(WORDS.freeTrial)}</dt><dd>${escapeHtml(translate(lang, WORDS.trialDays, { days: r.trialDays }))}</dd>` : ''}
      <dt>${t(SHARED_WORDS.for)}</dt><dd>${escapeHtml(r.productName)}</dd>
    </dl>`
  if (r.status !== 'APPROVAL_PENDING')
    return layout(
      lang,
      translate(lang, r.status === 'ACTIVE' ? WORDS.active : WORDS.ended),
      `${summary}${r.returnUrl ? `<p><a href="${escapeHtml(r.returnUrl)}">${t(SHARED_WORDS.returnToSoko)}</a></p>` : ''}`,
    )
  const email = `<strong>${escapeHtml(PAYPAL_SANDBOX_BUYER.email)}</strong>`
  return layout(
    lang,
    translate(lang, WORDS.title),
    `<p class="buyer">${translateHtml(lang, SHARED_WORDS.signedInAs, { email })}</p>
    ${summary}
    <form method="post">
      <button name="action" value="subscribe" class="primary">${t(WORDS.agree)}</button>
      <button name="action" value="subscribe-declined">${t(WORDS.agreeDeclined)}</button>
      <button name="action" value="cancel" class="link">${t(SHARED_WORDS.cancel)}</button>
    </form>`,
    [r.returnUrl, r.cancelUrl],
  )
}

function testerPage(records: SubscriptionRecord[], billed: number | null): SandboxPage {
  const rows = records
    .map(
      (r) => `<tr><td>${escapeHtml(r.id)}</td><td>${escapeHtml(r.status)}</td>
      <td>${escapeHtml(`${r.currency} ${toValue(r.price, r.currency)} / ${r.count} ${r.unit}`)}</td>
      <td>${r.declineRenewals ? 'declined after the first' : 'pays'}</td>
      <td>${escapeHtml(r.nextBilling?.slice(0, 16).replace('T', ' ') ?? '—')}</td>
      <td>${r.sales.length} paid, ${r.failedPayments} failed, ${escapeHtml(toValue(r.outstanding, r.currency))} owed</td></tr>`,
    )
    .join('')
  return sandboxPage({
    title: 'PayPal subscriptions',
    css: `main { padding: 0 1rem 2rem; } table { border-collapse: collapse; display: block; overflow-x: auto; }
      td, th { padding: .35rem .5rem; border-bottom: 1px solid #ddd; text-align: left; white-space: nowrap; }
      button { padding: .5rem 1rem; margin: .5rem 0; }`,
    body: `<p>The subscriptions Soko made, newest first. PayPal bills each on its day; here that happens every minute, or now with the button (move the clock first to reach a renewal).</p>
${billed === null ? '' : `<p role="status">Billed ${billed} cycle${billed === 1 ? '' : 's'}.</p>`}
<form method="post" action="subscriptions/bill"><button>Bill what is due now</button></form>
${records.length ? `<table><thead><tr><th>Id</th><th>Status</th><th>Price</th><th>Payer</th><th>Next billing (UTC)</th><th>Cycles</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No subscriptions yet.</p>'}`,
  })
}
