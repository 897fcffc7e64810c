import { MAX_QUANTITY } from '../../../contract/checkout.constants'
import type { Quote } from '../../../contract/checkout.contract'
import type { Message } from '../../../contract/i18n'
import type { ProductPage, PublicProduct } from '../../../contract/storefront'
import { clock } from '../../lib/clock'
import { escapeHtml } from '../../lib/html'
import { type Draft, hasDetails, OFFER_QUOTED, type Step, selectionOf } from './buy-input'
import { BUY } from './buy-words'
import { button, formMessage, hidden, input, radios, select } from './fields'
import { type PlainKit, type PlainRequest, runFor, sendPage } from './kit'
import { tokenField } from './layout'
import { ATTEMPT_FIELD, newAttempt } from './order-link'
import { type Words, wordsFor } from './words'

/** The fields each step asks; a later step carries the earlier ones as hidden fields. */
/** The first step's answers, and the discount code, carried through every step. */
const CHOOSE_KEYS = ['quantity', 'variantId', 'ticketTypeId', 'slot', 'amount', 'code']
const isDetail = (key: string) => /^(holders|delivery)\./.test(key)

export async function render(
  kit: PlainKit,
  req: PlainRequest,
  page: ProductPage,
  step: Step,
  draft: Draft,
  status = 200,
): Promise<Response> {
  const { title, main } = await stepMain(kit, req, page, step, draft)
  return sendPage(kit, req, { title, main, status })
}

/** A step of the checkout as a page's content: the product named, then the step's form. */
export async function stepMain(
  kit: PlainKit,
  req: PlainRequest,
  page: ProductPage,
  step: Step,
  draft: Draft,
): Promise<{ title: string; main: string }> {
  const w = wordsFor(req)
  const { product } = page
  const heading = w.text(product.kind === 'service' ? BUY.book : BUY.buy, { title: product.title })
  const intro = `<h1>${escapeHtml(heading)}</h1><p class="muted">${w.say(BUY.by, { seller: page.seller.displayName })} · ${w.say(BUY.price, { price: w.money(product.price) })}</p>`
  const action = `/buy/${encodeURIComponent(product.slug)}`
  let form: string
  if (step === 'choose') form = await chooseStep(kit, req, w, product, draft, action)
  else if (step === 'details') form = detailsStep(w, product, draft, action)
  else {
    if (!draft.quote) {
      const quoted = await runFor(
        kit,
        req,
        'quoteCheckout',
        selectionOf(product, draft.fields, hasDetails(product)),
      )
      if (quoted.ok) draft.quote = quoted.data
      else if (draft.fields.upsell === 'on') {
        // The offer has ended: the total is shown without it, and its box says so.
        const { upsell: _, ...rest } = draft.fields
        const again = await runFor(kit, req, 'quoteCheckout', selectionOf(product, rest, hasDetails(product)))
        if (again.ok) draft.quote = again.data
      }
    }
    form = payStep(req, w, product, draft, action)
  }
  return { title: heading, main: intro + form }
}

/** A field's message where the step shows no field for it (a choice with one option, carried hidden). */
function fieldError(said: string | undefined): string {
  return said ? `<p class="field-error" role="alert">${escapeHtml(said)}</p>` : ''
}

function carried(draft: Draft, keep: (key: string) => boolean): string {
  return Object.entries(draft.fields)
    .filter(([key]) => keep(key))
    .map(([key, value]) => hidden(key, value))
    .join('')
}

