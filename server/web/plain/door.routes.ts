import { createHash, randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { clock } from '../../lib/clock'
import { escapeHtml } from '../../lib/html'
import { translate } from '../../lib/i18n'
import { BUY } from './buy-words'
import { doorMain, doorPath } from './door'
import { DOOR } from './door-words'
import { formMessage } from './fields'
import { type PlainKit, plainRequest, postedFields, redirectTo, refusalIn, runFor, sendPage } from './kit'

/**
 * A ticket's code posted from the door page without script: checked in through `syncCheckIns`, as one
 * scan of the app's door (its own id, the time now), so Soko's rule — the first check-in to reach it lets
 * the person in — holds between these pages and every phone at the other doors. Then back to the page
 * (Post/Redirect/Get) with what the code came to, so reloading never posts the code again.
 */
export function doorRoutes(kit: PlainKit) {
  const app = new Hono()

  app.post('/account/check-in/:eventId', async (c) => {
    const req = await plainRequest(kit, c)
    const eventId = c.req.param('eventId')
    const title = translate(req.lang, DOOR.title)
    const fields = await postedFields(kit, req)
    if (!fields)
      return sendPage(kit, req, {
        title,
        main: `<h1>${escapeHtml(title)}</h1>${formMessage(translate(req.lang, BUY.refused))}`,
        status: 403,
      })
    // Signed out (or the session ended): the page itself offers the sign-in form, which comes back.
    if (!req.caller) return redirectTo(req, doorPath(eventId))
    // Codes as the app's door reads them: people type them in lower case, with spaces around.
    const code = (fields.code ?? '').trim().toUpperCase()
    const sent = await runFor(kit, req, 'syncCheckIns', {
      eventId,
      deviceId: deviceOf(req.caller.sessionId),
      door: translate(req.lang, DOOR.doorName),
      checkIns: [{ id: randomUUID(), code, at: clock.now().toISOString() }],
    })
    if (!sent.ok) {
      // The page says why: not a seller, not this seller's event, or the code itself (the contract's
      // words for its field, said next to the field).
      const refusal = refusalIn(req.lang, sent.error)
      const said = Object.entries(refusal.fields).find(([key]) => key.endsWith('code'))?.[1]
      const main = await doorMain(kit, req, eventId, { code, refused: said ?? refusal.message })
      // Soko's own statuses past 599 (a session that ended) are not HTTP's.
      return sendPage(kit, req, { title, main, status: sent.error.status < 600 ? sent.error.status : 401 })
    }
    const [answer] = sent.data.results
    const query = new URLSearchParams({ code, result: answer?.result ?? 'id-reused' })
    return redirectTo(req, `${doorPath(eventId)}?${query}`)
  })

  return app
}

/**
 * The device a check-in was made on, stored with it: these pages count as one per session (the app's
 * phones have their own ids). Derived from the session's id, never the id itself.
 */
function deviceOf(sessionId: string): string {
  return `plain-${createHash('sha256').update(sessionId).digest('hex').slice(0, 32)}`
}
