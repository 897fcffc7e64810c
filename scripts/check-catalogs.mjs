// Part of `npm run lint`: the catalogs in locales/ hold exactly the messages the code says, and every one is
// in Kiswahili. Lingui extracts the code's messages into a scratch folder (the real catalogs are not
// touched); a message the catalogs lack means `npm run i18n:extract` was not run, one they have that the
// code no longer says is left over, and an empty msgstr is a word a Kiswahili reader would meet in English.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const LOCALES = path.join(root, 'locales')

/** The entries of a .po file: `msgctxt\u0004msgid` → msgstr. */
function entries(file) {
  const out = new Map()
  for (const block of readFileSync(file, 'utf8').split(/\n\n/)) {
    const fields = {}
    let current = ''
    for (const line of block.split('\n')) {
      const start = /^(msgctxt|msgid|msgstr) (".*")$/.exec(line)
      if (start) {
        current = start[1]
        fields[current] = JSON.parse(start[2])
      } else if (current && line.startsWith('"')) fields[current] += JSON.parse(line)
    }
    if (fields.msgid) out.set(`${fields.msgctxt ?? ''}\u0004${fields.msgid}`, fields.msgstr ?? '')
  }
  return out
}

const scratch = mkdtempSync(path.join(tmpdir(), 'soko-catalogs-'))
const problems = []
try {
  // The project's config, its catalogs written to the scratch folder instead.
  const config = path.join(scratch, 'lingui.config.ts')
  writeFileSync(
    config,
    [
      `import config from ${JSON.stringify(path.join(root, 'lingui.config.ts'))}`,
      'export default {',
      '  ...config,',
      `  rootDir: ${JSON.stringify(root)},`,
      '  catalogs: config.catalogs.map((catalog) => ({',
      '    ...catalog,',
      `    path: catalog.path.replace('<rootDir>/locales', ${JSON.stringify(scratch)}),`,
      '  })),',
      '}',
      '',
    ].join('\n'),
  )
  execFileSync(path.join(root, 'node_modules/.bin/lingui'), ['extract', '--config', config], {
    cwd: root,
    stdio: 'pipe',
  })
  for (const file of readdirSync(path.join(scratch, 'sw')).filter((f) => f.endsWith('.po'))) {
    const said = entries(path.join(scratch, 'sw', file))
    let kept = new Map()
    try {
      kept = entries(path.join(LOCALES, 'sw', file))
    } catch {
      problems.push(`locales/sw/${file} is missing`)
    }
    const name = (key) => key.split('\u0004')[1]
    for (const key of said.keys())
      if (!kept.has(key)) problems.push(`locales/sw/${file}: "${name(key)}" is not extracted`)
    for (const [key, translation] of kept) {
      if (!said.has(key)) problems.push(`locales/sw/${file}: "${name(key)}" is no longer in the code`)
      else if (!translation.trim()) problems.push(`locales/sw/${file}: "${name(key)}" has no Kiswahili`)
    }
  }
  // A page loads several catalogs into one map, keyed by the English (and its context): the same words
  // must read the same in each, or the catalog loaded last would decide. Words that mean two things take a
  // context in the code (`<Trans context="payout destination">To</Trans>`).
  const said = new Map()
  for (const file of readdirSync(path.join(LOCALES, 'sw')).filter((f) => f.endsWith('.po')))
    for (const [key, translation] of entries(path.join(LOCALES, 'sw', file))) {
      if (!translation) continue
      const before = said.get(key)
      if (before && before.translation !== translation)
        problems.push(
          `"${key.split('\u0004')[1]}" is "${before.translation}" in ${before.file} but "${translation}" in ${file}: ` +
            'say it the same way, or give each a context',
        )
      else if (!before) said.set(key, { translation, file })
    }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
if (problems.length > 0) {
  for (const problem of problems) console.error(problem)
  console.error(
    `\n${problems.length} catalog problems. Run \`npm run i18n:extract\`, then write the Kiswahili of each ` +
      'new message in locales/sw/ (docs/swahili.md).',
  )
  process.exit(1)
}
