/**
 * How deep any JSON body Soko reads may nest. No subject and no provider's message needs more than a
 * handful of levels; a body of `[[[[…` a million bytes long is an attack on whatever walks it.
 */
export const MAX_JSON_DEPTH = 64

/**
 * Whether JSON text opens more than `max` arrays or objects inside one another. One pass over the
 * characters, before the text is parsed: strings (and their escapes) are skipped, so brackets in text
 * do not count. Invalid JSON is left to the parser to refuse.
 */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      // A backslash: the character after it is escaped.
      if (c === 0x5c) i++
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true
    } else if (c === 0x5d || c === 0x7d) depth--
  }
  return false
}
