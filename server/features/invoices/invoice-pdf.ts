// An invoice as a printable A4 PDF. Everything arrives formatted (money, dates, status wording); this module
// only lays it out. DejaVu Sans is embedded because the standard PDF fonts cannot write ₦ or non-Latin names.
import fontkit from '@cantoo/fontkit'
import { type Color, degrees, PDFDocument, type PDFPage, rgb } from '@cantoo/pdf-lib'
import { type PdfWords, pdfWords } from './invoice-words'
import {
  A4,
  addLink,
  dejaVuSans,
  drawQr,
  drawText,
  drawTextRight,
  type Fonts,
  fitted,
  INK,
  LEFT,
  MUTED,
  PageFlow,
  printable,
  qrCode,
  RIGHT,
  RULE,
  SHADE,
  type TextStyle,
  WIDTH,
  widthOf,
  wrap,
} from './pdf-layout'

export interface InvoicePdfLine {
  description: string
  /** As people read it, e.g. "2" or "1.5". */
  quantity: string
  /** Formatted money. */
  unitPrice: string
  total: string
}

export interface InvoiceDocument {
  /** "INV-0007"; null for a draft (then the title says "Draft invoice"). */
  number: string | null
  status: 'draft' | 'sent' | 'viewed' | 'partially_paid' | 'paid' | 'overdue' | 'void'
  /** e.g. "Paid", "Partly paid: KSh 5,000.00 of KSh 10,000.00", "Cancelled". */
  statusText: string
  /** Already formatted, e.g. "24 Nov 2026". */
  issueDate: string
  dueDate: string
  seller: { name: string; email: string | null; phone: string | null; handle: string | null }
  client: { name: string; email: string | null; phone: string | null }
  /** ISO code, e.g. "NGN". */
  currency: string
  lines: InvoicePdfLine[]
  /** Subtotal, Discount, each tax line, Total, Deposit due first, Paid, Balance due — already formatted. */
  totals: { label: string; value: string; strong?: boolean }[]
  /** Payments received so far (may be empty). */
  payments: { date: string; method: string; amount: string }[]
  notes: string | null
  terms: string | null
  /** The pay link; when set, a QR code of it and the link text are drawn; null on a void invoice. */
  payUrl: string | null
  /** The payment reference, e.g. "IVK7Q2M9XA" ("Paybill account number"). */
  reference: string
  /** The M-Pesa Paybill number, when paying by Paybill applies. */
  paybill: string | null
  /** The fixed words, in the invoice's language; English when not given. */
  words?: PdfWords
}

const LINK = rgb(0.08, 0.33, 0.68)
const FOOTER_Y = 28
const PAY_BOTTOM = 42
const BADGE: Record<InvoiceDocument['status'], { ink: Color; fill: Color }> = {
  draft: { ink: rgb(0.3, 0.33, 0.37), fill: rgb(0.92, 0.93, 0.94) },
  sent: { ink: rgb(0.3, 0.33, 0.37), fill: rgb(0.92, 0.93, 0.94) },
  viewed: { ink: rgb(0.3, 0.33, 0.37), fill: rgb(0.92, 0.93, 0.94) },
  partially_paid: { ink: rgb(0.08, 0.3, 0.6), fill: rgb(0.88, 0.93, 0.99) },
  paid: { ink: rgb(0.07, 0.42, 0.2), fill: rgb(0.86, 0.95, 0.88) },
  overdue: { ink: rgb(0.58, 0.34, 0), fill: rgb(1, 0.93, 0.77) },
  void: { ink: rgb(0.72, 0.1, 0.1), fill: rgb(0.99, 0.88, 0.88) },
}

/** The invoice as PDF bytes: one A4 page, more when the lines, notes or terms need them. */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.registerFontkit(fontkit)
  const files = dejaVuSans()
  // Subsetting keeps a one-page invoice small: only the glyphs used travel with it.
  const fonts: Fonts = {
    regular: await pdf.embedFont(files.regular, { subset: true }),
    bold: await pdf.embedFont(files.bold, { subset: true }),
  }
  const words = doc.words ?? pdfWords('en')
  const title = words.title(doc.number)
  setMetadata(pdf, doc, words.from(title, doc.seller.name))

  const flow = new PageFlow(pdf, (page) => stamp(page, doc, fonts, words))
  drawHeader(flow, doc, fonts, title, words)
  flow.onNewPage = (f) => {
    const label = words.continued(doc.seller.name, title)
    f.text(label, LEFT, f.y, fitted(label, { font: fonts.regular, size: 8.5, color: MUTED }, WIDTH))
    f.y -= 24
  }
  drawLines(flow, doc, fonts, words)
  drawTotals(flow, doc, fonts)
  drawPayments(flow, doc, fonts, words)
  drawParagraphs(flow, words.notes, doc.notes, fonts)
  drawParagraphs(flow, words.terms, doc.terms, fonts)
  drawPayBlock(flow, doc, fonts, words)
  drawFooters(pdf, fonts, `${doc.seller.name} · ${title}`, words)
  return pdf.save()
}

