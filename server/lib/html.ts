/**
 * `html` with its first `marker` replaced by `insert`, taken literally. A string given to
 * `String.prototype.replace` is a pattern: `` $` ``, `$'`, `$&`, `$1`, `$<name>` and `$$` in it expand to parts
 * of the page, so seller text such as a title of `` $`$`$` `` would copy the page into itself again and again.
 * A replacer function's answer is used as it is.
 */
export function insertAt(html: string, marker: string, insert: string): string {
  return html.replace(marker, () => insert)
}

/** Text made safe inside HTML elements and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
