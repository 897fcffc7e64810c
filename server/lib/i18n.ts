import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type I18n, setupI18n } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { DEFAULT_LANG, englishOf, type Lang, type Message, type MessageParams } from '../../contract/i18n'
import { poEntries } from './po'

/** The catalogs: locales/{lang}/{part}.po, written by `npm run i18n:extract` and by translators. */
const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales')

/**
 * The messages of one `.po` file by id: a message with an explicit id (`#. js-lingui-explicit-id`) is
 * filed under it, any other under the id Lingui derives from its English and context. Untranslated
 * entries (an empty msgstr) are left out, so their English shows.
 */
export function parsePo(text: string): Record<string, string> {
  const messages: Record<string, string> = {}
  for (const { msgid, msgstr, msgctxt, explicit } of poEntries(text))
    if (msgstr) messages[explicit ? msgid : generateMessageId(msgid, msgctxt ?? '')] = msgstr
  return messages
}

function catalogOf(lang: Lang): Record<string, string> {
  const dir = path.join(LOCALES_DIR, lang)
  const messages: Record<string, string> = {}
  let files: string[] = []
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.po'))
  } catch {
    return messages
  }
  for (const file of files.sort())
    Object.assign(messages, parsePo(readFileSync(path.join(dir, file), 'utf8')))
  return messages
}

const instances = new Map<Lang, I18n>()

/** One Lingui instance per language, its catalog read once; English needs none (its words are the ids' own). */
function instance(lang: Lang): I18n {
  let i18n = instances.get(lang)
  if (!i18n) {
    i18n = setupI18n()
    i18n.setMessagesCompiler(compileMessage)
    i18n.load(lang, lang === DEFAULT_LANG ? {} : catalogOf(lang))
    i18n.activate(lang)
    instances.set(lang, i18n)
  }
  return i18n
}

/** A message in a language, its placeholders (and plurals) filled; the English where it has no translation. */
export function translate(lang: Lang, message: Message, params?: MessageParams): string {
  try {
    return instance(lang)._(message.id, params, { message: message.message })
  } catch {
    // Text that is not a valid ICU message (a brace someone typed): its placeholders filled plainly.
    return englishOf(message, params)
  }
}

/** The English of a message: what the server writes beside a code, and in its logs. */
export function english(message: Message, params?: MessageParams): string {
  return translate(DEFAULT_LANG, message, params)
}

/** For tests: read the catalogs again (after writing one). */
export function forgetCatalogs() {
  instances.clear()
}