async function chooseStep(
  kit: PlainKit,
  req: PlainRequest,
  w: Words,
  product: PublicProduct,
  draft: Draft,
  action: string,
): Promise<string> {
  const { fields, errors } = draft
  const parts: string[] = []
  if (product.kind === 'service') parts.push(await slotChoice(kit, req, w, product, draft, action))
  if (product.kind === 'merch') {
    const variants = product.details.variants
    if (variants.length > 1)
      parts.push(
        select({
          label: w.text(BUY.variant),
          name: 'variantId',
          value: fields.variantId ?? variants.find((v) => v.stock > 0)?.id,
          error: errors.variantId,
          options: variants.map((v) => {
            const name = Object.values(v.options).join(' / ') || w.text(BUY.standard)
            const price = w.money(v.price)
            return {
              value: v.id,
              label: v.stock > 0 ? `${name} — ${price}` : w.text(BUY.soldOut, { name, price }),
              disabled: v.stock <= 0,
            }
          }),
        }),
      )
    else parts.push(hidden('variantId', variants[0]?.id), fieldError(errors.variantId))
  }
  if (product.kind === 'event') {
    const types = product.details.ticketTypes
    const now = clock.ms()
    const open = (t: (typeof types)[number]) =>
      !(t.saleStartsAt && Date.parse(t.saleStartsAt) > now) &&
      !(t.saleEndsAt && Date.parse(t.saleEndsAt) <= now)
    if (types.length > 1)
      parts.push(
        select({
          label: w.text(BUY.ticketType),
          name: 'ticketTypeId',
          value: fields.ticketTypeId ?? types.find(open)?.id,
          error: errors.ticketTypeId,
          options: types.map((t) => {
            const name = t.name
            const price = t.price.amount === 0 ? w.text(BUY.free) : w.money(t.price)
            return {
              value: t.id,
              label: open(t) ? `${name} — ${price}` : w.text(BUY.notOnSale, { name, price }),
              disabled: !open(t),
            }
          }),
        }),
      )
    else parts.push(hidden('ticketTypeId', types[0]?.id), fieldError(errors.ticketTypeId))
  }
  if (product.kind === 'merch' || product.kind === 'event')
    parts.push(
      input({
        label: w.text(BUY.quantity),
        name: 'quantity',
        type: 'number',
        inputmode: 'numeric',
        min: 1,
        max: MAX_QUANTITY,
        value: fields.quantity ?? '1',
        error: errors.quantity,
        hint: w.text(BUY.upTo, { most: MAX_QUANTITY }),
      }),
    )
  if (product.kind === 'digital' && product.details.payWhatYouWant) {
    const minimum = product.details.payWhatYouWant.minimum
    const digits = product.price.currency === 'UGX' ? 0 : 2
    parts.push(
      input({
        label: w.text(BUY.amount),
        name: 'amount',
        inputmode: 'decimal',
        value: fields.amount ?? String(product.price.amount / 10 ** digits),
        error: errors.amount,
        hint: w.text(BUY.amountHint, {
          currency: product.price.currency,
          minimum: w.money(minimum),
          suggested: w.money(product.price),
        }),
      }),
    )
  }
  const next = product.kind === 'event' || product.kind === 'merch' ? 'details' : 'pay'
  return `<form method="get" action="${escapeHtml(action)}" class="form" novalidate>${formMessage(draft.message)}${hidden('step', next)}${carried(draft, (k) => isDetail(k) || k === 'code')}${parts.join('')}${button(w.text(BUY.next))}</form>`
}

/** A service's free times, a week at a time, as radio buttons by day. */
async function slotChoice(
  kit: PlainKit,
  req: PlainRequest,
  w: Words,
  product: Extract<PublicProduct, { kind: 'service' }>,
  draft: Draft,
  action: string,
): Promise<string> {
  const from = /^\d{4}-\d{2}-\d{2}$/.test(draft.fields.from ?? '') ? draft.fields.from : undefined
  const listed = await runFor(kit, req, 'listSlots', {
    productId: product.id,
    days: 7,
    ...(from ? { from } : {}),
  })
  const slots = listed.ok ? listed.data.slots : []
  const zone = listed.ok ? listed.data.timeZone : (product.details.timeZone ?? 'Africa/Nairobi')
  const label = new Intl.DateTimeFormat(w.locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: zone,
  })
  const choice = slots.length
    ? radios({
        legend: w.text(BUY.time),
        name: 'slot',
        value: draft.fields.slot,
        error: draft.errors.slot,
        options: slots.map((slot) => ({ value: slot.start, label: label.format(new Date(slot.start)) })),
      })
    : `<p>${w.say(BUY.noTimes)}</p>${draft.errors.slot ? `<p class="field-error">${escapeHtml(draft.errors.slot)}</p>` : ''}`
  const last = slots.at(-1)?.start
  const day = new Date(last ? Date.parse(last) : clock.ms() + 86_400_000).toISOString().slice(0, 10)
  const later = `${action}?from=${day}`
  return `${choice}<p class="muted">${w.say(BUY.timesIn, { zone: zone.replace(/_/g, ' ') })} <a href="${escapeHtml(later)}">${w.say(BUY.laterTimes)}</a></p>`
}

