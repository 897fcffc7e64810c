import { describe, expect, it } from 'vitest'
import { englishOf, intlLocale, langFromAcceptLanguage } from '../../../contract/i18n'
import { appMessageId, compileMacros } from '../../../scripts/lingui'
import { english, parsePo, translate } from '../../../server/lib/i18n'
import { langCookie, requestLang } from '../../../server/web/locale'

describe('choosing the language', () => {
  it('takes Kiswahili from Accept-Language in any of its forms, else English', () => {
    expect(langFromAcceptLanguage('sw')).toBe('sw')
    expect(langFromAcceptLanguage('sw-KE,sw;q=0.9,en;q=0.8')).toBe('sw')
    expect(langFromAcceptLanguage('sw-TZ')).toBe('sw')
    expect(langFromAcceptLanguage('fr-FR,sw;q=0.5')).toBe('sw')
    expect(langFromAcceptLanguage('en-GB,en;q=0.9,sw;q=0.1')).toBe('en')
    expect(langFromAcceptLanguage('fr-FR')).toBe('en')
    expect(langFromAcceptLanguage(undefined)).toBe('en')
    expect(langFromAcceptLanguage('swahili, sw_KE')).toBe('en')
  })

  it('puts the address first, then the cookie, then Accept-Language', () => {
    expect(requestLang('sw', 'lang=en', 'en')).toEqual({ lang: 'sw', fromQuery: true })
    expect(requestLang(undefined, 'a=1; lang=sw; b=2', 'en')).toEqual({ lang: 'sw', fromQuery: false })
    expect(requestLang(undefined, 'lang=en', 'sw-KE')).toEqual({ lang: 'en', fromQuery: false })
    expect(requestLang(undefined, undefined, 'sw-KE')).toEqual({ lang: 'sw', fromQuery: false })
    // Nothing Soko speaks: ignored, never echoed anywhere.
    expect(requestLang('fr', 'lang=xx', undefined)).toEqual({ lang: 'en', fromQuery: false })
    expect(requestLang('<script>', 'lang=<b>', 'sw')).toEqual({ lang: 'sw', fromQuery: false })
  })

  it('keeps a chosen language a year, secure on https', () => {
    expect(langCookie('sw', true)).toBe('lang=sw; Path=/; Max-Age=31536000; SameSite=Lax; Secure')
    expect(langCookie('en', false)).toBe('lang=en; Path=/; Max-Age=31536000; SameSite=Lax')
  })

  it('writes Kiswahili as Kenya does, or Tanzania when the request says so; English as the browser asks', () => {
    expect(intlLocale('sw', 'sw-KE', 'sw-KE')).toBe('sw-KE')
    expect(intlLocale('sw', 'sw-TZ,sw;q=0.9', 'sw-TZ')).toBe('sw-TZ')
    expect(intlLocale('sw', undefined, 'en-US')).toBe('sw-KE')
    expect(intlLocale('en', 'en-GB', 'en-GB')).toBe('en-GB')
    // English chosen by a Kiswahili browser: English as written in Kenya.
    expect(intlLocale('en', 'sw-KE', 'sw-KE')).toBe('en-KE')
  })
})

describe('catalogs', () => {
  it('files a message with an explicit id under it, any other under the id derived from its English', () => {
    const po = [
      'msgid ""',
      'msgstr ""',
      '"Language: sw\\n"',
      '',
      '#. js-lingui-explicit-id',
      'msgid "checkout.soldOut"',
      'msgstr "Zimeisha"',
      '',
      'msgid "Hello"',
      'msgstr "Habari"',
      '',
      'msgid ""',
      '"A long "',
      '"message"',
      'msgstr ""',
      '"Ujumbe "',
      '"mrefu \\"sana\\""',
      '',
      'msgid "Not yet"',
      'msgstr ""',
    ].join('\n')
    const messages = parsePo(po)
    expect(messages['checkout.soldOut']).toBe('Zimeisha')
    expect(Object.values(messages)).toContain('Habari')
    expect(Object.values(messages)).toContain('Ujumbe mrefu "sana"')
    // Untranslated: left out, so the English shows.
    expect(Object.values(messages)).not.toContain('')
    expect(Object.keys(messages)).toHaveLength(3)
  })

  it('fills placeholders and plurals in English, and falls back plainly on text that is not ICU', () => {
    const files = { id: 'test.files', message: '{count, plural, one {# file} other {# files}} for {name}' }
    expect(english(files, { count: 1, name: 'Amina' })).toBe('1 file for Amina')
    expect(english(files, { count: 3, name: 'Amina' })).toBe('3 files for Amina')
    expect(english({ id: 'test.brace', message: 'Unknown subject: {subject} {' }, { subject: 'x' })).toBe(
      'Unknown subject: x {',
    )
    expect(englishOf({ id: 'x', message: 'Hi {name}, {missing}' }, { name: 'Juma' })).toBe(
      'Hi Juma, {missing}',
    )
  })

  it('says a message in Kiswahili from the catalogs, and in English where there is no translation', () => {
    const untranslated = { id: 'test.nowhere', message: 'Only in English, {name}' }
    expect(translate('sw', untranslated, { name: 'Juma' })).toBe('Only in English, Juma')
    const title = { id: 'head.creatorTitle', message: '{name} on Soko' }
    expect(translate('en', title, { name: 'Wanjiru' })).toBe('Wanjiru on Soko')
    expect(translate('sw', title, { name: 'Wanjiru' })).not.toBe('Wanjiru on Soko')
    expect(translate('sw', title, { name: 'Wanjiru' })).toContain('Wanjiru')
  })
})

