import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/** The text of every page of a PDF, as a viewer reads it, in one line. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  // pdf.js takes the buffer over, so it gets a copy.
  const pdf = await getDocument({ data: bytes.slice(), verbosity: 0 }).promise
  const pages: string[] = []
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  await pdf.destroy()
  return pages.join(' ').replace(/\s+/g, ' ')
}
