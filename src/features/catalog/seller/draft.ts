import { t } from '@lingui/core/macro'
import type { ProductKind } from '../../../../contract/catalog.constants'
import type { KindWithDetailsInput, Place, Product } from '../../../../contract/catalog.contract'
import type { CurrencyCode } from '../../../../contract/currencies'
import type { Money } from '../../../../contract/money'
import { isoToZoned, zonedToIso } from '../../../../contract/zoned-time'
import { majorText, toMinor } from '../../../lib/money'

/**
 * A product form's contents as the inputs hold them (text), and the conversion to and from the
 * contract's product (minor units, ISO instants, nested details). The server validates again; the checks
 * here only catch what cannot even be sent, such as a price that is not a number.
 */
export interface Draft {
  title: string
  description: string
  price: string
  currency: CurrencyCode
  category: string
  slug: string
  // digital
  payWhatYouWant: boolean
  minimum: string
  free: boolean
  downloadLimit: string
  // service and event
  whereKind: 'online' | 'place'
  url: string
  address: string
  timeZone: string
  // service
  durationMinutes: string
  availability: { day: string; from: string; to: string }[]
  exceptions: string
  bufferMinutes: string
  bookAheadDays: string
  minNoticeMinutes: string
  dailyLimit: string
  changeHours: string
  // merch
  variants: { id?: string; size: string; colour: string; price: string; stock: string; sku: string }[]
  zones: { name: string; countries: string; fee: string }[]
  pickup: boolean
  pickupAddress: string
  // event
  startsAt: string
  endsAt: string
  tickets: {
    id?: string
    name: string
    price: string
    capacity: string
    saleStartsAt: string
    saleEndsAt: string
  }[]
  // membership
  tiers: DraftTier[]
  /** Members may pause for 1 to 3 months. */
  pausing: boolean
}

/** A membership tier as its inputs hold it: each price a period, a currency and an amount. */
export interface DraftTier {
  id?: string
  name: string
  perks: string
  prices: { interval: 'month' | 'year'; currency: CurrencyCode; amount: string }[]
  memberLimit: string
  /** Days of free trial, as typed; empty for none. */
  trialDays: string
  /** The membership's files this tier's members get. */
  files: string[]
}

/** A new tier's inputs: a monthly price in the product's currency. */
export const blankTier = (currency: CurrencyCode): DraftTier => ({
  name: '',
  perks: '',
  prices: [{ interval: 'month', currency, amount: '' }],
  memberLimit: '',
  trialDays: '',
  files: [],
})

export function emptyDraft(currency: CurrencyCode): Draft {
  return {
    title: '',
    description: '',
    price: '',
    currency,
    category: '',
    slug: '',
    payWhatYouWant: false,
    minimum: '',
    free: false,
    downloadLimit: '',
    whereKind: 'online',
    url: '',
    address: '',
    timeZone: 'Africa/Nairobi',
    durationMinutes: '60',
    availability: [1, 2, 3, 4, 5].map((day) => ({ day: String(day), from: '09:00', to: '17:00' })),
    exceptions: '',
    bufferMinutes: '0',
    bookAheadDays: '60',
    minNoticeMinutes: '60',
    dailyLimit: '0',
    changeHours: '24',
    variants: [{ size: '', colour: '', price: '', stock: '0', sku: '' }],
    zones: [],
    pickup: false,
    pickupAddress: '',
    startsAt: '',
    endsAt: '',
    tickets: [{ name: t`General admission`, price: '', capacity: '50', saleStartsAt: '', saleEndsAt: '' }],
    tiers: [{ ...blankTier(currency), name: t`Supporter` }],
    pausing: false,
  }
}

