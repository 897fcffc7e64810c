import { englishOf, type Message, type MessageParams } from './i18n'

/** A message said through `say`: its id and English, and the values it was said with. */
export type Said = Message & { params?: MessageParams }

/** English → the message it was said as, so a validation message can be named by its code. */
const codes = new Map<string, Said>()

/**
 * A validation message for a schema: returns its English (what zod carries) and remembers its id, so the
 * server's answer can name it by code and the app can show it in the person's language. `params` fill its
 * `{placeholders}` (values that are the same for everyone: a currency's limits, a list of codes).
 */
export function say(message: Message, params?: MessageParams): string {
  const english = params ? englishOf(message, params) : message.message
  codes.set(english, params ? { ...message, params } : message)
  return english
}

/** The id of a message said through `say`, by its English. */
export function codeOf(english: string): string | undefined {
  return codes.get(english)?.id
}

/** The message said through `say` whose English this is, with its values. */
export function saidOf(english: string): Said | undefined {
  return codes.get(english)
}
