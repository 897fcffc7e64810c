// Drawing helpers for the invoice PDF: the fonts, text that the font can write, wrapping, a page flow that
// starts a new A4 page when the next thing does not fit, a QR code and a clickable link.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { type Color, type PDFDocument, type PDFFont, PDFHexString, type PDFPage, rgb } from '@cantoo/pdf-lib'
import { encode } from 'uqr'

export const A4: [number, number] = [595.28, 841.89]
export const MARGIN = 50
export const LEFT = MARGIN
export const RIGHT = A4[0] - MARGIN
export const WIDTH = RIGHT - LEFT
/** Content stops here; the page footer sits below it. */
export const BOTTOM = 60
export const TOP = A4[1] - 48

export const INK = rgb(0.11, 0.12, 0.14)
export const MUTED = rgb(0.42, 0.44, 0.48)
export const RULE = rgb(0.84, 0.85, 0.87)
export const SHADE = rgb(0.95, 0.955, 0.96)

export interface Fonts {
  regular: PDFFont
  bold: PDFFont
}

export interface TextStyle {
  font: PDFFont
  size: number
  color?: Color
}

// Resolved through the package so the path holds both from the sources (tsx) and from the built server.
const requireHere = createRequire(import.meta.url)
let fontFiles: { regular: Uint8Array; bold: Uint8Array } | undefined

/** DejaVu Sans, read once per process: it writes ₦, ₵, Greek and Cyrillic, which the standard PDF fonts cannot. */
export function dejaVuSans(): { regular: Uint8Array; bold: Uint8Array } {
  if (!fontFiles) {
    const dir = path.join(path.dirname(requireHere.resolve('dejavu-fonts-ttf/package.json')), 'ttf')
    fontFiles = {
      regular: readFileSync(path.join(dir, 'DejaVuSans.ttf')),
      bold: readFileSync(path.join(dir, 'DejaVuSans-Bold.ttf')),
    }
  }
  return fontFiles
}

const characterSets = new WeakMap<PDFFont, Set<number>>()

/**
 * The text as the font can write it: a character it has no glyph for becomes "?", an invisible one it lacks
 * (a variation selector, a combining mark) is dropped, and control characters become spaces.
 */
export function printable(font: PDFFont, text: string): string {
  let set = characterSets.get(font)
  if (!set) {
    set = new Set(font.getCharacterSet())
    characterSets.set(font, set)
  }
  let out = ''
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' '
    else if (set.has(code)) out += char
    else if (!/\p{M}|\p{Cf}/u.test(char)) out += '?'
  }
  return out
}

export const widthOf = (text: string, style: TextStyle): number =>
  style.font.widthOfTextAtSize(printable(style.font, text), style.size)

/** The largest size up to style.size at which the text fits the width, so an odd long amount still fits. */
export function fitted(text: string, style: TextStyle, width: number): TextStyle {
  const natural = widthOf(text, style)
  if (natural <= width) return style
  return { ...style, size: Math.max(5, (style.size * width) / natural) }
}

/**
 * Lines of at most `width`, breaking at spaces, keeping the text's own line breaks and cutting a word longer
 * than a line (a link, a long reference) where it must.
 */
export function wrap(text: string, style: TextStyle, width: number): string[] {
  const { font, size } = style
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width
  const lines: string[] = []
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    const words = printable(font, paragraph).split(' ').filter(Boolean)
    let line = ''
    for (const word of words) {
      const joined = line ? `${line} ${word}` : word
      if (fits(joined)) {
        line = joined
        continue
      }
      if (line) lines.push(line)
      line = word
      while (!fits(line)) {
        const [head, tail] = cut(line, style, width)
        lines.push(head)
        line = tail
      }
    }
    lines.push(line)
  }
  return lines
}

/** The longest start of `word` that fits, and the rest; at least one character so it always progresses. */
function cut(word: string, { font, size }: TextStyle, width: number): [string, string] {
  const chars = Array.from(word)
  let used = 0
  let n = 0
  while (n < chars.length) {
    const next = used + font.widthOfTextAtSize(chars[n] ?? '', size)
    if (next > width && n > 0) break
    used = next
    n++
  }
  return [chars.slice(0, n).join(''), chars.slice(n).join('')]
}

