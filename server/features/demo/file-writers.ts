import { deflateRawSync } from 'node:zlib'

/**
 * Small writers for the demo's downloadable files: genuine PDFs, ZIPs and DOCX documents that open in the
 * usual apps, made in code so the repository carries no binaries. Only what the demo needs: no fonts
 * beyond PDF's built-in Helvetica, no ZIP64, no DOCX styles.
 */

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

/** ZIP's CRC-32 (Node 20's zlib has no crc32 of its own). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

export interface ZipEntry {
  name: string
  body: Buffer | string
}

/** A fixed modification time (1 January 2026, noon), so the same content always makes the same bytes. */
const DOS_TIME = 12 << 11
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1

/** A ZIP archive: each entry deflated, or stored when deflating does not make it smaller. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8')
    const body = typeof entry.body === 'string' ? Buffer.from(entry.body, 'utf8') : entry.body
    const deflated = deflateRawSync(body, { level: 9 })
    const stored = deflated.length >= body.length
    const data = stored ? body : deflated
    const crc = crc32(body)
    // Fields shared by the local and the central header, from "version needed" to "extra field length".
    const common = Buffer.alloc(26)
    common.writeUInt16LE(20, 0) // version needed: 2.0 (deflate)
    common.writeUInt16LE(0x0800, 2) // names are UTF-8
    common.writeUInt16LE(stored ? 0 : 8, 4)
    common.writeUInt16LE(DOS_TIME, 6)
    common.writeUInt16LE(DOS_DATE, 8)
    common.writeUInt32LE(crc, 10)
    common.writeUInt32LE(data.length, 14)
    common.writeUInt32LE(body.length, 18)
    common.writeUInt16LE(name.length, 22)
    common.writeUInt16LE(0, 24)
    const local = Buffer.concat([u32(0x04034b50), common, name, data])
    const central = Buffer.concat([
      u32(0x02014b50),
      u16((3 << 8) | 20), // made by: Unix, spec 2.0 (so the attributes below are Unix permissions)
      common,
      u16(0), // comment length
      u16(0), // disk number
      u16(0), // internal attributes
      u32((0o100644 << 16) >>> 0), // external attributes: a regular file, rw-r--r--
      u32(offset),
      name,
    ])
    locals.push(local)
    centrals.push(central)
    offset += local.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(entries.length),
    u16(entries.length),
    u32(directory.length),
    u32(offset),
    u16(0),
  ])
  return Buffer.concat([...locals, directory, end])
}

function u16(n: number) {
  const b = Buffer.alloc(2)
  b.writeUInt16LE(n)
  return b
}
function u32(n: number) {
  const b = Buffer.alloc(4)
  b.writeUInt32LE(n >>> 0)
  return b
}

/** A line of a PDF page: a heading, body text (wrapped to the page), a bullet, or ruled lines to write on. */
export type PdfLine = { heading: string } | { text: string } | { bullet: string } | { rules: number }

/** Characters WinAnsiEncoding puts outside Latin-1, for the typography in the demo's texts. */
const WIN_ANSI: Record<string, number> = {
  '—': 0x97,
  '–': 0x96,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '…': 0x85,
  '€': 0x80,
}

/** Text as a PDF string literal in WinAnsiEncoding; characters it lacks become '?'. */
function pdfString(text: string): string {
  let out = ''
  for (const ch of text) {
    const code = WIN_ANSI[ch] ?? ch.codePointAt(0) ?? 63
    const byte = code < 256 ? code : 63
    out += byte === 0x28 || byte === 0x29 || byte === 0x5c ? `\\${ch}` : String.fromCharCode(byte)
  }
  return `(${out})`
}

/** Words into lines of at most `width` characters. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines
}

/**
 * A PDF of A4 pages in Helvetica: a title, then headings, paragraphs and bullets, on as many pages as
 * they need. Objects are numbered in order and the cross-reference table is built from their byte offsets.
 */
