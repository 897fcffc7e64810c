import { Hono } from 'hono'
import type { SubjectOutput } from '../../../contract'
import { startCheckoutInput } from '../../../contract/checkout.contract'
import { CODE_COOKIE, DISCOUNT_CODE_PATTERN } from '../../../contract/discounts.constants'
import { RECOVERY_COOKIE, RECOVERY_TOKEN_PATTERN } from '../../../contract/recovery-link'
import type { PublicProduct } from '../../../contract/storefront'
import { productPage } from '../../features/catalog'
import { translate } from '../../lib/i18n'
import { cookieOf, serverCookie } from '../../lib/session-cookie'
import { fieldErrors } from '../../lib/validation'
import {
  checkoutInput,
  type Draft,
  hasChoices,
  hasDetails,
  offerChanged,
  type Step,
  selectionOf,
  stepOfField,
} from './buy-input'
import { notOnSale, refused, render } from './buy-steps'
import { BUY } from './buy-words'
import {
  type PlainKit,
  type PlainRequest,
  plainRequest,
  postedFields,
  redirectTo,
  refusalIn,
  runFor,
} from './kit'
import { orderPage } from './order.routes'
import {
  ATTEMPT_COOKIE,
  ATTEMPT_FIELD,
  attemptCookie,
  attemptOrder,
  orderPath,
  PLAIN_ORDER_COOKIE,
  plainOrderCookieValue,
} from './order-link'

/**
 * Buying without script: `/buy/{slug}` is the checkout as plain forms, one step after another where one
 * form is not enough — what to buy (variant, ticket type, how many, the time of a service), the names on
 * the tickets or where merch goes, then how to pay. Each step is a GET carrying the earlier answers; the
 * last is a POST that starts the checkout through the contract's `startCheckout`, as the app's RPC does
 * (the same checks, limits, holds and messages), then answers with the order's page, which refreshes
 * itself while the M-Pesa prompt waits, or redirects to the card's or PayPal's page. The pay form carries
 * an attempt id: posted again by this browser, it leads to the order it made.
 */

export function buyRoutes(kit: PlainKit) {
  const app = new Hono()

  app.get('/buy/:slug', async (c) => {
    const req = await plainRequest(kit, c)
    const page = await productPage(kit.services.db, c.req.param('slug'))
    if (!page) return notOnSale(kit, req)
    // A membership is joined at one of its tiers' prices, on its own page.
    if (page.product.kind === 'membership')
      return redirectTo(req, `/join/${encodeURIComponent(page.product.slug)}`)
    const fields = Object.fromEntries(new URL(c.req.url).searchParams)
    // A code a shared link brought to an earlier page, kept in a cookie for pages without script.
    const linked = cookieOf(c.req.header('cookie'), CODE_COOKIE)
    if (fields.code === undefined && linked && DISCOUNT_CODE_PATTERN.test(linked)) fields.code = linked
    const asked = (fields.step as Step | undefined) ?? (hasChoices(page.product) ? 'choose' : 'pay')
    const draft: Draft = { fields, errors: {}, message: null }
    // A later step is shown only once the earlier answers hold, checked as the checkout will check them.
    const step = asked === 'choose' ? 'choose' : await checkedUpTo(kit, req, page.product, draft, asked)
    return render(kit, req, page, step, draft)
  })

  app.post('/buy/:slug', async (c) => {
    const req = await plainRequest(kit, c)
    const posted = await postedCheckout(kit, req)
    if (posted instanceof Response) return posted
    const { fields, attempt } = posted
    const page = await productPage(kit.services.db, c.req.param('slug'))
    if (!page) return notOnSale(kit, req)
    // The offer ticked or unticked after the total was shown: the new total is shown before anything is charged.
    if (offerChanged(fields)) {
      const draft: Draft = { fields, errors: {}, message: translate(req.lang, BUY.totalChanged) }
      const step = await checkedUpTo(kit, req, page.product, draft, 'pay')
      return render(kit, req, page, step, draft)
    }
    // Come back through a checkout reminder's link: the seller sees this checkout as recovered.
    const recovery = cookieOf(c.req.header('cookie'), RECOVERY_COOKIE)
    const started = await runFor(kit, req, 'startCheckout', {
      ...checkoutInput(page.product, fields),
      ...(recovery && RECOVERY_TOKEN_PATTERN.test(recovery) ? { recovery } : {}),
    })
    if (!started.ok) {
      const { message, fields: errors } = refusalIn(req.lang, started.error)
      // Fields the page shows are marked there; what is about the product itself is said above the form.
      const marked = Object.keys(errors).filter((key) => key !== 'productId' && key !== '_')
      const draft: Draft = {
        fields,
        errors,
        message: marked.length ? translate(req.lang, BUY.checkFields) : message,
      }
      const steps = marked.map(stepOfField)
      const step = steps.includes('choose') ? 'choose' : steps.includes('details') ? 'details' : 'pay'
      return render(kit, req, page, step, draft, started.error.status)
    }
    return answerStarted(kit, req, attempt, started.data)
  })

  return app
}