export function drawText(page: PDFPage, text: string, x: number, y: number, style: TextStyle): void {
  const value = printable(style.font, text)
  if (!value) return
  page.drawText(value, { x, y, font: style.font, size: style.size, color: style.color ?? INK })
}

/** Text whose right edge is at `right`: amounts line up on their last digit. */
export function drawTextRight(page: PDFPage, text: string, right: number, y: number, style: TextStyle): void {
  drawText(page, text, right - widthOf(text, style), y, style)
}

/**
 * Where the next thing goes: the current page and the baseline to write at, moving down. `need` starts a
 * new page when the next block does not fit; `onNewPage` draws what each new page repeats.
 */
export class PageFlow {
  page: PDFPage
  y = TOP
  onNewPage: ((flow: PageFlow) => void) | null = null

  constructor(
    private readonly doc: PDFDocument,
    private readonly decorate: (page: PDFPage) => void,
  ) {
    this.page = this.addPage()
  }

  private addPage(): PDFPage {
    const page = this.doc.addPage(A4)
    this.decorate(page)
    return page
  }

  newPage(): void {
    this.page = this.addPage()
    this.y = TOP
    this.onNewPage?.(this)
  }

  /** Makes room for `height` points below the current position, on a new page if needed. */
  need(height: number): void {
    if (this.y - height < BOTTOM) this.newPage()
  }

  text(text: string, x: number, y: number, style: TextStyle): void {
    drawText(this.page, text, x, y, style)
  }

  textRight(text: string, right: number, y: number, style: TextStyle): void {
    drawTextRight(this.page, text, right, y, style)
  }

  rule(y: number, from = LEFT, to = RIGHT, color: Color = RULE, thickness = 0.6): void {
    this.page.drawLine({ start: { x: from, y }, end: { x: to, y }, thickness, color })
  }
}

const QUIET = 4

export interface QrCode {
  modules: boolean[][]
  /** The side in points, quiet zone included. */
  side: number
}

/**
 * The QR code of `text`, at least `minSide` points wide and wider when needed to keep each module 1.5 pt
 * (about half a millimetre), which a phone camera still reads off paper.
 */
export function qrCode(text: string, minSide: number): QrCode {
  const qr = encode(text, { ecc: 'M', border: 0 })
  return { modules: qr.data, side: Math.max(minSide, (qr.size + QUIET * 2) * 1.5) }
}

/** The QR code as filled squares (runs of dark modules in a row as one rectangle), inside a quiet zone. */
export function drawQr(page: PDFPage, { modules, side }: QrCode, x: number, y: number): void {
  const unit = side / (modules.length + QUIET * 2)
  const quiet = QUIET
  page.drawRectangle({ x, y, width: side, height: side, color: rgb(1, 1, 1) })
  modules.forEach((row, r) => {
    let start = -1
    for (let c = 0; c <= row.length; c++) {
      if (row[c] && start < 0) start = c
      if (!row[c] && start >= 0) {
        page.drawRectangle({
          x: x + (quiet + start) * unit,
          y: y + side - (quiet + r + 1) * unit,
          // A hair wider and taller so neighbouring squares leave no seams on screen.
          width: (c - start) * unit + 0.05,
          height: unit + 0.05,
          color: rgb(0, 0, 0),
        })
        start = -1
      }
    }
  })
}

/** Makes the pay link clickable in a PDF viewer (a URI link annotation over its text). */
export function addLink(page: PDFPage, url: string, rect: [number, number, number, number]): void {
  const context = page.doc.context
  const annotation = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: rect,
      Border: [0, 0, 0],
      // Hex, so brackets or backslashes in the link cannot break the PDF string.
      A: { Type: 'Action', S: 'URI', URI: PDFHexString.of(Buffer.from(url, 'utf8').toString('hex')) },
    }),
  )
  page.node.addAnnot(annotation)
}
