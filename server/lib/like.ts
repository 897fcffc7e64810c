/** Text to search for with LIKE/ILIKE, its own `%`, `_` and `\` matched as themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** `%text%`: rows that contain the text anywhere. */
export const containing = (text: string) => `%${escapeLike(text)}%`