export function pdf(title: string, lines: PdfLine[]): Buffer {
  const [pageWidth, pageHeight, margin] = [595, 842, 64]
  // Each page's text operators; Helvetica 11 pt is about 5.5 pt a character, so 84 fit the measure.
  const pages: string[][] = [[]]
  let y = pageHeight - margin
  /** Moves down a line, to a new page when this one is full. */
  const advance = (lead: number) => {
    if (y - lead < margin) {
      pages.push([])
      y = pageHeight - margin
    }
    y -= lead
  }
  const put = (font: 'F1' | 'F2', size: number, x: number, text: string, lead: number) => {
    advance(lead)
    pages.at(-1)?.push(`BT /${font} ${size} Tf ${x} ${y} Td ${pdfString(text)} Tj ET`)
  }
  for (const part of wrap(title, 34)) put('F2', 22, margin, part, 28)
  y -= 10
  for (const line of lines) {
    if ('heading' in line) {
      y -= 8
      put('F2', 14, margin, line.heading, 20)
    } else if ('text' in line) {
      for (const part of wrap(line.text, 84)) put('F1', 11, margin, part, 15)
      y -= 6
    } else if ('rules' in line) {
      for (let i = 0; i < line.rules; i++) {
        advance(34)
        pages.at(-1)?.push(`0.6 G 0.5 w ${margin} ${y} m ${pageWidth - margin} ${y} l S`)
      }
      y -= 12
    } else
      wrap(line.bullet, 78).forEach((part, i) => {
        put('F1', 11, margin + 16, part, 15)
        if (i === 0) pages.at(-1)?.push(`BT /F1 11 Tf ${margin + 4} ${y} Td ${pdfString('•')} Tj ET`)
      })
  }

  // 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, then a page and its content stream for each page.
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${6 + i * 2} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    // The document's own strings are not WinAnsi: UTF-16 with a byte-order mark says any character.
    `<< /Title <FEFF${Buffer.from(title, 'utf16le').swap16().toString('hex')}> /Producer (Soko demo data) >>`,
  ]
  for (const [i, ops] of pages.entries()) {
    const content = ops.join('\n')
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageWidth} ${pageHeight}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${7 + i * 2} 0 R >>`,
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    )
  }
  // The second line's high bytes tell tools the file is binary, as the PDF spec recommends.
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
  const offsets: number[] = []
  for (const [i, body] of objects.entries()) {
    offsets.push(Buffer.byteLength(out, 'latin1'))
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  }
  const xref = Buffer.byteLength(out, 'latin1')
  // Every cross-reference entry is exactly 20 bytes: 10-digit offset, generation, type, two-byte end.
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}

/** A paragraph of a DOCX document, or a table of rows of cells (the first row in bold). */
export type DocxBlock = { text: string; bold?: boolean; size?: number } | { table: string[][] }

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** A Word document with the three parts a DOCX cannot do without, which Word, Google Docs and LibreOffice open. */
export function docx(blocks: DocxBlock[]): Buffer {
  const run = (text: string, bold = false, size?: number) =>
    `<w:r>${bold || size ? `<w:rPr>${bold ? '<w:b/>' : ''}${size ? `<w:sz w:val="${size * 2}"/>` : ''}</w:rPr>` : ''}` +
    `<w:t xml:space="preserve">${xml(text)}</w:t></w:r>`
  const border = (side: string) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="999999"/>`
  const body = blocks
    .map((block) => {
      if ('text' in block) return `<w:p>${run(block.text, block.bold, block.size)}</w:p>`
      const columns = Math.max(...block.table.map((row) => row.length))
      const width = Math.floor(9000 / columns)
      const rows = block.table.map(
        (row, r) =>
          `<w:tr>${row.map((cell) => `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/></w:tcPr><w:p>${run(cell, r === 0)}</w:p></w:tc>`).join('')}</w:tr>`,
      )
      return (
        `<w:tbl><w:tblPr><w:tblW w:w="${width * columns}" w:type="dxa"/><w:tblBorders>` +
        `${['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map(border).join('')}</w:tblBorders></w:tblPr>` +
        `<w:tblGrid>${`<w:gridCol w:w="${width}"/>`.repeat(columns)}</w:tblGrid>${rows.join('')}</w:tbl><w:p/>`
      )
    })
    .join('')
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
  return zip([
    {
      name: '[Content_Types].xml',
      body:
        `${head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ' +
        'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      body:
        `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        '<Relationship Id="rId1" Target="word/document.xml" ' +
        'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"/></Relationships>',
    },
    {
      name: 'word/document.xml',
      body:
        `${head}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` +
        `${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/>` +
        '<w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134"/></w:sectPr></w:body></w:document>',
    },
  ])
}