/** The form's contents for a product: its own kind's fields from its details, the others left empty. */
export function draftOf(product: Product): Draft {
  const currency = product.price.currency
  const draft = emptyDraft(currency)
  const money = (m: Money | undefined) => (m ? majorText(m.amount, m.currency) : '')
  const common: Draft = {
    ...draft,
    title: product.title,
    description: product.description,
    price: money(product.price),
    category: product.category ?? '',
    slug: product.slug,
  }
  const place = (where: Place | undefined) => ({
    whereKind: where?.kind ?? 'online',
    url: where?.kind === 'online' ? where.url : '',
    address: where?.kind === 'place' ? where.address : '',
  })
  switch (product.kind) {
    case 'digital': {
      const d = product.details
      return {
        ...common,
        payWhatYouWant: Boolean(d.payWhatYouWant),
        minimum: money(d.payWhatYouWant?.minimum),
        free: d.free === true,
        downloadLimit: d.downloadLimit ? String(d.downloadLimit) : '',
      }
    }
    case 'service': {
      const d = product.details
      return {
        ...common,
        ...place(d.where),
        timeZone: d.timeZone ?? draft.timeZone,
        durationMinutes: d.durationMinutes ? String(d.durationMinutes) : draft.durationMinutes,
        availability: d.availability
          ? d.availability.map((s) => ({ ...s, day: String(s.day) }))
          : draft.availability,
        exceptions: (d.exceptions ?? []).join(', '),
        bufferMinutes: String(d.bufferMinutes ?? 0),
        bookAheadDays: String(d.bookAheadDays ?? 60),
        minNoticeMinutes: String(d.minNoticeMinutes ?? 60),
        dailyLimit: String(d.dailyLimit ?? 0),
        changeHours: String(d.changeHours ?? 24),
      }
    }
    case 'merch': {
      const d = product.details
      return {
        ...common,
        variants: d.variants
          ? d.variants.map((v) => ({
              ...(v.id ? { id: v.id } : {}),
              size: v.options.size ?? '',
              colour: v.options.colour ?? '',
              price: money(v.price),
              stock: String(v.stock),
              sku: v.sku,
            }))
          : draft.variants,
        zones: (d.shippingZones ?? []).map((z) => ({
          name: z.name,
          countries: z.countries.join(', '),
          fee: money(z.fee),
        })),
        pickup: Boolean(d.pickup),
        pickupAddress: d.pickup?.address ?? '',
      }
    }
    case 'event': {
      const d = product.details
      const timeZone = d.timeZone ?? draft.timeZone
      return {
        ...common,
        ...place(d.where),
        timeZone,
        startsAt: isoToZoned(d.startsAt, timeZone),
        endsAt: isoToZoned(d.endsAt, timeZone),
        tickets: d.ticketTypes
          ? d.ticketTypes.map((t) => ({
              ...(t.id ? { id: t.id } : {}),
              name: t.name,
              price: money(t.price),
              capacity: String(t.capacity),
              saleStartsAt: isoToZoned(t.saleStartsAt, timeZone),
              saleEndsAt: isoToZoned(t.saleEndsAt, timeZone),
            }))
          : draft.tickets,
      }
    }
    case 'membership':
      return {
        ...common,
        tiers: product.details.tiers.map((tier) => ({
          id: tier.id,
          name: tier.name,
          perks: tier.perks,
          prices: tier.prices.map((p) => ({
            interval: p.interval,
            currency: p.price.currency,
            amount: money(p.price),
          })),
          memberLimit: tier.memberLimit === null ? '' : String(tier.memberLimit),
          trialDays: tier.trialDays ? String(tier.trialDays) : '',
          files: tier.files ?? [],
        })),
        pausing: product.details.pausing ?? false,
      }
  }
}

/** The product to send: the fields every kind has, and the kind with its details. */
export type BuiltProduct = {
  title: string
  description: string
  price: Money
  category: string
  slug: string
} & KindWithDetailsInput

