// The contents of the demo products' downloadable files: Lightroom presets, document templates, PDF guides
// and Procreate brushes, made in memory when the demo data is seeded.
import { createHash } from 'node:crypto'
import { brushShapePng } from './cover-art'
import { type PdfLine, pdf, zip } from './file-writers'

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

export function presetPack(): Buffer {
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

export const presetGuide: PdfLine[] = [
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

export const invoiceTemplate = [
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

export const proposalTemplate = [
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

export const paymentGuide: PdfLine[] = [
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

export async function brushPack(): Promise<Buffer> {
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

/** The demo membership's file for its members: this month's editing notes. */
export const circleNotes: PdfLine[] = [
  {
    text:
      'This month in the Studio Circle: one night photo from Moi Avenue, from the raw file to the print, ' +
      'with every adjustment in the order it was made.',
  },
  { heading: 'The steps' },
  { bullet: 'Exposure and white balance first, judged on the brightest shop window.' },
  { bullet: 'Shadows lifted only where there is detail worth keeping.' },
  { bullet: 'Reds kept warm and blues kept cool with the HSL panel, a little at a time.' },
  { heading: 'Your turn' },
  {
    text:
      'Try the same steps on a night photo of your own and share it in the next live critique. Questions: ' +
      'wanjiru@soko.test.',
  },
]
