import { Hono } from 'hono'
import type { PublicProduct } from '../../../contract/storefront'
import { productPage } from '../../features/catalog'
import { escapeHtml } from '../../lib/html'
import { translate } from '../../lib/i18n'
import { answerStarted, postedCheckout } from './buy.routes'
import { notOnSale, payerFields } from './buy-steps'
import { BUY } from './buy-words'
import { button, formMessage, hidden, radios } from './fields'
import { JOIN } from './join-words'
import { type PlainKit, type PlainRequest, plainRequest, refusalIn, runFor, sendPage } from './kit'
import { tokenField } from './layout'
import { ATTEMPT_FIELD, newAttempt } from './order-link'
import { type Words, wordsFor } from './words'

/**
 * Joining a membership without script (and the product page's tier forms before their script runs):
 * `/join/{slug}` lists the tiers with what members get and asks for one price (a tier, a period, a
 * currency), card or PayPal and, signed out, the e-mail; its POST runs the contract's joinMembership and
 * goes on to the card page or PayPal's as a plain checkout does.
 */

type Membership = Extract<PublicProduct, { kind: 'membership' }>

interface Draft {
  fields: Record<string, string>
  errors: Record<string, string>
  message: string | null
}

async function membershipOf(kit: PlainKit, slug: string): Promise<Membership | null> {
  const page = await productPage(kit.services.db, slug)
  return page?.product.kind === 'membership' ? page.product : null
}

export function joinRoutes(kit: PlainKit) {
  const app = new Hono()

  app.get('/join/:slug', async (c) => {
    const req = await plainRequest(kit, c)
    const product = await membershipOf(kit, c.req.param('slug'))
    if (!product) return notOnSale(kit, req)
    const fields = Object.fromEntries(new URL(c.req.url).searchParams)
    // The product page's tier form names its tier, and the price chosen (else the tier's first is).
    const asked = product.details.tiers.find((tier) => tier.id === fields.tier)
    const first = asked?.prices[0]
    if (asked && first && !fields.choice)
      fields.choice = `${asked.id}|${fields.price ?? `${first.interval}:${first.price.currency}`}`
    return show(kit, req, product, { fields, errors: {}, message: null })
  })

  app.post('/join/:slug', async (c) => {
    const req = await plainRequest(kit, c)
    const posted = await postedCheckout(kit, req)
    if (posted instanceof Response) return posted
    const { fields, attempt } = posted
    const product = await membershipOf(kit, c.req.param('slug'))
    if (!product) return notOnSale(kit, req)
    const [tierId = '', period = ''] = (fields.choice ?? '').split('|')
    const [interval = '', currency = ''] = period.split(':')
    const started = await runFor(kit, req, 'joinMembership', {
      productId: product.id,
      tierId,
      interval,
      currency,
      method: fields.method === 'paypal' ? 'paypal' : 'card',
      ...(fields.email ? { email: fields.email } : {}),
    })
    if (!started.ok) {
      const { message, fields: errors } = refusalIn(req.lang, started.error)
      // The choice's own messages (tier, period, currency) are shown under the choice.
      const choice = errors.tierId ?? errors.interval ?? errors.currency
      const marked = { ...errors, ...(choice ? { choice } : {}) }
      const draft: Draft = {
        fields,
        errors: marked,
        message: Object.keys(errors).some((key) => key !== '_')
          ? translate(req.lang, BUY.checkFields)
          : message,
      }
      return show(kit, req, product, draft, started.error.status)
    }
    return answerStarted(kit, req, attempt, started.data)
  })

  return app
}

function show(kit: PlainKit, req: PlainRequest, product: Membership, draft: Draft, status = 200) {
  const w = wordsFor(req)
  const title = w.text(JOIN.title, { title: product.title })
  const tiers = product.details.tiers
    .map((tier) => {
      const full = tier.left === 0 ? `<p><strong>${w.say(JOIN.full, { tier: tier.name })}</strong></p>` : ''
      const trial = tier.trialDays
        ? `<p class="tier-trial">${w.say(JOIN.trial, { days: tier.trialDays })}</p>`
        : ''
      return `<li class="card"><h3>${escapeHtml(tier.name)}</h3>${tier.perks ? `<p class="tier-perks">${escapeHtml(tier.perks)}</p>` : ''}${trial}${full}</li>`
    })
    .join('')
  const intro = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<p class="muted">${w.say(BUY.by, { seller: product.seller.displayName })}</p>`,
    `<h2>${w.say(JOIN.chooseTier)}</h2><ul class="tier-list">${tiers}</ul>`,
  ].join('')
  const action = `/join/${encodeURIComponent(product.slug)}`
  return sendPage(kit, req, { title, main: intro + joinForm(req, w, product, draft, action), status })
}

function joinForm(req: PlainRequest, w: Words, product: Membership, draft: Draft, action: string): string {
  const options = product.details.tiers
    .filter((tier) => tier.left !== 0)
    .flatMap((tier) =>
      tier.prices.map((p) => ({
        value: `${tier.id}|${p.interval}:${p.price.currency}`,
        label: w.text(p.interval === 'month' ? JOIN.perMonth : JOIN.perYear, {
          tier: tier.name,
          price: w.money(p.price),
        }),
      })),
    )
  const chosen = draft.fields.choice ?? options[0]?.value
  const parts = [
    radios({
      legend: w.text(JOIN.howOften),
      name: 'choice',
      value: chosen,
      options,
      error: draft.errors.choice,
    }),
    radios({
      legend: w.text(JOIN.payWith),
      name: 'method',
      value: draft.fields.method === 'paypal' ? 'paypal' : 'card',
      options: [
        { value: 'card', label: w.text(BUY.card) },
        { value: 'paypal', label: w.text(BUY.paypal) },
      ],
      error: draft.errors.method,
    }),
    // The payer's part is the e-mail when signed out.
    ...payerFields(req, w, draft, [], true),
    `<p class="muted">${w.say(JOIN.byCard)}</p>`,
  ]
  const attempt = hidden(ATTEMPT_FIELD, draft.fields[ATTEMPT_FIELD] ?? newAttempt())
  return `<form method="post" action="${escapeHtml(action)}" class="form" novalidate>${formMessage(draft.message)}${tokenField(req.formToken)}${attempt}${parts.join('')}${button(w.text(JOIN.join))}</form>`
}
