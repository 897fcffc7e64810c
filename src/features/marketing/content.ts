import { CONTACT_TOPICS } from '../../../contract/contact.constants'
import type { Lang } from '../../../contract/i18n'
import { HOLD_WORDS, SALE_FEE_MARK } from '../../../contract/platform'
import { swahili, swahiliTopics } from './content.sw'
import { PRICING_EXAMPLES } from './examples'
import type { ContactPayload, FeaturesPayload, HomeWords, MarketingPayloads, PricingPayload } from './types'

/**
 * What the marketing pages say. The build writes it to `{path}/_payload.json` and into the prerendered
 * HTML (vite.config.ts, src/prerender.tsx); the browser bundle never imports this file, it fetches the
 * payload, so the words cost nothing on the first load of any other page.
 */

const home: HomeWords = {
  heading: 'Sell digital products & get paid anywhere',
  lead:
    'Soko is the marketplace for creatives and freelancers in East Africa and beyond: sell, invoice ' +
    'clients and take payments by card, PayPal and M-Pesa.',
  points: [
    {
      icon: 'bag',
      title: 'Sell anything you make',
      text: 'Presets, templates, music, courses, coaching sessions, T-shirts and event tickets — one storefront.',
    },
    {
      icon: 'phone',
      title: 'Get paid the way your buyers pay',
      text: 'Card, PayPal and M-Pesa at checkout. Withdraw instantly to M-Pesa or on a schedule.',
    },
    {
      icon: 'offline',
      title: 'Made for phones and slow networks',
      text: 'Install Soko on your home screen. Downloads resume where they stopped; your sales open offline.',
    },
  ],
  steps: [
    {
      title: 'Open your storefront',
      text: 'Pick a handle, add a photo and say what you make. It takes two minutes.',
    },
    {
      title: 'List what you sell',
      text: 'Upload files, set a price or let buyers pay what they want, publish.',
    },
    {
      title: 'Share the link',
      text: 'Every product has its own page that shows a card on WhatsApp and social apps.',
    },
    {
      title: 'Get paid',
      text: `Buyers pay by M-Pesa, card or PayPal. ${HOLD_WORDS.step}`,
    },
  ],
}

const features: FeaturesPayload = {
  heading: 'Features',
  lead: 'Everything a creator or freelancer needs to sell, get paid and keep going on a slow connection.',
  groups: [
    {
      title: 'Sell',
      items: [
        {
          icon: 'download',
          title: 'Digital products',
          text: 'Files up to 2 GB, download limits, pay-what-you-want with a minimum.',
        },
        {
          icon: 'calendar',
          title: 'Services and bookings',
          text: 'Weekly availability, buffers between sessions, bookings in the buyer’s time zone.',
        },
        {
          icon: 'bag',
          title: 'Merch',
          text: 'Sizes and colours with their own stock, shipping zones and pickup.',
        },
        {
          icon: 'ticket',
          title: 'Event tickets',
          text: 'Ticket types with capacity and sale windows, QR codes at the door.',
        },
        { icon: 'invoice', title: 'Invoices', text: 'Bill a client and let them pay online by any method.' },
      ],
    },
    {
      title: 'Get paid',
      items: [
        {
          icon: 'phone',
          title: 'M-Pesa',
          text: 'STK push to the buyer’s phone, with a Paybill fallback when the prompt does not come.',
        },
        {
          icon: 'card',
          title: 'Card and PayPal',
          text: 'Buyers anywhere pay in a way they trust, 3-D Secure included.',
        },
        {
          icon: 'wallet',
          title: 'Payouts',
          text: 'Withdraw instantly to M-Pesa, or daily, weekly or monthly to M-Pesa, PayPal or a bank.',
        },
      ],
    },
    {
      title: 'Built for phones',
      items: [
        {
          icon: 'offline',
          title: 'Works offline',
          text: 'Install Soko to the home screen; purchases and sales open with no signal.',
        },
        {
          icon: 'download',
          title: 'Downloads that resume',
          text: 'A dropped connection continues where it stopped instead of starting again.',
        },
        {
          icon: 'bolt',
          title: 'Light',
          text: 'Small pages and images sized for the screen, so a 3G link is enough.',
        },
      ],
    },
  ],
}

const pricing: PricingPayload = {
  heading: 'Pricing',
  lead: `No monthly fee and no setup cost: Soko keeps ${SALE_FEE_MARK} of each sale, and nothing when you sell nothing.`,
  feeText: SALE_FEE_MARK,
  includes: [
    'Unlimited products, services, merch and events',
    'Card, PayPal and M-Pesa checkout',
    'Invoices for clients',
    'Files up to 2 GB each, with resumable downloads for buyers',
    'Instant or scheduled payouts',
    'Your own storefront page and share cards',
  ],
  examples: PRICING_EXAMPLES,
  faq: [
    {
      question: 'When can I withdraw?',
      answer: HOLD_WORDS.withdraw,
    },
    {
      question: 'Do buyers pay extra?',
      answer: 'No. The buyer pays the price you set; the fee comes out of the sale.',
    },
    {
      question: 'What if I refund a buyer?',
      answer: 'The sale and its fee are reversed together, so a refund never costs you the fee.',
    },
  ],
}

const contact: ContactPayload = {
  heading: 'Contact us',
  lead: 'Questions about selling, payouts or something you bought? Write to us and a person will answer.',
  responseTime: 'We answer within one working day, Monday to Friday, East Africa Time.',
  topics: CONTACT_TOPICS.map((topic) => ({ value: topic.value, label: topic.label })),
  tips: [
    {
      title: 'A purchase',
      text: 'Give the e-mail you bought with and the product’s name or order reference.',
    },
    {
      title: 'An M-Pesa payment',
      text: 'Give the M-Pesa confirmation code from the SMS and the phone number that paid.',
    },
    { title: 'Payouts', text: 'Give your storefront handle; never send us your password or M-Pesa PIN.' },
  ],
}

/** Each prerendered page's path and its payload. */
export const marketingPayloads = {
  '/': home,
  '/features': features,
  '/pricing': pricing,
  '/contact-us': contact,
} as const

export type MarketingPath = keyof typeof marketingPayloads

const inSwahili: MarketingPayloads = {
  '/': swahili.home,
  '/features': swahili.features,
  '/pricing': swahili.pricing,
  '/contact-us': { ...swahili.contact, topics: swahiliTopics(CONTACT_TOPICS) },
}

/** The marketing pages' payloads in a language (`{path}/_payload.json`, and `_payload.sw.json` in Kiswahili). */
export function marketingPayloadsIn(lang: Lang): MarketingPayloads {
  return lang === 'sw' ? inSwahili : marketingPayloads
}
