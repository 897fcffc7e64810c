import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import type { SubjectName } from '../../../contract'
import { DEVICE_HEADER, deviceIdOf } from '../../../contract/device'
import type { Lang } from '../../../contract/i18n'
import type { Caller } from '../../lib/caller'
import { clientAddress } from '../../lib/client-address'
import type { AppError } from '../../lib/errors'
import { insertAt } from '../../lib/html'
import { translate } from '../../lib/i18n'
import { callerOf, runSubject } from '../../rpc/dispatcher'
import type { AppServices } from '../../services'
import { langCookie, requestLang } from '../locale'
import type { PageStyle } from '../page-style'
import { makeLazyAsset, negotiate } from '../static'
import { formPostAllowed, formTokenFor } from './form-guard'
import { plainBody, plainDocument } from './layout'

/** What the plain pages share: the services, and the app's styles from the build (none before a build). */
export interface PlainKit {
  services: AppServices
  style(): PageStyle | null
}

/** One request to a plain page: its language, who is asking, and the token its forms carry. */
export interface PlainRequest {
  c: Context
  lang: Lang
  caller: Caller | null
  formToken: string
  /** Cookies the answer sets: the language chosen by `?lang=`, the form cookie of a new browser. */
  cookies: string[]
  /** The page's path and query, for the language switch. */
  path: string
}

export async function plainRequest(kit: PlainKit, c: Context): Promise<PlainRequest> {
  const { config, gateway, db } = kit.services
  const https = config.publicUrl.startsWith('https:')
  const cookie = c.req.header('cookie')
  const { lang, fromQuery } = requestLang(c.req.query('lang'), cookie, c.req.header('accept-language'))
  const form = formTokenFor(gateway, cookie, https)
  const cookies = [
    ...(fromQuery ? [langCookie(lang, https)] : []),
    ...(form.setCookie ? [form.setCookie] : []),
  ]
  // A page's GET comes from anywhere (a link in an SMS): the session cookie, which only this site's own
  // navigations carry (SameSite=Lax), says who is asking; its posts are checked by `allowed` below.
  const caller = await callerOf({ db, config }, (name) =>
    name === 'origin' ? new URL(config.publicUrl).origin : c.req.header(name),
  )
  const url = new URL(c.req.url)
  return { c, lang, caller, formToken: form.token, cookies, path: url.pathname + url.search }
}

/** A form post's fields, once it is known to come from this site's pages; null when it does not. */
export async function postedFields(kit: PlainKit, req: PlainRequest): Promise<Record<string, string> | null> {
  const body = await req.c.req.parseBody()
  const fields: Record<string, string> = {}
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') fields[key] = value
  const { gateway, config } = kit.services
  return formPostAllowed(req.c, gateway, config.publicUrl, fields._form) ? fields : null
}

/** A contract subject run for the page's caller, exactly as the RPC runs it. */
export function runFor<S extends SubjectName>(
  kit: PlainKit,
  req: PlainRequest,
  subject: S,
  input: Record<string, unknown>,
) {
  const { c } = req
  const { config } = kit.services
  let remote: string | undefined
  try {
    remote = getConnInfo(c).remote.address
  } catch {
    remote = undefined
  }
  return runSubject(kit.services, subject, input, req.caller, {
    requestId: c.get('requestId') ?? '',
    ip: clientAddress(c.req.header('x-forwarded-for'), remote, config.trustProxy),
    device: deviceIdOf(c.req.header(DEVICE_HEADER)),
    userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
    lang: req.lang,
    signal: () => c.req.raw.signal,
  })
}

/** A refusal in the page's language: the message above the form, and each field's own. */
export function refusalIn(lang: Lang, error: AppError): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {}
  for (const [key, english] of Object.entries(error.errors ?? {}))
    fields[key] = translate(lang, { id: error.fieldCodes?.[key] ?? key, message: english }, error.params)
  return { message: translate(lang, { id: error.code, message: error.message }, error.params), fields }
}

/** Answers a plain page: never kept by a cache (it is someone's), with the cookies the request set. */
export function sendPage(
  kit: PlainKit,
  req: PlainRequest,
  page: { title: string; main: string; status?: number; refresh?: { seconds: number; url: string } },
): Response {
  const bare = plainDocument({
    lang: req.lang,
    path: req.path,
    signedIn: req.caller !== null,
    formToken: req.formToken,
    main: page.main,
    title: page.title,
    ...(page.refresh ? { refresh: page.refresh } : {}),
  })
  // The app's styles cut to the rules this page can match: no script ever runs here to need the rest.
  const style = kit.style()
  const html = style ? insertAt(bare, '</head>', `${style.cut(bare)}</head>`) : bare
  const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
  for (const cookie of req.cookies) headers.append('set-cookie', cookie)
  // Compressed as the browser accepts: the stylesheet inside the page is most of its bytes, and on 2G
  // every kilobyte is a thirtieth of a second.
  const { body, encoding } = negotiate(
    makeLazyAsset('/page.html', Buffer.from(html)),
    req.c.req.header('accept-encoding') ?? '',
  )
  if (encoding) headers.set('content-encoding', encoding)
  headers.set('vary', 'Accept-Encoding')
  return new Response(
    new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>,
    {
      status: page.status ?? 200,
      headers,
    },
  )
}

/** A redirect after a post (Post/Redirect/Get), with the cookies the request set and any given. */
export function redirectTo(req: PlainRequest, url: string, cookies: string[] = []): Response {
  const headers = new Headers({ location: url, 'cache-control': 'no-store' })
  for (const cookie of [...req.cookies, ...cookies]) headers.append('set-cookie', cookie)
  return new Response(null, { status: 303, headers })
}

/** The page's markup for a page of the app (its body in the shell, replaced by the app when script runs). */
export function plainMarkup(req: PlainRequest, main: string): string {
  return plainBody({
    lang: req.lang,
    path: req.path,
    signedIn: req.caller !== null,
    formToken: req.formToken,
    main,
  })
}
