import { createHash } from 'node:crypto'
import { count, sql } from 'drizzle-orm'
import type { SubjectInput } from '../../../contract'
import { FILE_TYPES } from '../../../contract/catalog.constants'
import { newProduct } from '../../../contract/catalog.contract'
import type { Db } from '../../db/client'
import { productAssets, users } from '../../db/schema'
import type { Config } from '../../env'
import type { Logger } from '../../lib/log'
import { uuidv7 } from '../../lib/uuid'
import type { Storage } from '../../storage/storage'
import { createUser, makeSeller } from '../accounts/accounts.service'
import { createProduct, type ProductRow, publishProduct } from '../catalog/catalog.service'
import { imageVariants, partSizeFor } from '../catalog/uploads.service'
import { brushShapePng, type Cover, coverPng } from './cover-art'
import { docx, type PdfLine, pdf, zip } from './file-writers'

export interface DemoAccounts {
  adminEmail: string
  sellerEmail: string
  sellerHandle: string
  password: string
}

/** A file buyers of a digital product download. */
interface DemoFile {
  fileName: string
  body: Buffer
}

interface DemoProduct {
  input: SubjectInput<'createProduct'>
  covers: Cover[]
  /** Made only when the database is empty, after the products exist. */
  files?: () => Promise<DemoFile[]>
}

const DAY = 24 * 60 * 60 * 1000
const NAIROBI = 'Africa/Nairobi'

/** One product of each kind (three digital ones), all by the demo seller. Dates count from `now`. */
function demoProducts(now: number): DemoProduct[] {
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
  ]
}

/**
 * Fills an empty database with the demo admin, a seller with a storefront and one published product of
 * each kind, with photos and downloadable files, through the same services people use, in one transaction,
 * so a half-seeded database cannot happen. Storage writes cannot roll back with it: a seed that fails
 * after writing leaves unreferenced objects behind (litter only), and the next start seeds afresh.
 */
