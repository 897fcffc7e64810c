import { PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { describe, expect, it } from 'vitest'
import { type InvoiceDocument, renderInvoicePdf } from '../../../server/features/invoices/invoice-pdf'

const GREEK = 'Αλέξανδρος Παπαδόπουλος'
const CYRILLIC = 'Дмитрий Иванов'

function invoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    number: 'INV-0007',
    status: 'paid',
    statusText: 'Paid',
    issueDate: '24 Nov 2026',
    dueDate: '8 Dec 2026',
    seller: {
      name: 'Adaeze Okafor Studio',
      email: 'hello@adaeze.studio',
      phone: '+234 803 555 0142',
      handle: 'adaeze',
    },
    client: { name: GREEK, email: 'alex@example.gr', phone: null },
    currency: 'NGN',
    lines: [
      {
        description: 'Brand identity: logo and colour palette',
        quantity: '1',
        unitPrice: '₦250,000.00',
        total: '₦250,000.00',
      },
      { description: 'Business cards', quantity: '1.5', unitPrice: '₦20,000.00', total: '₦30,000.00' },
    ],
    totals: [
      { label: 'Subtotal', value: '₦280,000.00' },
      { label: 'VAT 7.5%', value: '₦21,000.00' },
      { label: 'Total', value: '₦301,000.00', strong: true },
      { label: 'Paid', value: '₦301,000.00' },
      { label: 'Balance due', value: '₦0.00', strong: true },
    ],
    payments: [{ date: '26 Nov 2026', method: 'Card (Paystack)', amount: '₦301,000.00' }],
    notes: 'Thank you for your business!',
    terms: 'Payment is due within 14 days.',
    payUrl: 'https://soko.example.com/pay/IVK7Q2M9XA',
    reference: 'IVK7Q2M9XA',
    paybill: null,
    ...overrides,
  }
}

interface Extracted {
  /** Each page's text, one text run (one drawn string) a line. */
  pages: string[]
  /** All pages, whitespace collapsed, so a wrapped description reads as written. */
  flat: string
  info: Record<string, unknown>
  links: string[]
}

/** Reads the PDF back with pdf.js, as a viewer would: the text it finds, the metadata and the links. */
async function extract(bytes: Uint8Array): Promise<Extracted> {
  // pdf.js takes the buffer over, so it gets a copy.
  const pdf = await getDocument({ data: bytes.slice(), verbosity: 0 }).promise
  const pages: string[] = []
  const links: string[] = []
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n)
    const content = await page.getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'))
    for (const annotation of await page.getAnnotations()) if (annotation.url) links.push(annotation.url)
  }
  const { info } = await pdf.getMetadata()
  await pdf.destroy()
  return { pages, flat: pages.join(' ').replace(/\s+/g, ' '), info: info as Record<string, unknown>, links }
}

/** The BaseFont of every font the file declares, read with the PDF library (fonts may sit in compressed object streams). */
async function baseFonts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false })
  return pdf.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFDict => object instanceof PDFDict)
    .filter((dict) => dict.get(PDFName.of('Type')) === PDFName.of('Font'))
    .map((dict) => String(dict.get(PDFName.of('BaseFont'))))
}

