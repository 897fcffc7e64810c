let names: Intl.DisplayNames | null | undefined

/**
 * A country's English name from its ISO code ("KE" → "Kenya"), the code itself where the browser cannot
 * name it. English on the server and in the browser alike, so both render the same words.
 */
export function countryName(code: string): string {
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames(['en'], { type: 'region' })
    } catch {
      names = null
    }
  }
  try {
    return names?.of(code) ?? code
  } catch {
    return code
  }
}
