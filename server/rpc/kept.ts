/** Successful answers a handler keeps and returns again and again: sent as made the first time. */
export const keptAnswers = new WeakMap<object, { json: string; br?: Buffer; gzip?: Buffer }>()

/**
 * Marks a handler's answer as kept: the same object, never changed, returned to many callers (the public
 * settings). Its JSON and compressed copies are made once instead of on every call.
 */
export function keptAnswer<T extends object>(data: T): T {
  if (!keptAnswers.has(data))
    keptAnswers.set(data, { json: JSON.stringify({ statusCode: 200, message: 'OK', data }) })
  return data
}