function setMetadata(pdf: PDFDocument, doc: InvoiceDocument, title: string): void {
  pdf.setTitle(title, { showInWindowTitleBar: true })
  pdf.setAuthor(doc.seller.name)
  pdf.setCreator('Soko')
  pdf.setProducer('Soko')
  // Dated by the invoice, not the clock, so the same invoice gives the same document; the Unix epoch when
  // the issue date is written in a way Date cannot read.
  const issued = Date.parse(`${doc.issueDate} UTC`)
  const date = new Date(Number.isNaN(issued) ? 0 : issued)
  pdf.setCreationDate(date)
  pdf.setModificationDate(date)
}

/** A cancelled or draft invoice says so across every page, so a printout cannot pass for one to pay. */
function stamp(page: PDFPage, doc: InvoiceDocument, fonts: Fonts, words: PdfWords): void {
  if (doc.status !== 'void' && doc.status !== 'draft') return
  const bold = fonts.bold
  const word =
    doc.status === 'void'
      ? printable(bold, doc.statusText.toUpperCase()).trim() || words.voidStamp
      : words.draftStamp
  const color = doc.status === 'void' ? BADGE.void.ink : MUTED
  const angle = 35
  const style = fitted(word, { font: bold, size: 110 }, 560)
  const width = widthOf(word, style)
  const height = style.size * 0.72
  const rad = (angle * Math.PI) / 180
  const [cx, cy] = [A4[0] / 2, A4[1] / 2]
  // From the centre back half the word along the slant and half its height across it.
  const x = cx - (width / 2) * Math.cos(rad) + (height / 2) * Math.sin(rad)
  const y = cy - (width / 2) * Math.sin(rad) - (height / 2) * Math.cos(rad)
  page.drawText(word, {
    x,
    y,
    font: style.font,
    size: style.size,
    color,
    opacity: 0.1,
    rotate: degrees(angle),
  })
}

function drawHeader(
  flow: PageFlow,
  doc: InvoiceDocument,
  fonts: Fonts,
  title: string,
  words: PdfWords,
): void {
  const top = flow.y
  // Left: who sends it.
  const name: TextStyle = { font: fonts.bold, size: 15 }
  const small: TextStyle = { font: fonts.regular, size: 9.5, color: MUTED }
  let left = top - 4
  for (const line of wrap(doc.seller.name, name, 250)) {
    flow.text(line, LEFT, left, name)
    left -= 18
  }
  const contact = [doc.seller.email, doc.seller.phone, doc.seller.handle ? `@${doc.seller.handle}` : null]
  for (const line of contact) {
    if (!line) continue
    flow.text(line, LEFT, left, fitted(line, small, 250))
    left -= 13
  }

  // Right: what it is, where it stands, when it is due.
  const heading = fitted(title, { font: fonts.bold, size: 20 }, 260)
  flow.textRight(title, RIGHT, top - 6, heading)
  let right = drawBadge(flow, doc, fonts, top - 22) - 18
  const label: TextStyle = { font: fonts.regular, size: 9.5, color: MUTED }
  const value: TextStyle = { font: fonts.bold, size: 9.5 }
  const rows: [string, string][] = [
    [words.issued, doc.issueDate],
    [words.due, doc.dueDate],
    [words.currency, doc.currency],
  ]
  const valueWidth = Math.max(...rows.map(([, v]) => widthOf(v, value)))
  for (const [l, v] of rows) {
    flow.textRight(l, RIGHT - valueWidth - 12, right, label)
    flow.textRight(v, RIGHT, right, value)
    right -= 14
  }

  flow.y = Math.min(left, right) - 10
  flow.rule(flow.y + 6)
  flow.y -= 14
  // Who pays it.
  flow.text(words.billTo, LEFT, flow.y, { font: fonts.bold, size: 8, color: MUTED })
  flow.y -= 16
  const client: TextStyle = { font: fonts.bold, size: 12 }
  for (const line of wrap(doc.client.name, client, WIDTH)) {
    flow.text(line, LEFT, flow.y, client)
    flow.y -= 15
  }
  for (const line of [doc.client.email, doc.client.phone]) {
    if (!line) continue
    flow.text(line, LEFT, flow.y, fitted(line, small, WIDTH))
    flow.y -= 13
  }
  flow.y -= 12
}

