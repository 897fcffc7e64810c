import { Hono } from 'hono'
import { DISCOUNT_CODE_PARAM } from '../../../contract/discounts.constants'
import { RECOVERY_PARAM } from '../../../contract/recovery-link'
import { recoveryTarget, stopReminders } from '../../features/recovery'
import { escapeHtml } from '../../lib/html'
import { translate } from '../../lib/i18n'
import { button } from './fields'
import { type PlainKit, type PlainRequest, plainRequest, redirectTo, sendPage } from './kit'

const WORDS = {
  title: /*i18n*/ { id: 'plain.recovery.title', message: 'Checkout reminders' },
  notValid: /*i18n*/ {
    id: 'plain.recovery.notValid',
    message: 'This link is not valid. Look for what you wanted on Soko’s home page.',
  },
  home: /*i18n*/ { id: 'plain.recovery.home', message: 'Go to Soko' },
  ask: /*i18n*/ {
    id: 'plain.recovery.ask',
    message:
      'Soko reminds you when a payment you started does not go through. Tap below and no more such reminders will come, by e-mail or SMS.',
  },
  stop: /*i18n*/ { id: 'plain.recovery.stop', message: 'Stop reminders' },
  stopped: /*i18n*/ {
    id: 'plain.recovery.stopped',
    message: 'Done: no more reminders of unpaid checkouts will come to you. Receipts still do.',
  },
}

/**
 * A checkout reminder's links: `/r/{token}` goes back to the product with the checkout's code (and the
 * token, so a purchase made from it counts as recovered); `/r/{token}/stop` stops reminders with one tap.
 * The stop is a post, so a link preview that fetches the page stops nothing; mail apps' one-click
 * unsubscribe posts to the same address. The token alone allows it: it only ever stops reminders.
 */
export function recoveryRoutes(kit: PlainKit) {
  const app = new Hono()
  const { db } = kit.services

  const notValid = (req: PlainRequest) =>
    sendPage(kit, req, {
      title: translate(req.lang, WORDS.title),
      status: 404,
      main: `<h1>${escapeHtml(translate(req.lang, WORDS.title))}</h1><p>${escapeHtml(translate(req.lang, WORDS.notValid))}</p><p><a class="button" href="/">${escapeHtml(translate(req.lang, WORDS.home))}</a></p>`,
    })

  app.get('/r/:token', async (c) => {
    const token = c.req.param('token')
    const target = await recoveryTarget(db, token)
    if (!target) return notValid(await plainRequest(kit, c))
    const url = new URL(`/${encodeURIComponent(target.slug)}`, kit.services.config.publicUrl)
    if (target.code) url.searchParams.set(DISCOUNT_CODE_PARAM, target.code)
    url.searchParams.set(RECOVERY_PARAM, token)
    return c.redirect(url.pathname + url.search, 302)
  })

  app.get('/r/:token/stop', async (c) => {
    const req = await plainRequest(kit, c)
    const token = c.req.param('token')
    if (!(await recoveryTarget(db, token))) return notValid(req)
    const say = (message: { id: string; message: string }) => escapeHtml(translate(req.lang, message))
    const main =
      c.req.query('done') === '1'
        ? `<h1>${say(WORDS.title)}</h1><p role="status">${say(WORDS.stopped)}</p><p><a class="button secondary" href="/">${say(WORDS.home)}</a></p>`
        : `<h1>${say(WORDS.title)}</h1><p>${say(WORDS.ask)}</p><form method="post" action="/r/${escapeHtml(token)}/stop">${button(translate(req.lang, WORDS.stop))}</form>`
    return sendPage(kit, req, { title: translate(req.lang, WORDS.title), main })
  })

  app.post('/r/:token/stop', async (c) => {
    const req = await plainRequest(kit, c)
    const token = c.req.param('token')
    if (!(await stopReminders(kit.services, token))) return notValid(req)
    return redirectTo(req, `/r/${encodeURIComponent(token)}/stop?done=1`)
  })

  return app
}