export async function seedDemoData(
  db: Db,
  storage: Storage,
  config: Config,
  log: Logger,
): Promise<DemoAccounts> {
  const accounts: DemoAccounts = {
    adminEmail: 'admin@soko.test',
    sellerEmail: 'wanjiru@soko.test',
    sellerHandle: 'wanjiru',
    password: config.demoPassword,
  }
  await db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL take turns here; the second then finds people and stops.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('soko:seed'))`)
    const [row] = await tx.select({ n: count() }).from(users)
    if ((row?.n ?? 0) > 0) return
    const started = performance.now()
    const t = tx as unknown as Db
    await createUser(t, {
      email: accounts.adminEmail,
      name: 'Soko Admin',
      password: accounts.password,
      roles: ['admin'],
      emailVerified: true,
    })
    const seller = await createUser(t, {
      email: accounts.sellerEmail,
      name: 'Wanjiru Kamau',
      password: accounts.password,
      emailVerified: true,
    })
    await makeSeller(t, seller.id, {
      handle: accounts.sellerHandle,
      displayName: 'Wanjiru Studio',
      country: 'KE',
      // Daraja's sandbox test number: payouts to it go to the M-Pesa simulator.
      payoutMethod: { kind: 'mpesa', phone: '254708374149' },
    })
    const demo = demoProducts(Date.now())
    const created: ProductRow[] = []
    for (const product of demo) {
      const row = await createProduct(t, seller.id, newProduct.parse(product.input))
      created.push(await publishProduct(t, seller.id, row.id))
    }
    // Drawing and writing the media is most of the work: done for all products at once, with no query
    // meanwhile (the transaction has one connection), then the rows go in with a single insert.
    const media = await Promise.all(
      demo.map((product, i) => productMedia(storage, created[i] as ProductRow, product)),
    )
    const rows = media.flat().map((asset) => ({ ...asset, sellerId: seller.id }))
    await t.insert(productAssets).values(rows)
    log.info('demo data seeded', {
      admin: accounts.adminEmail,
      seller: accounts.sellerEmail,
      products: created.length,
      assets: rows.length,
      ms: Math.round(performance.now() - started),
    })
  })
  return accounts
}

type NewAsset = Omit<typeof productAssets.$inferInsert, 'sellerId'>

/** A product's photos and files, written to storage as a finished upload would leave them. */
async function productMedia(storage: Storage, product: ProductRow, demo: DemoProduct): Promise<NewAsset[]> {
  const ready = { productId: product.id, status: 'ready', completedAt: new Date() } as const
  const drawCover = async (cover: Cover, position: number): Promise<NewAsset> => {
    const png = await coverPng(cover)
    const drawn = await imageVariants(png)
    if (!drawn) throw new Error(`the demo cover of ${product.slug} could not be resized`)
    const id = uuidv7()
    const prefix = `public/products/${product.id}/${id}`
    await Promise.all(
      drawn.variants.map((v) => storage.write(`${prefix}-${v.width}.webp`, v.body, 'image/webp')),
    )
    return {
      ...ready,
      id,
      role: 'image',
      storageKey: prefix,
      partSize: partSizeFor(png.length),
      fileName: `${product.slug}-${position + 1}.png`,
      contentType: 'image/png',
      size: png.length,
      image: { width: drawn.width, height: drawn.height, widths: drawn.variants.map((v) => v.width) },
      position,
    }
  }
  const storeFile = async (file: DemoFile, position: number): Promise<NewAsset> => {
    const id = uuidv7()
    const key = `products/${product.id}/files/${id}`
    const contentType = FILE_TYPES[file.fileName.split('.').pop() ?? ''] ?? 'application/octet-stream'
    await storage.write(key, file.body, contentType)
    return {
      ...ready,
      id,
      role: 'file',
      storageKey: key,
      partSize: partSizeFor(file.body.length),
      fileName: file.fileName,
      contentType,
      size: file.body.length,
      sha256: createHash('sha256').update(file.body).digest('hex'),
      position,
    }
  }
  // One Promise.all over both, so a failure in either is caught at once, never left unhandled.
  const [images, files] = await Promise.all([
    Promise.all(demo.covers.map(drawCover)),
    demo.files ? demo.files().then((made) => Promise.all(made.map(storeFile))) : [],
  ])
  return [...images, ...files]
}

// The files' contents.

/** Lightroom develop settings per preset: [name, exposure, contrast, highlights, shadows, temp, tint, vibrance]. */
const PRESETS: [string, number, number, number, number, number, number, number][] = [
  ['Street Lamp', 0.3, 15, -45, 30, 12, 4, 10],
  ['Matatu Neon', 0.1, 25, -35, 20, -8, 12, 30],
  ['Moi Avenue Blue', 0.0, 20, -50, 25, -20, 0, 15],
  ['Kenyatta Glow', 0.4, 10, -40, 35, 18, 6, 8],
  ['Westlands Haze', 0.2, -10, -30, 40, 6, 2, 5],
  ['River Road Rain', -0.1, 30, -55, 15, -12, -4, 20],
  ['Uhuru Park Dusk', 0.25, 12, -38, 28, 10, 10, 12],
  ['KICC Gold', 0.15, 18, -42, 22, 25, 3, 14],
  ['Night Market', 0.35, 22, -48, 32, 8, 8, 25],
  ['Rooftop Cool', 0.05, 14, -36, 26, -15, -6, 10],
  ['Warm Skin', 0.3, 8, -30, 30, 14, 5, -5],
  ['After Dark Mono', 0.2, 35, -50, 20, 0, 0, 0],
]

const sign = (n: number, digits = 0) => `${n >= 0 ? '+' : ''}${n.toFixed(digits)}`

/** One preset as Lightroom Classic's XMP (Develop > Import Develop Profiles and Presets). */
function presetXmp(index: number): string {
  const [name, exposure, contrast, highlights, shadows, temp, tint, vibrance] = PRESETS[
    index
  ] as (typeof PRESETS)[0]
  const title = `Nairobi Nights ${String(index + 1).padStart(2, '0')} — ${name}`
  const uuid = createHash('sha256').update(title).digest('hex').slice(0, 32).toUpperCase()
  const mono = name.endsWith('Mono')
  return `<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 7.0">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:crs="http://ns.adobe.com/camera-raw-settings/1.0/"
   crs:PresetType="Normal"
   crs:Cluster=""
   crs:UUID="${uuid}"
   crs:SupportsAmount="False"
   crs:SupportsColor="${mono ? 'False' : 'True'}"
   crs:SupportsMonochrome="${mono ? 'True' : 'False'}"
   crs:SupportsHighDynamicRange="True"
   crs:SupportsNormalDynamicRange="True"
   crs:SupportsSceneReferred="True"
   crs:SupportsOutputReferred="True"
   crs:Copyright="Wanjiru Studio"
   crs:Version="15.0"
   crs:ProcessVersion="11.0"
   crs:Exposure2012="${sign(exposure, 2)}"
   crs:Contrast2012="${sign(contrast)}"
   crs:Highlights2012="${sign(highlights)}"
   crs:Shadows2012="${sign(shadows)}"
   crs:Whites2012="+10"
   crs:Blacks2012="-12"
   crs:Clarity2012="+8"
   crs:Dehaze="+6"
   crs:IncrementalTemperature="${sign(temp)}"
   crs:IncrementalTint="${sign(tint)}"
   crs:Vibrance="${sign(vibrance)}"
   crs:ConvertToGrayscale="${mono ? 'True' : 'False'}"
   crs:HueAdjustmentBlue="-8"
   crs:SaturationAdjustmentOrange="-6"
   crs:LuminanceAdjustmentOrange="+8"
   crs:SplitToningShadowHue="220"
   crs:SplitToningShadowSaturation="${mono ? 0 : 12}"
   crs:SplitToningHighlightHue="40"
   crs:SplitToningHighlightSaturation="${mono ? 0 : 10}"
   crs:HasSettings="True">
   <crs:Name>
    <rdf:Alt>
     <rdf:li xml:lang="x-default">${title}</rdf:li>
    </rdf:Alt>
   </crs:Name>
   <crs:Group>
    <rdf:Alt>
     <rdf:li xml:lang="x-default">Nairobi Nights</rdf:li>
    </rdf:Alt>
   </crs:Group>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
