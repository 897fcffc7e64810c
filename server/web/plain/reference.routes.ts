import { Hono } from 'hono'
import type { Lang } from '../../../contract/i18n'
import { referenceMain } from '../../api/reference'
import { REFERENCE } from '../../api/reference-words'
import { translate } from '../../lib/i18n'
import { type PlainKit, plainRequest, sendPage } from './kit'

/** /developers: the seller API's reference, in the reader's language, with no script. */
export function referenceRoutes(kit: PlainKit) {
  const app = new Hono()
  const origin = new URL(kit.services.config.publicUrl).origin
  // The same for every reader of a language: written once.
  const written = new Map<Lang, string>()
  app.get('/developers', async (c) => {
    const req = await plainRequest(kit, c)
    return sendPage(kit, req, {
      title: translate(req.lang, REFERENCE.pageTitle),
      main:
        written.get(req.lang) ?? written.set(req.lang, referenceMain(req.lang, origin)).get(req.lang) ?? '',
    })
  })
  return app
}
