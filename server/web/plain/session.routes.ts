import { Hono } from 'hono'
import { escapeHtml } from '../../lib/html'
import { translate } from '../../lib/i18n'
import { appCookie, clearedCookie, SESSION_COOKIE, serverCookie } from '../../lib/session-cookie'
import { BUY } from './buy-words'
import { button, formMessage, hidden, input } from './fields'
import {
  type PlainKit,
  type PlainRequest,
  plainRequest,
  postedFields,
  redirectTo,
  refusalIn,
  runFor,
  sendPage,
} from './kit'
import { tokenField } from './layout'

const SIGN_IN = {
  title: /*i18n*/ { id: 'plain.signIn.title', message: 'Sign in' },
  email: /*i18n*/ { id: 'plain.signIn.email', message: 'E-mail' },
  password: /*i18n*/ { id: 'plain.signIn.password', message: 'Password' },
  submit: /*i18n*/ { id: 'plain.signIn.submit', message: 'Sign in' },
  forgot: /*i18n*/ { id: 'plain.signIn.forgot', message: 'Forgot your password?' },
}

/** Where to go after signing in: a path of this site only (never another site's address). */
function safeNext(next: string | undefined): string {
  return next && /^\/(?![/\\])[\w\-./?=&%]*$/.test(next) ? next : '/downloads'
}

/**
 * Signing in and out without script. The sign-in page's form posts here (the app takes the same form over
 * when script runs); a good password sets the session cookie script cannot read, which the pages and the
 * RPC both accept. Signing out ends the session on the server and clears the cookie.
 */
export function sessionRoutes(kit: PlainKit) {
  const app = new Hono()
  const https = kit.services.config.publicUrl.startsWith('https:')

  app.post('/login', async (c) => {
    const req = await plainRequest(kit, c)
    const fields = await postedFields(kit, req)
    if (!fields) return form(kit, req, {}, { message: translate(req.lang, BUY.refused), fields: {} }, 403)
    const signedIn = await runFor(kit, req, 'signIn', {
      email: fields.email ?? '',
      password: fields.password ?? '',
    })
    if (!signedIn.ok)
      return form(kit, req, fields, refusalIn(req.lang, signedIn.error), signedIn.error.status)
    const token = signedIn.data.token
    if (!token) return form(kit, req, fields, { message: null, fields: {} }, 400)
    // The same session in the app's cookie too: a browser whose script arrives after this post (a slow
    // link, a press before the app had started) is signed in in the app as well.
    return redirectTo(req, safeNext(fields.next ?? c.req.query('next')), [
      serverCookie(SESSION_COOKIE, token, https),
      appCookie(token, https),
    ])
  })

  app.post('/logout', async (c) => {
    const req = await plainRequest(kit, c)
    const fields = await postedFields(kit, req)
    if (fields && req.caller) await runFor(kit, req, 'signOut', {})
    return redirectTo(req, '/', [clearedCookie(SESSION_COOKIE, https), appCookie('', https, 0)])
  })

  return app
}

function form(
  kit: PlainKit,
  req: PlainRequest,
  fields: Record<string, string>,
  refusal: { message: string | null; fields: Record<string, string> },
  status: number,
): Response {
  const text = (m: { id: string; message: string }) => translate(req.lang, m)
  const main = `<h1>${escapeHtml(text(SIGN_IN.title))}</h1><form method="post" action="/login" class="form" novalidate>${formMessage(refusal.message)}${tokenField(req.formToken)}${hidden('next', fields.next)}${input({ label: text(SIGN_IN.email), name: 'email', type: 'email', autocomplete: 'email', value: fields.email, error: refusal.fields.email })}${input({ label: text(SIGN_IN.password), name: 'password', type: 'password', autocomplete: 'current-password', error: refusal.fields.password })}${button(text(SIGN_IN.submit))}</form><p><a href="/reset">${escapeHtml(text(SIGN_IN.forgot))}</a></p>`
  return sendPage(kit, req, { title: text(SIGN_IN.title), main, status })
}
