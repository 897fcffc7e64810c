import { Hono } from 'hono'
import type { BundleQuote, BundleView } from '../../../contract/bundles.contract'
import { startBundleCheckoutInput } from '../../../contract/bundles.contract'
import { BUNDLES } from '../../../contract/errors/bundles'
import type { PublicProduct } from '../../../contract/storefront'
import { productPage } from '../../features/catalog'
import { escapeHtml } from '../../lib/html'
import { translate } from '../../lib/i18n'
import { fieldErrors } from '../../lib/validation'
import { BUNDLE } from './bundle-words'
import { answerStarted, postedCheckout } from './buy.routes'
import { type Draft, NUMBERS } from './buy-input'
import { deliveryFields, namesFieldset, notOnSale, payerFields } from './buy-steps'
import { BUY } from './buy-words'
import { button, formInput, formMessage, hidden } from './fields'
import { type PlainKit, type PlainRequest, plainRequest, refusalIn, runFor, sendPage } from './kit'
import { tokenField } from './layout'
import { ATTEMPT_FIELD, newAttempt } from './order-link'
import { type Words, wordsFor } from './words'

/**
 * A bundle bought without script (and from the storefront's link with it): `/buy/bundles/{id}` names the
 * parts and the saving, asks the ticket's name and where merch goes when the bundle has them, then shows
 * the total with its shipping and how to pay; the pay form's POST runs the contract's startBundleCheckout
 * and answers as a product's plain checkout does.
 */

type Step = 'details' | 'pay'
const isDetail = (key: string) => /^(holders|delivery)\./.test(key)

interface Page {
  bundle: BundleView
  /** The first merch part, whose shipping zones and pickup the delivery fields offer. */
  merch: Extract<PublicProduct, { kind: 'merch' }> | null
  events: BundleView['parts']
}

async function pageOf(kit: PlainKit, req: PlainRequest, id: string): Promise<Page | null> {
  const got = await runFor(kit, req, 'getBundle', { id })
  if (!got.ok) return null
  const { bundle } = got.data
  const merchPart = bundle.parts.find((part) => part.kind === 'merch')
  const shown = merchPart ? await productPage(kit.services.db, merchPart.slug) : null
  const merch = shown?.product.kind === 'merch' ? shown.product : null
  return { bundle, merch, events: bundle.parts.filter((part) => part.kind === 'event') }
}

/** The form's answers as the contract's input. */
function inputOf(bundleId: string, fields: Record<string, string>): Record<string, unknown> {
  const { textMe, ...rest } = fields
  return { ...formInput(rest, NUMBERS), ...(textMe === 'on' ? { textMe: true } : {}), bundleId }
}

export function bundleRoutes(kit: PlainKit) {
  const app = new Hono()

  app.get('/buy/bundles/:id', async (c) => {
    const req = await plainRequest(kit, c)
    const page = await pageOf(kit, req, c.req.param('id'))
    if (!page) return notOnSale(kit, req)
    const fields = Object.fromEntries(new URL(c.req.url).searchParams)
    const draft: Draft = { fields, errors: {}, message: null }
    const needsDetails = page.merch !== null || page.events.length > 0
    const asked: Step = fields.step === 'pay' || !needsDetails ? 'pay' : 'details'
    const step = asked === 'pay' ? await checked(kit, req, page, draft) : 'details'
    return show(kit, req, page, step, draft)
  })

  app.post('/buy/bundles/:id', async (c) => {
    const req = await plainRequest(kit, c)
    const posted = await postedCheckout(kit, req)
    if (posted instanceof Response) return posted
    const { fields, attempt } = posted
    const page = await pageOf(kit, req, c.req.param('id'))
    if (!page) return notOnSale(kit, req)
    const started = await runFor(kit, req, 'startBundleCheckout', inputOf(page.bundle.id, fields))
    if (!started.ok) {
      const { message, fields: errors } = refusalIn(req.lang, started.error)
      const marked = Object.keys(errors).filter((key) => key !== 'bundleId' && key !== '_')
      const draft: Draft = {
        fields,
        errors,
        message: marked.length ? translate(req.lang, BUY.checkFields) : message,
      }
      const step: Step = marked.some(isDetail) || marked.includes('holders') ? 'details' : 'pay'
      if (step === 'pay') await checked(kit, req, page, draft)
      return show(kit, req, page, step, draft, started.error.status)
    }
    return answerStarted(kit, req, attempt, started.data)
  })

  return app
}

/** The details checked (the names by the contract's rule, the delivery by the quote): the step to show. */
async function checked(kit: PlainKit, req: PlainRequest, page: Page, draft: Draft): Promise<Step> {
  const input = inputOf(page.bundle.id, draft.fields)
  if (page.events.length > 0) {
    const holders = page.events.map((_, i) => draft.fields[`holders.${i}`] ?? '')
    const named = startBundleCheckoutInput.pick({ holders: true }).safeParse({ holders })
    if (!named.success) {
      for (const [key, said] of Object.entries(fieldErrors(named.error.issues, 'startBundleCheckout')))
        draft.errors[key] = translate(req.lang, said, said.params)
      draft.message = translate(req.lang, BUY.checkFields)
      return 'details'
    }
  }
  const quoted = await runFor(kit, req, 'quoteBundle', {
    bundleId: page.bundle.id,
    ...(page.merch ? { delivery: input.delivery } : {}),
  })
  if (!quoted.ok) {
    const { message, fields } = refusalIn(req.lang, quoted.error)
    Object.assign(draft.errors, fields)
    const marked = Object.keys(fields).filter((key) => key !== 'bundleId' && key !== '_')
    draft.message = marked.length ? translate(req.lang, BUY.checkFields) : message
    return marked.length ? 'details' : 'pay'
  }
  draft.bundleQuote = quoted.data
  return 'pay'
}