function detailsStep(w: Words, product: PublicProduct, draft: Draft, action: string): string {
  const { fields } = draft
  const parts: string[] = []
  if (product.kind === 'event') {
    const quantity = Math.max(1, Math.min(MAX_QUANTITY, Number(fields.quantity) || 1))
    const labels = Array.from({ length: quantity }, (_, i) =>
      quantity === 1 ? w.text(BUY.name) : w.text(BUY.ticketN, { number: i + 1 }),
    )
    parts.push(namesFieldset(w, labels, draft))
  }
  if (product.kind === 'merch') parts.push(deliveryFields(w, product, draft))
  const back = `${action}?${new URLSearchParams(Object.entries(fields).filter(([k]) => CHOOSE_KEYS.includes(k)))}&step=choose`
  return `<form method="get" action="${escapeHtml(action)}" class="form" novalidate>${formMessage(draft.message)}${hidden('step', 'pay')}${carried(draft, (k) => CHOOSE_KEYS.includes(k))}${parts.join('')}${button(w.text(BUY.next))}</form><p><a href="${escapeHtml(back)}">${w.say(BUY.change)}</a></p>`
}

/** The names on the tickets, one field per label: `holders.0`, `holders.1`… */
export function namesFieldset(w: Words, labels: string[], draft: Pick<Draft, 'fields' | 'errors'>): string {
  const { fields, errors } = draft
  const names = labels.map((label, i) =>
    input({
      label,
      name: `holders.${i}`,
      value: fields[`holders.${i}`],
      autocomplete: i === 0 ? 'name' : 'off',
      error: errors[`holders.${i}`] ?? (i === 0 ? errors.holders : undefined),
    }),
  )
  return `<fieldset class="fieldset"><legend>${w.say(BUY.names)}</legend><p class="muted">${w.say(BUY.namesHint)}</p>${names.join('')}</fieldset>`
}

export function deliveryFields(
  w: Words,
  product: Extract<PublicProduct, { kind: 'merch' }>,
  draft: Pick<Draft, 'fields' | 'errors'>,
): string {
  const { fields, errors } = draft
  const zones = product.details.shippingZones ?? []
  const pickup = product.details.pickup
  const shipsTo = [...new Set(zones.flatMap((z) => z.countries))]
  const kind = fields['delivery.kind'] ?? (zones.length > 0 ? 'ship' : 'pickup')
  const options = [
    ...(zones.length ? [{ value: 'ship', label: w.text(BUY.ship) }] : []),
    ...(pickup ? [{ value: 'pickup', label: w.text(BUY.pickup, { address: pickup.address }) }] : []),
  ]
  const parts = [
    options.length > 1
      ? radios({
          legend: w.text(BUY.howGet),
          name: 'delivery.kind',
          value: kind,
          options,
          error: errors.delivery,
        })
      : hidden('delivery.kind', options[0]?.value),
  ]
  if (zones.length) {
    const names = new Intl.DisplayNames([w.locale], { type: 'region' })
    const field = (key: string, label: Message, autocomplete: string) =>
      input({
        label: w.text(label),
        name: `delivery.${key}`,
        value: fields[`delivery.${key}`],
        autocomplete,
        error: errors[`delivery.${key}`],
      })
    parts.push(
      field('name', BUY.shipName, 'name'),
      field('phone', BUY.shipPhone, 'tel'),
      field('line1', BUY.line1, 'address-line1'),
      field('line2', BUY.line2, 'address-line2'),
      field('city', BUY.city, 'address-level2'),
      field('region', BUY.region, 'address-level1'),
      field('postalCode', BUY.postalCode, 'postal-code'),
      select({
        label: w.text(BUY.country),
        name: 'delivery.country',
        value: fields['delivery.country'] ?? shipsTo[0],
        error: errors['delivery.country'],
        options: shipsTo.map((code) => ({ value: code, label: names.of(code) ?? code })),
      }),
    )
  }
  return `<fieldset class="fieldset"><legend>${w.say(BUY.delivery)}</legend>${parts.join('')}</fieldset>`
}

