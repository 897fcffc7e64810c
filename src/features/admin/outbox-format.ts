/** An SMS has no subject: its first words stand in, its line breaks as spaces, cut at a word with "…". */
export function smsSummary(text: string, most = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= most) return flat
  const cut = flat.slice(0, most)
  return `${cut.slice(0, cut.lastIndexOf(' ') > most / 2 ? cut.lastIndexOf(' ') : most).trimEnd()}…`
}