describe('the macros in the build', () => {
  it('keeps the id of a message that has a context, and compiles its message', async () => {
    const source = [
      "import { t } from '@lingui/core/macro'",
      "export const label = () => t({ context: 'door', message: 'Open {count}', values: { count: 1 } })",
    ].join('\n')
    const code = (await compileMacros(source, '/app/src/label.ts'))?.code ?? ''
    expect(code).toMatch(/id: "[A-Za-z0-9+/]{6}"/)
    // Simple placeholders: the runtime fills them in the text itself.
    expect(code).toContain('message: "Open {count}"')
  })

  it('names a message by its English and compiles it, so English needs no catalog and the browser no parser', async () => {
    const source = [
      "import { useLingui } from '@lingui/react/macro'",
      "import { plural } from '@lingui/core/macro'",
      'export function Price({ price, count }: { price: string; count: number }) {',
      '  const { t } = useLingui()',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a module under test
      '  return <p title={t`Pay ${price} now`}>{t`Buy now`}{t`${plural(count, { one: "# file", other: "# files" })}`}</p>',
      '}',
    ].join('\n')
    const out = await compileMacros(source, '/app/src/Price.tsx')
    expect(out?.code).toBeDefined()
    const code = out?.code ?? ''
    expect(code).not.toContain('@lingui/react/macro')
    // Simple placeholders: named by the text, which the runtime fills in; no second copy. The runtime's
    // useLingui is no hook: its `t` becomes a call on the runtime's i18n, and the call to it goes.
    expect(code).toContain('_i18n._("Pay {price} now", {')
    expect(code).not.toContain('_useLingui()')
    // Plain words are their own id: no message beside it, no descriptor.
    expect(code).toContain('_i18n._("Buy now")')
    // A plural is compiled for the runtime, no ICU text left for the browser to parse, and named by the
    // hash of its English (the catalogs key it the same way), not by its English a second time.
    const id = appMessageId('{count, plural, one {# file} other {# files}}')
    expect(id).toMatch(/^[A-Za-z0-9+/]{6}$/)
    expect(code).toContain(`id: "${id}"`)
    expect(code).toMatch(/message: \[\["count", "plural", \{\s*one:/)
    expect(code).not.toContain('offset')
    expect(appMessageId('Pay {price} now')).toBe('Pay {price} now')
  })

  it('makes a <Trans> with nothing to place a call in a render, and leaves the rest as they are', async () => {
    const source = [
      "import { Trans, useLingui } from '@lingui/react/macro'",
      'const HEADING = <Trans>Your files</Trans>',
      'const api = { get: (x: { id: string }) => x }',
      'export function Files({ name, list }: { name: string; list: string[] }) {',
      '  const { t } = useLingui()',
      "  api.get({ id: 'not a message' })",
      '  return <div>{HEADING}<h2><Trans>Length</Trans></h2><Trans>Hi {name}</Trans>',
      '    {list.map(t)}<p title={t`Open`}>{name ? <Trans>Where</Trans> : null}</p></div>',
      '}',
    ].join('\n')
    const code = (await compileMacros(source, '/app/src/Files.tsx'))?.code ?? ''
    // At the top level the element waits for its render (the language is not set yet when modules load).
    expect(code).toMatch(/const HEADING = <_Trans \{\.\.\.\s*\/\*i18n\*\/\s*\{\s*id: "Your files"/)
    expect(code).toContain('<h2>{_i18n._("Length")}</h2>')
    expect(code).toContain('{name ? _i18n._("Where") : null}')
    // A value may be markup: <Trans> places it.
    expect(code).toMatch(/<_Trans \{\.\.\.\s*\/\*i18n\*\/\s*\{\s*id: "Hi \{name\}"/)
    // Code's own `{ id }` objects are not messages.
    expect(code).toContain("api.get({\n    id: 'not a message'\n  })")
    // `t` handed on as a value keeps its useLingui (the call needs its `this`).
    expect(code).toContain('_useLingui()')
  })

  it('leaves modules without macros to the rest of the build', async () => {
    expect(await compileMacros('export const a = 1', '/app/src/a.ts')).toBeNull()
    expect(
      await compileMacros("import { t } from '@lingui/core/macro'", '/app/node_modules/x/a.ts'),
    ).toBeNull()
    expect(await compileMacros("import { t } from '@lingui/core/macro'", '/app/src/style.css')).toBeNull()
  })
})
