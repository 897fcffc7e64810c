import type { SubjectInput } from '../../../contract'
import type { Cover } from './cover-art'
import {
  brushPack,
  circleNotes,
  invoiceTemplate,
  paymentGuide,
  presetGuide,
  presetPack,
  proposalTemplate,
} from './file-contents'
import { docx, pdf } from './file-writers'

/** A file buyers of a digital product download. */
export interface DemoFile {
  fileName: string
  body: Buffer
}

export interface DemoProduct {
  input: SubjectInput<'createProduct'>
  covers: Cover[]
  /** Made only when the database is empty, after the products exist. */
  files?: () => Promise<DemoFile[]>
}

const DAY = 24 * 60 * 60 * 1000
const NAIROBI = 'Africa/Nairobi'

/** One product of each kind (three digital ones), all by the demo seller. Dates count from `now`. */
export function demoProducts(now: number): DemoProduct[] {
  // The meetup: the first Saturday at least 45 days away, 18:00 in Nairobi (UTC+3, no daylight saving).
  const start = new Date(now + 45 * DAY)
  start.setUTCHours(15, 0, 0, 0)
  start.setUTCDate(start.getUTCDate() + ((6 - start.getUTCDay() + 7) % 7))
  const at = (ms: number) => new Date(ms).toISOString()
  const when = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: NAIROBI,
  }).format(start)

  const sizes = ['S', 'M', 'L', 'XL'] as const
  const colours = ['Black', 'Indigo', 'Sand'] as const
  const tee = (size: string) => ({ amount: size === 'XL' ? 2_000_00 : 1_800_00, currency: 'KES' as const })

  return [
    {
      input: {
        kind: 'digital',
        title: 'Nairobi Nights — Lightroom Preset Pack',
        category: 'Photography',
        description:
          '<p><strong>12 presets tuned for city lights after dark:</strong> warm street lamps, deep blues and clean ' +
          'skin tones, made on the streets of the CBD and Westlands.</p>' +
          '<ul><li>12 XMP presets for Lightroom Classic, Lightroom and Camera Raw</li>' +
          '<li>A one-page PDF guide to installing and using them</li>' +
          '<li>Works on raw files and JPEGs from phones</li></ul>',
        price: { amount: 1_500_00, currency: 'KES' },
      },
      covers: [{ motif: 'city', title: 'Nairobi Nights — Lightroom Preset Pack' }],
      files: async () => [
        { fileName: 'nairobi-nights-presets.zip', body: presetPack() },
        { fileName: 'nairobi-nights-guide.pdf', body: pdf('Nairobi Nights — the guide', presetGuide) },
      ],
    },
    {
      input: {
        kind: 'digital',
        title: 'Freelancer Invoice & Proposal Kit',
        category: 'Templates',
        description:
          '<p>Editable <strong>invoice and proposal templates</strong> in DOCX that open in Word, Google Docs and ' +
          'LibreOffice, with M-Pesa and PayPal payment blocks already laid out.</p>' +
          '<ul><li>Invoice with line items, totals and payment details</li>' +
          '<li>Proposal with scope, timeline and terms</li>' +
          '<li>A short PDF guide to getting paid on time</li></ul>',
        price: { amount: 9_00, currency: 'USD' },
      },
      covers: [{ motif: 'paperwork', title: 'Freelancer Invoice & Proposal Kit' }],
      files: async () => [
        { fileName: 'invoice-template.docx', body: docx(invoiceTemplate) },
        { fileName: 'proposal-template.docx', body: docx(proposalTemplate) },
        { fileName: 'getting-paid-on-time.pdf', body: pdf('Getting paid on time', paymentGuide) },
      ],
    },
    {
      input: {
        kind: 'digital',
        title: 'Kanga Lettering Brushes for Procreate',
        category: 'Design',
        description:
          '<p>Brush tips drawn from <strong>East African kanga prints</strong> and hand-painted shop signs, for ' +
          'bold, slightly rough lettering.</p>' +
          '<ul><li>6 brush shapes as PNG, ready for Procreate’s Brush Studio</li>' +
          '<li>A printable practice sheet (PDF)</li></ul>',
        price: { amount: 800_00, currency: 'KES' },
      },
      covers: [{ motif: 'kanga', title: 'Kanga Lettering Brushes for Procreate' }],
      files: async () => [{ fileName: 'kanga-lettering-brushes.zip', body: await brushPack() }],
    },
    {
      input: {
        kind: 'service',
        title: 'Portfolio review call',
        category: 'Coaching',
        description:
          '<p>A <strong>45-minute video call</strong> going through your portfolio with a working designer and ' +
          'photographer.</p><ul><li>What to cut, what to lead with</li><li>How to price your next project</li>' +
          '<li>A written summary after the call</li></ul>',
        price: { amount: 3_500_00, currency: 'KES' },
        details: {
          durationMinutes: 45,
          where: { kind: 'online', url: 'https://meet.jit.si/wanjiru-studio-portfolio-review' },
          timeZone: NAIROBI,
          availability: [1, 2, 3, 4, 5].flatMap((day) => [
            { day, from: '09:00', to: '12:00' },
            { day, from: '14:00', to: '17:00' },
          ]),
          bufferMinutes: 15,
          bookAheadDays: 30,
        },
      },
      covers: [{ motif: 'call', title: 'Portfolio review call', caption: '45 minutes, online' }],
    },
    {
      input: {
        kind: 'merch',
        title: 'Kanga print T-shirt',
        category: 'Apparel',
        description:
          '<p>Heavy <strong>100% cotton</strong> T-shirt with a screen-printed kanga pattern, printed in ' +
          'Nairobi.</p><ul><li>Sizes S to XL, in black, indigo or sand</li>' +
          '<li>Delivered across Kenya and East Africa, or collect from the studio</li></ul>',
        price: tee('M'),
        details: {
          variants: sizes.flatMap((size, s) =>
            colours.map((colour, c) => ({
              options: { size, colour },
              price: tee(size),
              stock: 4 + ((s * 5 + c * 3) % 9),
              sku: `KANGA-TEE-${colour.slice(0, 3).toUpperCase()}-${size}`,
            })),
          ),
          shippingZones: [
            {
              name: 'Nairobi and rest of Kenya',
              countries: ['KE'],
              fee: { amount: 300_00, currency: 'KES' },
            },
            {
              name: 'East Africa',
              countries: ['UG', 'TZ', 'RW', 'BI', 'SS'],
              fee: { amount: 1_200_00, currency: 'KES' },
            },
          ],
          pickup: { address: 'Wanjiru Studio, Kirichwa Road, Kilimani, Nairobi' },
        },
      },
      covers: [
        { motif: 'tee', title: 'Kanga print T-shirt' },
        { motif: 'tee-colours', title: 'Kanga print T-shirt', caption: 'S to XL in three colours' },
      ],
    },
    {
      input: {
        kind: 'event',
        title: 'Nairobi Creators Meetup',
        category: 'Events',
        description:
          '<p>An evening for <strong>people who make things</strong> — photographers, designers, writers and ' +
          'makers — to meet, show work and swap what works.</p>' +
          '<ul><li>Five-minute show-and-tell slots</li><li>A panel on selling your work online</li>' +
          '<li>Snacks and drinks included</li></ul>',
        price: { amount: 500_00, currency: 'KES' },
        details: {
          startsAt: at(start.getTime()),
          endsAt: at(start.getTime() + 3.5 * 60 * 60 * 1000),
          timeZone: NAIROBI,
          where: { kind: 'place', address: 'Soko Loft, 3rd floor, Mpaka Road, Westlands, Nairobi' },
          ticketTypes: [
            {
              name: 'Early bird',
              price: { amount: 500_00, currency: 'KES' },
              capacity: 40,
              saleEndsAt: at(start.getTime() - 21 * DAY),
            },
            {
              name: 'Standard',
              price: { amount: 1_000_00, currency: 'KES' },
              capacity: 110,
              saleEndsAt: at(start.getTime() - 3 * 60 * 60 * 1000),
            },
          ],
        },
      },
      covers: [
        { motif: 'meetup', title: 'Nairobi Creators Meetup', caption: `${when}, 18:00 · Westlands, Nairobi` },
      ],
    },
    {
      input: {
        kind: 'membership',
        title: 'Studio Circle',
        category: 'Memberships',
        description:
          '<p>Join the <strong>Studio Circle</strong> and see how the photos and presets are made, month by ' +
          'month, before anyone else.</p>' +
          '<ul><li>A behind-the-scenes post every month</li><li>Early looks at new presets</li>' +
          '<li>Studio members: a new preset and a live critique each month</li></ul>',
        price: { amount: 300_00, currency: 'KES' },
        details: {
          tiers: [
            {
              name: 'Supporter',
              perks: 'A behind-the-scenes post every month, and early looks at new presets.',
              prices: [
                { interval: 'month', price: { amount: 300_00, currency: 'KES' } },
                { interval: 'year', price: { amount: 3_000_00, currency: 'KES' } },
                { interval: 'month', price: { amount: 3_00, currency: 'USD' } },
              ],
            },
            {
              name: 'Studio member',
              perks:
                'Everything supporters get, plus a new preset and a live critique of your photos each month.',
              prices: [
                { interval: 'month', price: { amount: 1_000_00, currency: 'KES' } },
                { interval: 'year', price: { amount: 10_000_00, currency: 'KES' } },
              ],
              memberLimit: 50,
            },
          ],
        },
      },
      covers: [{ motif: 'city', title: 'Studio Circle', caption: 'A members’ post every month' }],
      // Given to every tier once stored (seedDemoPosts): members find it in their library.
      files: async () => [
        {
          fileName: 'studio-circle-editing-notes.pdf',
          body: pdf('Studio Circle — editing notes', circleNotes),
        },
      ],
    },
  ]
}