/** How the buyer pays and where the receipt goes: the methods with what each charges, the phone, the e-mail. */
export function payerFields(
  req: PlainRequest,
  w: Words,
  draft: Pick<Draft, 'fields' | 'errors'>,
  methods: Quote['charges'],
  free: boolean,
): string[] {
  const { fields, errors } = draft
  const parts: string[] = []
  const method = fields.method ?? methods[0]?.method
  if (!free) {
    parts.push(
      radios({
        legend: w.text(BUY.method),
        name: 'method',
        value: method,
        error: errors.method,
        options: methods.map((charge) => ({
          value: charge.method,
          label: w.text(BUY.chargedAs, {
            method: w.text(METHOD_WORDS[charge.method]),
            amount: w.money(charge.amount),
          }),
          ...(charge.method === 'mpesa' ? { hint: w.text(BUY.mpesaHint) } : {}),
        })),
      }),
      input({
        label: w.text(BUY.phone),
        name: 'phone',
        type: 'tel',
        autocomplete: 'tel',
        inputmode: 'tel',
        value: fields.phone,
        error: errors.phone,
        hint: w.text(BUY.phoneHint),
      }),
      `<div class="field field-check"><input type="checkbox" id="textMe" name="textMe" value="on"${fields.textMe === 'on' ? ' checked' : ''}><label for="textMe">${w.say(BUY.textMe)}</label></div>`,
    )
  }
  parts.push(
    req.caller
      ? `<p class="muted">${w.say(BUY.receiptTo, { email: req.caller.user.email })}</p>`
      : input({
          label: w.text(BUY.email),
          name: 'email',
          type: 'email',
          autocomplete: 'email',
          inputmode: 'email',
          value: fields.email,
          error: errors.email,
          hint: w.text(BUY.emailHint),
        }),
  )
  return parts
}

const METHOD_WORDS = { mpesa: BUY.mpesa, card: BUY.card, paypal: BUY.paypal } as const

