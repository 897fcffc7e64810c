import type { Order } from '../../../contract/checkout.contract'
import { escapeHtml } from '../../lib/html'
import { translate } from '../../lib/i18n'
import { button, hidden, input } from './fields'
import { type PlainKit, type PlainRequest, runFor } from './kit'
import { tokenField } from './layout'

const LIBRARY = {
  title: /*i18n*/ { id: 'plain.library.title', message: 'Your downloads' },
  signInFirst: /*i18n*/ {
    id: 'plain.library.signInFirst',
    message: 'Sign in to download what you bought again.',
  },
  empty: /*i18n*/ {
    id: 'plain.library.empty',
    message: 'Nothing to download yet. What you buy is kept here.',
  },
  browse: /*i18n*/ { id: 'plain.library.browse', message: 'Explore products' },
  download: /*i18n*/ { id: 'plain.library.download', message: 'Download {name}' },
  open: /*i18n*/ { id: 'plain.library.open', message: 'Open the order' },
  awaiting: /*i18n*/ {
    id: 'plain.library.awaiting',
    message:
      '{count, plural, one {# purchase made} other {# purchases made}} signed out with your address will show here once you confirm the address from the e-mail we sent.',
  },
  email: /*i18n*/ { id: 'plain.library.email', message: 'E-mail' },
  password: /*i18n*/ { id: 'plain.library.password', message: 'Password' },
  signIn: /*i18n*/ { id: 'plain.library.signIn', message: 'Sign in' },
}

/**
 * The library without script (/downloads, and the account's downloads and purchases): signed in by the
 * session cookie, each purchase with plain links to its files (each a fresh signed link); signed out, the
 * sign-in form, which comes back here.
 */
export async function libraryMain(kit: PlainKit, req: PlainRequest): Promise<string> {
  const say = (message: { id: string; message: string }, params?: Record<string, string | number>) =>
    escapeHtml(translate(req.lang, message, params))
  const heading = `<h1>${say(LIBRARY.title)}</h1>`
  if (!req.caller)
    return `${heading}<p>${say(LIBRARY.signInFirst)}</p><form method="post" action="/login" class="form">${tokenField(req.formToken)}${hidden('next', new URL(req.c.req.url).pathname)}${input({ label: translate(req.lang, LIBRARY.email), name: 'email', type: 'email', autocomplete: 'email' })}${input({ label: translate(req.lang, LIBRARY.password), name: 'password', type: 'password', autocomplete: 'current-password' })}${button(translate(req.lang, LIBRARY.signIn))}</form>`
  const listed = await runFor(kit, req, 'listPurchases', { limit: 50 })
  const orders: Order[] = listed.ok ? listed.data.orders : []
  const awaiting = listed.ok ? listed.data.awaitingVerification : 0
  const note = awaiting > 0 ? `<p class="notice">${say(LIBRARY.awaiting, { count: awaiting })}</p>` : ''
  if (orders.length === 0)
    return `${heading}${note}<p>${say(LIBRARY.empty)}</p><p><a class="button" href="/explore">${say(LIBRARY.browse)}</a></p>`
  const items = orders.map((order) => {
    const files = order.files
      .map(
        (file) =>
          `<li><a class="button secondary" href="/buy/order/${order.id}/file/${file.id}">${say(LIBRARY.download, { name: file.name })}</a></li>`,
      )
      .join('')
    return `<li class="card"><h2>${escapeHtml(order.product.title)}</h2>${files ? `<ul class="plain-list">${files}</ul>` : ''}<p><a href="/buy/order/${order.id}">${say(LIBRARY.open)}</a></p></li>`
  })
  return `${heading}${note}<ul class="plain-list">${items.join('')}</ul>`
}
