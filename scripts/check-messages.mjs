// Part of `npm run lint`: every word a person reads in the app goes through a message id, so the Kiswahili
// catalogs can carry it (scripts/untranslated.mjs says what counts as words; docs/swahili.md how to mark
// them). A line that must stay as it is says why with an `i18n-ignore` comment on it or the line before.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { notChecked, untranslatedIn } from './untranslated.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
// The app, the server (mail, SMS, its pages) and the contract the two share; notChecked says what is left out.
const found = ['src', 'server', 'contract'].flatMap((dir) => untranslatedIn(root, dir, notChecked))
if (found.length > 0) {
  for (const { file, line, text } of found) console.error(`${file}:${line}: "${text}" has no message id`)
  console.error(
    `\n${found.length} words without a message id. Mark them with Lingui's macros (<Trans>, t\`…\`, msg\`…\`) ` +
      "in src/, as `/*i18n*/ { id: 'area.what', message: '…' }` in server/ and contract/, " +
      'run `npm run i18n:extract` and write their Kiswahili in locales/sw/ (docs/swahili.md).',
  )
  process.exit(1)
}