function payStep(req: PlainRequest, w: Words, product: PublicProduct, draft: Draft, action: string): string {
  const { fields, errors, quote } = draft
  const parts: string[] = []
  const free = quote ? quote.total.amount === 0 : product.price.amount === 0
  if (quote) {
    const lines = [
      `<strong>${escapeHtml(quote.label)}</strong>`,
      ...(quote.shipping.amount > 0 ? [w.say(BUY.shipping, { amount: w.money(quote.shipping) })] : []),
      ...(quote.discount
        ? [w.say(BUY.discount, { code: quote.discount.code, amount: w.money(quote.discount.amount) })]
        : []),
      ...(quote.offer?.taken
        ? [w.say(BUY.added, { title: quote.offer.title, price: w.money(quote.offer.price) })]
        : []),
      `<strong>${w.say(BUY.total, { amount: w.money(quote.total) })}</strong>`,
    ]
    parts.push(`<div class="card"><h2>${w.say(BUY.summary)}</h2><p>${lines.join('<br>')}</p></div>`)
  }
  if (quote?.offer) parts.push(offerBox(w, quote.offer, errors.upsell, action))
  else parts.push(fieldError(errors.upsell))
  const methods = quote?.charges ?? []
  const method = fields.method ?? methods[0]?.method
  parts.push(...payerFields(req, w, draft, methods, free))
  // The code: applied by showing this step again with it (a GET of the same form), or when paying.
  parts.push(
    input({
      label: w.text(BUY.code),
      name: 'code',
      value: fields.code,
      autocapitalize: 'characters',
      error: errors.code,
    }),
    `<p><button type="submit" class="button secondary" formmethod="get" formaction="${escapeHtml(action)}" formnovalidate name="step" value="pay">${w.say(BUY.applyCode)}</button></p>`,
  )
  const charge = methods.find((c) => c.method === method)
  const label = free
    ? w.text(BUY.getFree)
    : charge && methods.length === 1
      ? w.text(BUY.payAmount, { amount: w.money(charge.amount) })
      : w.text(BUY.pay)
  const others = Object.entries(errors).filter(
    ([key]) => !['method', 'phone', 'email', 'code', 'upsell'].includes(key),
  )
  const otherErrors = others.map(([, said]) => `<p class="field-error">${escapeHtml(said)}</p>`).join('')
  // The code is this step's own field, not carried hidden.
  const keep = (key: string) => (CHOOSE_KEYS.includes(key) && key !== 'code') || isDetail(key)
  const back = `${action}?${new URLSearchParams(Object.entries(fields).filter(([k]) => keep(k)))}&step=choose`
  const attempt = hidden(ATTEMPT_FIELD, fields[ATTEMPT_FIELD] ?? newAttempt())
  return `<form method="post" action="${escapeHtml(action)}" class="form" novalidate>${formMessage(draft.message)}${otherErrors}${tokenField(req.formToken)}${attempt}${carried(draft, keep)}${parts.join('')}${button(label)}</form><p><a href="${escapeHtml(back)}">${w.say(BUY.change)}</a></p>`
}

/**
 * The seller's offer: a box to tick, and the button that shows the total with (or without) it again
 * before paying. The total it was shown with goes along, so a pay press after a change shows the new total
 * first instead of charging it unseen.
 */
function offerBox(w: Words, offer: NonNullable<Quote['offer']>, error: string | undefined, action: string) {
  const label = w.say(BUY.offer, {
    title: offer.title,
    price: w.money(offer.price),
    list: w.money(offer.listPrice),
  })
  const said = error ? `<p class="field-error" id="upsell-error" role="alert">${escapeHtml(error)}</p>` : ''
  return `<div class="card offer"><div class="field field-check"><input type="checkbox" id="upsell" name="upsell" value="on"${offer.taken ? ' checked' : ''}${error ? ' aria-describedby="upsell-error"' : ''}><label for="upsell">${label}</label></div>${said}${hidden(OFFER_QUOTED, offer.taken ? 'on' : 'off')}<p><button type="submit" class="button secondary" formmethod="get" formaction="${escapeHtml(action)}" formnovalidate name="step" value="pay">${w.say(BUY.updateTotal)}</button></p></div>`
}

export function notOnSale(kit: PlainKit, req: PlainRequest): Response {
  const w = wordsFor(req)
  return sendPage(kit, req, {
    title: w.text(BUY.notFoundTitle),
    main: `<h1>${w.say(BUY.notFoundTitle)}</h1><p>${w.say(BUY.notFound)}</p><p><a class="button" href="/explore">${w.say(BUY.browse)}</a></p>`,
    status: 404,
  })
}

export function refused(kit: PlainKit, req: PlainRequest): Response {
  const w = wordsFor(req)
  return sendPage(kit, req, {
    title: w.text(BUY.refusedTitle),
    main: `<h1>${w.say(BUY.refusedTitle)}</h1><p>${w.say(BUY.refused)}</p>`,
    status: 403,
  })
}