`
}

function presetPack(): Buffer {
  const readme = [
    'Nairobi Nights — Lightroom Preset Pack, by Wanjiru Studio',
    '',
    'Lightroom Classic: Develop > Presets panel > + > Import Presets, and choose this zip or the .xmp files.',
    'Lightroom (desktop): File > Import Profiles & Presets.',
    'Camera Raw: Presets panel > ... > Import Profiles & Presets.',
    '',
    'Start with "Street Lamp" for warm scenes and "Moi Avenue Blue" for blue hour, then adjust exposure.',
    'Licence: use on your own and client work; do not resell or share the presets themselves.',
    '',
  ].join('\r\n')
  return zip([
    { name: 'Nairobi Nights/README.txt', body: readme },
    ...PRESETS.map((preset, i) => ({
      name: `Nairobi Nights/Nairobi Nights ${String(i + 1).padStart(2, '0')} - ${preset[0]}.xmp`,
      body: presetXmp(i),
    })),
  ])
}

const presetGuide: PdfLine[] = [
  {
    text:
      'Thank you for buying Nairobi Nights. These twelve presets were made for photos taken after dark in the ' +
      'city: sodium street lamps, neon signs, headlights in the rain and faces lit by shop windows.',
  },
  { heading: 'Installing' },
  { bullet: 'Lightroom Classic: in Develop, open the Presets panel, click +, choose Import Presets.' },
  { bullet: 'Lightroom (desktop and mobile, synced): File > Import Profiles & Presets.' },
  { bullet: 'Camera Raw: open the Presets panel, then the … menu, then Import Profiles & Presets.' },
  { heading: 'Using them' },
  {
    text:
      'Apply a preset, then set exposure first: night photos vary more than any preset can guess. Lower ' +
      'Highlights further if street lamps clip, and use Temperature to taste — warm for markets, cool for ' +
      'rooftops and blue hour.',
  },
  { bullet: 'Street Lamp, Kenyatta Glow, KICC Gold: warm, golden scenes.' },
  { bullet: 'Moi Avenue Blue, Rooftop Cool, River Road Rain: blue hour and wet streets.' },
  { bullet: 'Matatu Neon, Night Market: colourful, busy scenes with mixed light.' },
  { bullet: 'Warm Skin: portraits under mixed light; After Dark Mono: black and white.' },
  { heading: 'Licence' },
  {
    text:
      'Use the presets on your own and your clients’ photos, commercial work included. Please do not resell or ' +
      'share the preset files themselves. Questions: wanjiru@soko.test.',
  },
]

const paymentBlock = [
  ['Pay by', 'Details'],
  ['M-Pesa (Paybill)', 'Business no. 000000, account: invoice number'],
  ['PayPal', 'you@example.com'],
  ['Bank transfer', 'Bank, branch, account name and number'],
]

const invoiceTemplate = [
  { text: 'INVOICE', bold: true, size: 24 },
  { text: 'Your name or studio · Your address · Your phone · Your email' },
  { text: 'Invoice no. INV-0001    Date: DD/MM/YYYY    Due: DD/MM/YYYY', bold: true },
  { text: 'Bill to: Client name, company, address' },
  {
    table: [
      ['Description', 'Quantity', 'Rate', 'Amount'],
      ['Logo design, three concepts', '1', 'KES 25,000', 'KES 25,000'],
      ['Revisions (per round)', '2', 'KES 5,000', 'KES 10,000'],
      ['', '', 'Total', 'KES 35,000'],
    ],
  },
  { text: 'How to pay', bold: true, size: 13 },
  { table: paymentBlock },
  { text: 'Payment is due within 14 days. Thank you for your business.' },
]

const proposalTemplate = [
  { text: 'PROPOSAL', bold: true, size: 24 },
  { text: 'Prepared for: Client name · Prepared by: Your name · Date: DD/MM/YYYY' },
  { text: 'The problem', bold: true, size: 14 },
  { text: 'In two or three sentences, what the client needs and why it matters to them now.' },
  { text: 'Scope', bold: true, size: 14 },
  { text: 'What you will deliver, and what is not included.' },
  {
    table: [
      ['Phase', 'What you get', 'When'],
      ['1. Discovery', 'A call and a one-page brief', 'Week 1'],
      ['2. Concepts', 'Three directions to choose from', 'Week 2'],
      ['3. Final', 'Files in all formats, with a style sheet', 'Week 3'],
    ],
  },
  { text: 'Fee and terms', bold: true, size: 14 },
  { text: 'Total fee: KES 60,000. 50% to start, 50% on delivery. Two rounds of revisions are included.' },
  { table: paymentBlock },
  { text: 'To accept, sign below or reply to the email this came with.' },
  { text: 'Signature: ______________________    Date: ____________' },
]

const paymentGuide: PdfLine[] = [
  {
    text:
      'Most late payments are not bad faith: the invoice was unclear, went to the wrong person or had no date ' +
      'on it. These habits fix most of that.',
  },
  { heading: 'Before the work' },
  {
    bullet:
      'Agree the fee, the deposit and the payment terms in writing — the proposal template has a place.',
  },
  { bullet: 'Ask who approves invoices and who pays them; they are often different people.' },
  { bullet: 'Take a deposit of 30–50% before starting, especially with new clients.' },
  { heading: 'The invoice' },
  { bullet: 'Number every invoice and give it a due date, not just “payment on receipt”.' },
  { bullet: 'Put the M-Pesa paybill or till number and the account reference right on it.' },
  { bullet: 'Send it the day you deliver, while the work is fresh in their mind.' },
  { heading: 'When it is late' },
  { bullet: 'A friendly reminder the day after the due date, with the invoice attached again.' },
  { bullet: 'A phone call after a week: most delays are solved in one conversation.' },
  { bullet: 'After 30 days, pause further work until the account is settled, as your terms say.' },
]

async function brushPack(): Promise<Buffer> {
  const names = ['Kanga Dot', 'Sign Painter', 'Ink Splatter', 'Chalk Block', 'Bead Trail', 'Rough Marker']
  const shapes = await Promise.all(names.map((_, i) => brushShapePng(i + 1)))
  const readme = [
    'Kanga Lettering Brushes for Procreate, by Wanjiru Studio',
    '',
    'Each PNG in shapes/ is a brush tip: white marks on black.',
    'In Procreate: Brush Library > + > Shape > Edit > Import > Import a photo (or Files), choose a PNG, Done.',
    'Start from the Monoline brush, set Spacing to about 10% and Jitter to taste.',
    '',
    'practice-sheet.pdf: print it, or import it into Procreate as a layer to letter over.',
    '',
  ].join('\r\n')
  const sheet = pdf('Kanga lettering — practice sheet', [
    { text: 'Trace each row slowly, then letter it again on your own. Keep the brush at one angle.' },
    { heading: 'Aa Bb Cc Dd Ee Ff Gg Hh Ii Jj Kk Ll Mm' },
    { rules: 3 },
    { heading: 'Nn Oo Pp Qq Rr Ss Tt Uu Vv Ww Xx Yy Zz' },
    { rules: 3 },
    { heading: 'Karibu · Asante · Pamoja · Soko · Jambo' },
    { rules: 3 },
    { text: 'Sign-painting sayings to practise:' },
    { bullet: 'Haraka haraka haina baraka' },
    { bullet: 'Pole pole ndio mwendo' },
    { bullet: 'Umoja ni nguvu' },
    { rules: 4 },
  ])
  return zip([
    { name: 'README.txt', body: readme },
    { name: 'practice-sheet.pdf', body: sheet },
    ...names.map((name, i) => ({
      name: `shapes/${String(i + 1).padStart(2, '0')} ${name}.png`,
      body: shapes[i] as Buffer,
    })),
  ])
}
