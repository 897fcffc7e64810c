import type { Message } from './i18n'

/** English → id of every message said through `say`, so a validation message can be named by its code. */
const codes = new Map<string, string>()

/**
 * A validation message for a schema: returns its English (what zod carries) and remembers its id, so the
 * server's answer can name it by code and the app can show it in the person's language.
 */
export function say(message: Message): string {
  codes.set(message.message, message.id)
  return message.message
}

/** The id of a message said through `say`, by its English. */
export function codeOf(english: string): string | undefined {
  return codes.get(english)
}
