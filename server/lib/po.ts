/** One entry of a gettext `.po` catalog as Lingui writes it. */
export interface PoEntry {
  msgid: string
  msgstr: string
  msgctxt?: string
  /** `#. js-lingui-explicit-id`: msgid is the message's id, not its English. */
  explicit: boolean
}

/** The entries of a `.po` file (its header left out), strings unescaped and continued lines joined. */
export function poEntries(text: string): PoEntry[] {
  const entries: PoEntry[] = []
  for (const block of text.split(/\r?\n\r?\n/)) {
    const fields: Record<string, string> = {}
    let explicit = false
    let current: string | null = null
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('#.') && line.includes('js-lingui-explicit-id')) explicit = true
      const start = /^(msgctxt|msgid|msgstr)\s+(".*")\s*$/.exec(line)
      if (start) {
        current = start[1] as string
        fields[current] = JSON.parse(start[2] as string) as string
      } else if (current && /^".*"$/.test(line.trim())) fields[current] += JSON.parse(line.trim()) as string
    }
    if (!fields.msgid) continue
    entries.push({
      msgid: fields.msgid,
      msgstr: fields.msgstr ?? '',
      ...(fields.msgctxt ? { msgctxt: fields.msgctxt } : {}),
      explicit,
    })
  }
  return entries
}