/**
 * A checkout's pay form posted: its fields and attempt id, or the answer already due: refused (a form from
 * elsewhere), or the order this attempt made (the same form sent again).
 */
export async function postedCheckout(
  kit: PlainKit,
  req: PlainRequest,
): Promise<{ fields: Record<string, string>; attempt: string } | Response> {
  const fields = await postedFields(kit, req)
  if (!fields) return refused(kit, req)
  const attempt = fields[ATTEMPT_FIELD] ?? ''
  const earlier = attemptOrder(
    kit.services.gateway,
    cookieOf(req.c.req.header('cookie'), ATTEMPT_COOKIE),
    attempt,
  )
  if (earlier) return redirectTo(req, orderPath(kit.services.gateway, earlier))
  return { fields, attempt }
}

/**
 * A checkout started from a plain form: the browser's attempt remembered (the same form sent again goes
 * to this order), then the card's or PayPal's page, or the order's waiting page as the answer itself.
 */
export function answerStarted(
  kit: PlainKit,
  req: PlainRequest,
  attempt: string,
  started: SubjectOutput<'startCheckout'>,
) {
  const { orderId, next } = started
  const { gateway, config } = kit.services
  const https = config.publicUrl.startsWith('https:')
  // The same form sent again (a reload that posts it again) goes to this order, not to a new one.
  if (attempt) req.cookies.push(attemptCookie(gateway, attempt, orderId, https))
  if (next.kind === 'redirect') {
    // Back from the card's or PayPal's page, this browser is sent to the order's plain page.
    return redirectTo(req, next.url, [
      serverCookie(PLAIN_ORDER_COOKIE, plainOrderCookieValue(gateway, orderId), https, 3600),
    ])
  }
  // The order's waiting page is the answer itself, not a redirect to it: on 2G a redirect is one more
  // round trip (a third of a second) before "Check your phone". It refreshes itself at its own address.
  return orderPage(kit, req, orderId, gateway.sign('receipt', orderId))
}

/** The earlier steps' answers checked (the quote's rules, the names' schema); the step to show. */
async function checkedUpTo(
  kit: PlainKit,
  req: PlainRequest,
  product: PublicProduct,
  draft: Draft,
  asked: Step,
): Promise<Step> {
  const input = checkoutInput(product, draft.fields)
  let quoted = await runFor(kit, req, 'quoteCheckout', selectionOf(product, draft.fields, asked === 'pay'))
  for (const own of ['code', 'upsell'] as const) {
    if (quoted.ok || !draft.fields[own]) continue
    // A code that does not apply, an offer that has ended: said under its field, the rest priced without it.
    const { fields } = refusalIn(req.lang, quoted.error)
    const keys = Object.keys(fields)
    if (keys.length === 1 && keys[0] === own) {
      draft.errors[own] = fields[own] ?? ''
      const { [own]: _, ...rest } = draft.fields
      // The typed code stays in its field; an ended offer's box is shown unticked.
      if (own === 'upsell') draft.fields = rest
      quoted = await runFor(kit, req, 'quoteCheckout', selectionOf(product, rest, asked === 'pay'))
    }
  }
  if (!quoted.ok) {
    const { message, fields } = refusalIn(req.lang, quoted.error)
    draft.errors = fields
    const marked = Object.keys(fields).filter((key) => key !== 'productId' && key !== '_')
    draft.message = marked.length ? translate(req.lang, BUY.checkFields) : message
    return marked.some((key) => stepOfField(key) === 'choose') || !hasDetails(product) ? 'choose' : 'details'
  }
  if (asked === 'pay' && product.kind === 'event') {
    // One name per ticket, held to the contract's own rule for a name (its words too).
    const holders = Array.from(
      { length: Number(input.quantity ?? 1) },
      (_, i) => draft.fields[`holders.${i}`] ?? '',
    )
    const named = startCheckoutInput.pick({ holders: true }).safeParse({ holders })
    if (!named.success) {
      for (const [key, said] of Object.entries(fieldErrors(named.error.issues, 'startCheckout')))
        draft.errors[key] = translate(req.lang, said, said.params)
      draft.message = translate(req.lang, BUY.checkFields)
      return 'details'
    }
  }
  if (asked === 'details' && !hasDetails(product)) return 'pay'
  if (asked === 'pay') draft.quote = quoted.data
  return asked
}