function show(kit: PlainKit, req: PlainRequest, page: Page, step: Step, draft: Draft, status = 200) {
  const w = wordsFor(req)
  const { bundle } = page
  const title = w.text(BUY.buy, { title: bundle.title })
  const parts = bundle.parts
    .map((part) => {
      const price = w.money(part.price)
      const said =
        part.label === part.title
          ? w.say(BUNDLE.partPlain, { title: part.title, price })
          : w.say(BUNDLE.part, { title: part.title, label: part.label, price })
      return `<li>${said}</li>`
    })
    .join('')
  const intro = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<p class="muted">${w.say(BUY.by, { seller: bundle.seller.displayName })}</p>`,
    bundle.description ? `<p>${escapeHtml(bundle.description)}</p>` : '',
    `<h2>${w.say(BUNDLE.includes)}</h2><ul>${parts}</ul>`,
    `<p class="lead"><strong>${w.say(BUNDLE.saving, { price: w.money(bundle.price), worth: w.money(bundle.worth), saving: w.money(bundle.saving) })}</strong></p>`,
  ].join('')
  const action = `/buy/bundles/${encodeURIComponent(bundle.id)}`
  const store = `<p><a href="/creators/${encodeURIComponent(bundle.seller.handle)}">${w.say(BUNDLE.seeStore, { seller: bundle.seller.displayName })}</a></p>`
  if (bundle.blocked) {
    const why = blockedText(w, bundle.blocked)
    return sendPage(kit, req, {
      title,
      main: `${intro}<div class="card" role="status"><h2>${w.say(BUNDLE.cannotBuy)}</h2><p>${why}</p></div>${store}`,
      status,
    })
  }
  const form = step === 'details' ? detailsForm(w, page, draft, action) : payForm(req, w, draft, action)
  return sendPage(kit, req, { title, main: intro + form + store, status })
}

function blockedText(w: Words, blocked: NonNullable<BundleView['blocked']>): string {
  const title = blocked.title ?? ''
  switch (blocked.reason) {
    case 'offSale':
      return w.say(BUNDLES.partOffSale, { title })
    case 'soldOut':
      return w.say(BUNDLES.partSoldOut, { title })
    case 'closed':
      return w.say(BUNDLES.partClosed, { title })
    case 'currency':
      return w.say(BUNDLES.partCurrency, { title })
    default:
      return w.say(BUNDLES.partsCheaper)
  }
}

function carried(fields: Record<string, string>, keep: (key: string) => boolean): string {
  return Object.entries(fields)
    .filter(([key]) => keep(key))
    .map(([key, value]) => hidden(key, value))
    .join('')
}

function detailsForm(w: Words, page: Page, draft: Draft, action: string): string {
  const parts: string[] = []
  if (page.events.length > 0)
    parts.push(
      namesFieldset(
        w,
        page.events.map((event) => w.text(BUNDLE.nameFor, { title: event.title })),
        draft,
      ),
    )
  if (page.merch) parts.push(deliveryFields(w, page.merch, draft))
  return `<form method="get" action="${escapeHtml(action)}" class="form" novalidate>${formMessage(draft.message)}${hidden('step', 'pay')}${parts.join('')}${button(w.text(BUY.next))}</form>`
}

function payForm(req: PlainRequest, w: Words, draft: Draft, action: string): string {
  const { fields, errors } = draft
  const quote: BundleQuote | undefined = draft.bundleQuote
  const parts: string[] = []
  if (quote) {
    const lines = [
      ...quote.lines.map((line) =>
        w.say(BUNDLE.share, { title: line.title, price: w.money(line.price), list: w.money(line.listPrice) }),
      ),
      ...(quote.shipping.amount > 0 ? [w.say(BUY.shipping, { amount: w.money(quote.shipping) })] : []),
      `<strong>${w.say(BUY.total, { amount: w.money(quote.total) })}</strong>`,
    ]
    parts.push(`<div class="card"><h2>${w.say(BUY.summary)}</h2><p>${lines.join('<br>')}</p></div>`)
  }
  const methods = quote?.charges ?? []
  parts.push(...payerFields(req, w, draft, methods, false))
  const method = fields.method ?? methods[0]?.method
  const charge = methods.find((c) => c.method === method)
  const label =
    charge && methods.length === 1
      ? w.text(BUY.payAmount, { amount: w.money(charge.amount) })
      : w.text(BUY.pay)
  const others = Object.entries(errors).filter(
    ([key]) => !['method', 'phone', 'email'].includes(key) && !isDetail(key),
  )
  const otherErrors = others.map(([, said]) => `<p class="field-error">${escapeHtml(said)}</p>`).join('')
  const back = `${action}?${new URLSearchParams(Object.entries(fields).filter(([k]) => isDetail(k)))}`
  const attempt = hidden(ATTEMPT_FIELD, fields[ATTEMPT_FIELD] ?? newAttempt())
  const hasDetails = Object.keys(fields).some(isDetail)
  return `<form method="post" action="${escapeHtml(action)}" class="form" novalidate>${formMessage(draft.message)}${otherErrors}${tokenField(req.formToken)}${attempt}${carried(fields, isDetail)}${parts.join('')}${button(label)}</form>${hasDetails ? `<p><a href="${escapeHtml(back)}">${w.say(BUY.change)}</a></p>` : ''}`
}