describe('renderInvoicePdf', () => {
  it('writes ₦ amounts, the number, a Greek name and the status as real text, with DejaVu Sans only', async () => {
    const bytes = await renderInvoicePdf(invoice())
    const { pages, flat, info, links } = await extract(bytes)
    expect(pages).toHaveLength(1)
    for (const text of [
      '₦',
      '₦250,000.00',
      '₦301,000.00',
      '₦0.00',
      'INV-0007',
      GREEK,
      'Paid',
      'Card (Paystack)',
    ]) {
      expect(flat).toContain(text)
    }
    expect(flat).toContain('Invoice INV-0007')
    expect(flat).toContain('Brand identity: logo and colour palette')
    expect(flat).toContain('https://soko.example.com/pay/IVK7Q2M9XA')
    expect(links).toEqual(['https://soko.example.com/pay/IVK7Q2M9XA'])
    expect(flat).not.toContain('Paybill')

    expect(info.Title).toBe('Invoice INV-0007 from Adaeze Okafor Studio')
    expect(info.Author).toBe('Adaeze Okafor Studio')
    expect(info.Creator).toBe('Soko')
    expect(info.CreationDate).toBe('D:20261124000000Z')

    expect(Buffer.from(bytes).includes('/BaseFont /Helvetica')).toBe(false)
    const fonts = await baseFonts(bytes)
    expect(fonts.length).toBeGreaterThan(0)
    for (const font of fonts) expect(font).toMatch(/^\/DejaVuSans(-Bold)?-/)
  })

  it('writes KSh amounts, a Cyrillic name and the Paybill line', async () => {
    const bytes = await renderInvoicePdf(
      invoice({
        status: 'partially_paid',
        statusText: 'Partly paid: KSh 5,000.00 of KSh 10,000.00',
        client: { name: CYRILLIC, email: null, phone: '+254 712 345 678' },
        currency: 'KES',
        lines: [
          { description: 'Logo design', quantity: '2', unitPrice: 'KSh 5,000.00', total: 'KSh 10,000.00' },
        ],
        totals: [
          { label: 'Total', value: 'KSh 10,000.00', strong: true },
          { label: 'Paid', value: 'KSh 5,000.00' },
          { label: 'Balance due', value: 'KSh 5,000.00', strong: true },
        ],
        payments: [{ date: '25 Nov 2026', method: 'M-Pesa', amount: 'KSh 5,000.00' }],
        paybill: '247247',
      }),
    )
    const { flat } = await extract(bytes)
    for (const text of [
      CYRILLIC,
      'KSh 10,000.00',
      'KSh 5,000.00',
      'Partly paid: KSh 5,000.00 of KSh 10,000.00',
      'KES',
    ]) {
      expect(flat).toContain(text)
    }
    expect(flat).toContain('Pay by M-Pesa Paybill 247247, account IVK7Q2M9XA')
  })

  it('runs a 60-line invoice over several pages, repeating the table header, every line written', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({
      description:
        i % 9 === 0
          ? `Work item ${i + 1}: illustrations for the chapter, with two rounds of revisions, colour passes and print-ready files`
          : `Work item ${i + 1}: spot illustration`,
      quantity: String((i % 3) + 1),
      unitPrice: '₦15,000.00',
      total: `₦${((i % 3) + 1) * 15},000.00`,
    }))
    const { pages, flat } = await extract(await renderInvoicePdf(invoice({ lines })))
    expect(pages.length).toBeGreaterThanOrEqual(2)
    for (const line of lines) expect(flat).toContain(`${line.description} `)
    for (const page of pages.slice(1)) {
      expect(page).toContain('Invoice INV-0007 (continued)')
      expect(page).toContain('DESCRIPTION')
    }
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`)
  })

  it('writes "?" for characters the font has no glyph for instead of throwing', async () => {
    const bytes = await renderInvoicePdf(
      invoice({
        client: { name: 'G clef 𝄞 and a giraffe 🦒', email: null, phone: null },
        lines: [
          { description: 'Score\tengraving\n𝄞 treble', quantity: '1', unitPrice: '₦1.00', total: '₦1.00' },
        ],
        notes: 'Heart ❤️ and zero\u200Bwidth',
      }),
    )
    const { flat } = await extract(bytes)
    expect(flat).toContain('G clef ? and a giraffe ?')
    expect(flat).toContain('Score engraving ? treble')
  })

  it('titles a draft "Draft invoice" and marks a cancelled one without asking for payment', async () => {
    const draft = await extract(
      await renderInvoicePdf(invoice({ number: null, status: 'draft', statusText: 'Draft' })),
    )
    expect(draft.flat).toContain('Draft invoice')
    expect(draft.info.Title).toBe('Draft invoice from Adaeze Okafor Studio')

    const cancelled = await extract(
      await renderInvoicePdf(
        invoice({ status: 'void', statusText: 'Cancelled', payUrl: null, paybill: '247247' }),
      ),
    )
    expect(cancelled.flat).toContain('CANCELLED')
    expect(cancelled.flat).not.toContain('Paybill')
    expect(cancelled.links).toEqual([])
  })
  it('writes its fixed words in Kiswahili, curly quotes, dashes and ellipsis included', async () => {
    const { pdfWords } = await import('../../../server/features/invoices/invoice-words')
    const words = pdfWords('sw')
    const lines = Array.from({ length: 40 }, (_, i) => ({
      description: `Kazi ${i + 1}: “michoro” – rasimu ya kwanza…`,
      quantity: '1',
      unitPrice: 'KES 1,000.00',
      total: 'KES 1,000.00',
    }))
    const bytes = await renderInvoicePdf(
      invoice({
        status: 'partially_paid',
        statusText: 'Imelipwa sehemu: KES 5,000.00 kati ya KES 40,000.00',
        currency: 'KES',
        lines,
        paybill: '247247',
        words,
      }),
    )
    const { pages, flat, info } = await extract(bytes)
    for (const text of [
      'Ankara INV-0007',
      'MAELEZO',
      'BEI YA KIMOJA',
      'Malipo yaliyopokelewa',
      'Lipa mtandaoni',
      'Lipa kwa M-Pesa Paybill 247247, akaunti IVK7Q2M9XA',
      'Kazi 1: “michoro” – rasimu ya kwanza…',
    ])
      expect(flat).toContain(text)
    expect(flat).not.toContain('?')
    expect(pages.at(-1)).toContain(`Ukurasa ${pages.length} kati ya ${pages.length}`)
    expect(info.Title).toBe('Ankara INV-0007 kutoka Adaeze Okafor Studio')
  })
})
