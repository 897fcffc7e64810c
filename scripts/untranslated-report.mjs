// `node scripts/untranslated-report.mjs [dir] [part]`: the words without a message id under `dir` (src by
// default), counted by folder, and listed for the paths containing `part`. A to-do list while translating;
// `npm run lint` runs the check itself (scripts/check-messages.mjs).
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { notChecked, untranslatedIn } from './untranslated.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const [dir = 'src', part] = process.argv.slice(2)
const found = untranslatedIn(root, dir, notChecked)
const byFolder = {}
for (const { file } of found) {
  const folder = file.split('/').slice(0, 3).join('/')
  byFolder[folder] = (byFolder[folder] ?? 0) + 1
}
console.log(`${found.length} without a message id`, byFolder)
if (part)
  for (const hit of found.filter((h) => h.file.includes(part)))
    console.log(`${hit.file}:${hit.line}: ${hit.text}`)