/** The product to send, or the fields that cannot be sent as they are (keyed as the server keys them). */
export function buildProduct(
  kind: ProductKind,
  draft: Draft,
  /** The product's files as last saved: a tier keeps only those (one removed since drops out). */
  files: string[] = [],
): { product: BuiltProduct; errors: null } | { product: null; errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const { currency } = draft
  const amount = (text: string, key: string, allowEmpty = false): Money => {
    const minor = text.trim() === '' && allowEmpty ? 0 : toMinor(text, currency)
    if (minor === null) errors[key] = t`Give an amount such as 1500 or 9.99`
    return { amount: minor ?? 0, currency }
  }
  const whole = (text: string, key: string): number => {
    const n = Number(text)
    if (text.trim() === '' || !Number.isInteger(n)) errors[key] = t`Give a whole number`
    return n
  }
  const instant = (text: string, key: string, optional: boolean): string | null => {
    if (!text) {
      if (!optional) errors[key] = t`Give a date and time`
      return null
    }
    const iso = zonedToIso(text, draft.timeZone)
    if (!iso) errors[key] = t`Give a date and time`
    return iso
  }
  const where: Place =
    draft.whereKind === 'online'
      ? { kind: 'online', url: draft.url.trim() }
      : { kind: 'place', address: draft.address.trim() }
  const free = kind === 'digital' && draft.free
  const price =
    (kind === 'event' && draft.price.trim() === '') || kind === 'membership'
      ? null
      : amount(free ? '0' : draft.price, 'price.amount')
  // Each kind's details, checked in the order of the form so the first message is the first field.
  const ofKind = ((): KindWithDetailsInput => {
    switch (kind) {
      case 'digital':
        return {
          kind,
          details: {
            free,
            payWhatYouWant:
              draft.payWhatYouWant && !free
                ? { minimum: amount(draft.minimum, 'details.payWhatYouWant.minimum.amount') }
                : null,
            downloadLimit: draft.downloadLimit.trim()
              ? whole(draft.downloadLimit, 'details.downloadLimit')
              : null,
          },
        }
      case 'service':
        return {
          kind,
          details: {
            durationMinutes: whole(draft.durationMinutes, 'details.durationMinutes'),
            where,
            timeZone: draft.timeZone,
            availability: draft.availability.map((s) => ({ day: Number(s.day), from: s.from, to: s.to })),
            exceptions: draft.exceptions
              .split(/[,\s]+/)
              .map((s) => s.trim())
              .filter(Boolean),
            bufferMinutes: whole(draft.bufferMinutes, 'details.bufferMinutes'),
            bookAheadDays: whole(draft.bookAheadDays, 'details.bookAheadDays'),
            minNoticeMinutes: whole(draft.minNoticeMinutes, 'details.minNoticeMinutes'),
            dailyLimit: whole(draft.dailyLimit, 'details.dailyLimit'),
            changeHours: whole(draft.changeHours, 'details.changeHours'),
          },
        }
      case 'merch':
        return {
          kind,
          details: {
            variants: draft.variants.map((v, i) => ({
              ...(v.id ? { id: v.id } : {}),
              options: Object.fromEntries(
                [
                  ['size', v.size.trim()],
                  ['colour', v.colour.trim()],
                ].filter(([, value]) => value),
              ),
              price: amount(v.price || draft.price, `details.variants.${i}.price.amount`),
              stock: whole(v.stock, `details.variants.${i}.stock`),
              sku: v.sku.trim(),
            })),
            shippingZones: draft.zones.map((z, i) => ({
              name: z.name.trim(),
              countries: z.countries
                .split(/[,\s]+/)
                .map((c) => c.trim().toUpperCase())
                .filter(Boolean),
              fee: amount(z.fee, `details.shippingZones.${i}.fee.amount`, true),
            })),
            pickup: draft.pickup ? { address: draft.pickupAddress.trim() } : null,
          },
        }
      case 'event': {
        const tickets = draft.tickets.map((t, i) => ({
          ...(t.id ? { id: t.id } : {}),
          name: t.name.trim(),
          price: amount(t.price, `details.ticketTypes.${i}.price.amount`, true),
          capacity: whole(t.capacity, `details.ticketTypes.${i}.capacity`),
          saleStartsAt: instant(t.saleStartsAt, `details.ticketTypes.${i}.saleStartsAt`, true),
          saleEndsAt: instant(t.saleEndsAt, `details.ticketTypes.${i}.saleEndsAt`, true),
        }))
        return {
          kind,
          details: {
            // Missing only when its message is in `errors`, and then nothing is sent.
            startsAt: instant(draft.startsAt, 'details.startsAt', false) ?? '',
            endsAt: instant(draft.endsAt, 'details.endsAt', true),
            timeZone: draft.timeZone,
            where,
            ticketTypes: tickets,
          },
        }
      }
      case 'membership':
        return {
          kind,
          details: {
            tiers: draft.tiers.map((tier, i) => ({
              ...(tier.id ? { id: tier.id } : {}),
              name: tier.name.trim(),
              perks: tier.perks.trim(),
              prices: tier.prices.map((p, j) => {
                const minor = toMinor(p.amount, p.currency)
                if (minor === null)
                  errors[`details.tiers.${i}.prices.${j}.price.amount`] =
                    t`Give an amount such as 1500 or 9.99`
                return { interval: p.interval, price: { amount: minor ?? 0, currency: p.currency } }
              }),
              memberLimit: tier.memberLimit.trim()
                ? whole(tier.memberLimit, `details.tiers.${i}.memberLimit`)
                : null,
              trialDays: tier.trialDays.trim() ? whole(tier.trialDays, `details.tiers.${i}.trialDays`) : null,
              files: tier.files.filter((id) => files.includes(id)),
            })),
            pausing: draft.pausing,
          },
        }
    }
  })()
  if (Object.keys(errors).length > 0) return { product: null, errors }
  // An event's headline price is its cheapest ticket; a membership's, its first tier's first price.
  const headline = price ??
    (ofKind.kind === 'membership' ? ofKind.details.tiers[0]?.prices[0]?.price : undefined) ??
    (ofKind.kind === 'event'
      ? ofKind.details.ticketTypes.reduce((low, t) => (t.price.amount < low.amount ? t.price : low), {
          amount: Number.MAX_SAFE_INTEGER,
          currency,
        })
      : undefined) ?? { amount: 0, currency }
  return {
    product: {
      title: draft.title.trim(),
      description: draft.description,
      price: headline,
      category: draft.category.trim(),
      slug: draft.slug.trim(),
      ...ofKind,
    },
    errors: null,
  }
}
