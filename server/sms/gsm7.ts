/**
 * GSM-7, the alphabet one 160-character SMS is written in. A message with any other character is sent as
 * UCS-2, which cuts a segment to 70 characters, so every message Soko sends is made of GSM-7 only: typographic
 * punctuation becomes its plain form, accented letters lose their accents, and anything else goes.
 */

const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà'
/** Characters sent as an escape and one more septet: each counts twice towards the 160. */
const EXTENDED = '^{}\\[~]|€'

const basic = new Set(BASIC)
const extended = new Set(EXTENDED)

/** Typographic characters people (and phones) type, and the GSM-7 characters they become. */
const PLAIN: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '‚': "'",
  '′': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '″': '"',
  '–': '-',
  '—': '-',
  '−': '-',
  '…': '...',
  '•': '-',
  '·': '-',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\t': ' ',
}

/** The septets a text takes: 1 per basic character, 2 per extended one; null when it is not GSM-7. */
export function gsm7Length(text: string): number | null {
  let length = 0
  for (const char of text) {
    if (basic.has(char)) length += 1
    else if (extended.has(char)) length += 2
    else return null
  }
  return length
}

export const isGsm7 = (text: string) => gsm7Length(text) !== null

/** One character as GSM-7: itself, its plain form, its letter without accents, or nothing. */
function plainChar(char: string): string {
  if (basic.has(char) || extended.has(char)) return char
  const plain = PLAIN[char]
  if (plain !== undefined) return plain
  const bare = char.normalize('NFD').replace(/\p{M}/gu, '')
  return [...bare].every((c) => basic.has(c)) ? bare : ''
}

/** The text in GSM-7 only, spaces collapsed. */
export function toGsm7(text: string): string {
  return [...text].map(plainChar).join('').replace(/ {2,}/g, ' ').trim()
}

/**
 * `text` in GSM-7, shortened to at most `max` septets with "..." when it is longer, cut at a word where one
 * is near the end.
 */
export function fitGsm7(text: string, max: number): string {
  const plain = toGsm7(text)
  if ((gsm7Length(plain) ?? 0) <= max) return plain
  let cut = ''
  for (const char of plain) {
    if ((gsm7Length(cut + char) ?? 0) > max - 3) break
    cut += char
  }
  const space = cut.lastIndexOf(' ')
  if (space > cut.length * 0.6) cut = cut.slice(0, space)
  return `${cut.trimEnd()}...`
}