/** The status as a tinted pill under the title; returns the y below it. */
function drawBadge(flow: PageFlow, doc: InvoiceDocument, fonts: Fonts, top: number): number {
  const colours = BADGE[doc.status]
  const text = doc.status === 'void' ? doc.statusText.toUpperCase() : doc.statusText
  const style = fitted(text, { font: fonts.bold, size: 10, color: colours.ink }, 240)
  const width = widthOf(text, style) + 18
  const height = 20
  flow.page.drawRectangle({
    x: RIGHT - width,
    y: top - height,
    width,
    height,
    color: colours.fill,
    borderColor: colours.ink,
    borderWidth: 0.6,
  })
  flow.text(text, RIGHT - width + 9, top - height + 6.5, style)
  return top - height
}

function drawLines(flow: PageFlow, doc: InvoiceDocument, fonts: Fonts, words: PdfWords): void {
  const cell: TextStyle = { font: fonts.regular, size: 10 }
  const head: TextStyle = { font: fonts.bold, size: 8, color: MUTED }
  // Number columns as wide as their widest entry (within reason); the description takes the rest.
  const column = (header: string, key: 'quantity' | 'unitPrice' | 'total', min: number) => {
    const widest = Math.max(min, widthOf(header, head), ...doc.lines.map((l) => widthOf(l[key], cell)))
    return Math.min(130, widest + 18)
  }
  const amountW = column(words.amount, 'total', 60)
  const priceW = column(words.unitPrice, 'unitPrice', 60)
  const qtyW = column(words.quantity, 'quantity', 24)
  const amountRight = RIGHT - 6
  const priceRight = amountRight - amountW
  const qtyRight = priceRight - priceW
  const descWidth = qtyRight - qtyW - LEFT - 6

  const header = (f: PageFlow) => {
    f.page.drawRectangle({ x: LEFT, y: f.y - 7, width: WIDTH, height: 20, color: SHADE })
    f.text(words.description, LEFT + 6, f.y, head)
    f.textRight(words.quantity, qtyRight, f.y, head)
    f.textRight(words.unitPrice, priceRight, f.y, head)
    f.textRight(words.amount, amountRight, f.y, head)
    f.y -= 24
  }
  const continued = flow.onNewPage
  flow.need(24 + 30)
  header(flow)
  // While the table runs, a new page repeats its header.
  flow.onNewPage = (f) => {
    continued?.(f)
    header(f)
  }
  const lineHeight = 13
  for (const line of doc.lines) {
    const wrapped = wrap(line.description, cell, descWidth)
    // A short row stays on one page; a very long description may run on.
    flow.need(Math.min(wrapped.length, 4) * lineHeight + 4)
    flow.textRight(line.quantity, qtyRight, flow.y, fitted(line.quantity, cell, qtyW - 8))
    flow.textRight(line.unitPrice, priceRight, flow.y, fitted(line.unitPrice, cell, priceW - 8))
    flow.textRight(line.total, amountRight, flow.y, fitted(line.total, cell, amountW - 8))
    wrapped.forEach((text, i) => {
      if (i > 0) flow.need(lineHeight)
      flow.text(text, LEFT + 6, flow.y, cell)
      flow.y -= lineHeight
    })
    flow.rule(flow.y + 4.5)
    flow.y -= 8
  }
  flow.onNewPage = continued
  flow.y -= 6
}

function drawTotals(flow: PageFlow, doc: InvoiceDocument, fonts: Fonts): void {
  if (doc.totals.length === 0) return
  const width = 260
  const from = RIGHT - width
  // The amount gets the room it needs (up to most of the block); the label wraps in what is left.
  const rows = doc.totals.map((row) => {
    const style: TextStyle = row.strong ? { font: fonts.bold, size: 11 } : { font: fonts.regular, size: 10 }
    const valueStyle = fitted(row.value, style, width - 80)
    const labelStyle = row.strong ? style : { ...style, color: MUTED }
    const labelLines = wrap(row.label, labelStyle, width - 24 - widthOf(row.value, valueStyle))
    const height = (row.strong ? 24 : 16) + (labelLines.length - 1) * 13
    return { ...row, valueStyle, labelStyle, labelLines, height }
  })
  // The block stays together: a total cut from its subtotal reads wrong.
  flow.need(rows.reduce((sum, row) => sum + row.height, 0) + 8)
  for (const row of rows) {
    if (row.strong) {
      flow.y -= 6
      flow.rule(flow.y + 15, from, RIGHT, INK, 0.8)
    }
    flow.textRight(row.value, RIGHT - 6, flow.y, row.valueStyle)
    row.labelLines.forEach((line, i) => {
      flow.text(line, from + 6, flow.y, row.labelStyle)
      if (i < row.labelLines.length - 1) flow.y -= 13
    })
    flow.y -= row.strong ? 18 : 16
  }
  flow.y -= 14
}

function drawPayments(flow: PageFlow, doc: InvoiceDocument, fonts: Fonts, words: PdfWords): void {
  if (doc.payments.length === 0) return
  const cell: TextStyle = { font: fonts.regular, size: 9.5 }
  flow.need(22 + 16 * Math.min(doc.payments.length, 3))
  flow.text(words.paymentsReceived, LEFT, flow.y, { font: fonts.bold, size: 10.5 })
  flow.y -= 8
  flow.rule(flow.y)
  flow.y -= 14
  for (const payment of doc.payments) {
    flow.need(16)
    flow.text(payment.date, LEFT, flow.y, fitted(payment.date, { ...cell, color: MUTED }, 110))
    flow.text(payment.method, LEFT + 120, flow.y, fitted(payment.method, cell, WIDTH - 260))
    flow.textRight(payment.amount, RIGHT - 6, flow.y, fitted(payment.amount, cell, 130))
    flow.y -= 16
  }
  flow.y -= 12
}

function drawParagraphs(flow: PageFlow, heading: string, text: string | null, fonts: Fonts): void {
  if (!text?.trim()) return
  const body: TextStyle = { font: fonts.regular, size: 9.5 }
  const lines = wrap(text.trim(), body, WIDTH)
  flow.need(18 + 13 * Math.min(lines.length, 2))
  flow.text(heading, LEFT, flow.y, { font: fonts.bold, size: 10.5 })
  flow.y -= 16
  for (const line of lines) {
    flow.need(13)
    flow.text(line, LEFT, flow.y, body)
    flow.y -= 13
  }
  flow.y -= 12
}

/** How to pay, at the foot of the last page: the QR code of the pay link, the link, and the Paybill. */
function drawPayBlock(flow: PageFlow, doc: InvoiceDocument, fonts: Fonts, words: PdfWords): void {
  // A cancelled invoice asks for nothing, whatever else it carries.
  if (doc.status === 'void' || (!doc.payUrl && !doc.paybill)) return
  const qr = doc.payUrl ? qrCode(doc.payUrl, 84) : null
  const qrSize = qr?.side ?? 0
  const textLeft = LEFT + 14 + (qrSize ? qrSize + 16 : 0)
  const textWidth = RIGHT - 14 - textLeft
  const small: TextStyle = { font: fonts.regular, size: 9, color: MUTED }
  const link: TextStyle = { font: fonts.regular, size: 9, color: LINK }
  const strong: TextStyle = { font: fonts.bold, size: 10 }
  const urlLines = doc.payUrl ? wrap(doc.payUrl, link, textWidth) : []
  const paybill = doc.paybill ? words.paybill(doc.paybill, doc.reference) : null
  const paybillLines = paybill ? wrap(paybill, strong, textWidth) : []
  const textHeight = (doc.payUrl ? 18 + 14 + urlLines.length * 12 + 8 : 0) + paybillLines.length * 14
  const height = Math.max(qrSize, textHeight) + 24
  // At the foot of the page when there is room, else at the top of a new one.
  // It may reach lower than other content: nothing follows it but the page footer.
  const fresh = flow.y - height < PAY_BOTTOM
  if (fresh) flow.newPage()
  const bottom = fresh ? flow.y - height : PAY_BOTTOM
  const top = bottom + height
  flow.page.drawRectangle({ x: LEFT, y: bottom, width: WIDTH, height, borderColor: RULE, borderWidth: 0.8 })
  if (qr) drawQr(flow.page, qr, LEFT + 12, top - 12 - qrSize)
  let y = top - 12 - (doc.payUrl ? 12 : 10)
  if (doc.payUrl) {
    flow.text(words.payOnline, textLeft, y, { font: fonts.bold, size: 12 })
    y -= 18
    flow.text(words.scan, textLeft, y, fitted(words.scan, small, textWidth))
    y -= 14
    const linkTop = y + 10
    for (const line of urlLines) {
      flow.text(line, textLeft, y, link)
      y -= 12
    }
    addLink(flow.page, doc.payUrl, [textLeft, y + 8, RIGHT - 14, linkTop])
    y -= 8
  }
  for (const line of paybillLines) {
    flow.text(line, textLeft, y, strong)
    y -= 14
  }
  flow.y = bottom - 12
}

/** "Page 2 of 3" on every page once the invoice runs over one. */
function drawFooters(pdf: PDFDocument, fonts: Fonts, label: string, words: PdfWords): void {
  const pages = pdf.getPages()
  if (pages.length < 2) return
  const style: TextStyle = { font: fonts.regular, size: 8, color: MUTED }
  pages.forEach((page, i) => {
    drawText(page, label, LEFT, FOOTER_Y, fitted(label, style, WIDTH - 80))
    drawTextRight(page, words.page(i + 1, pages.length), RIGHT, FOOTER_Y, style)
  })
}
