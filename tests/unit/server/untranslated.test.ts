import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { isWords, notChecked, untranslated, untranslatedIn } from '../../../scripts/untranslated.mjs'

const texts = (code: string) => untranslated(code, 'Page.tsx').map((hit) => hit.text)

describe('the check for words without a message id', () => {
  it('finds the words a person reads in JSX: text, labels, titles, alt texts and strings shown', () => {
    const code = [
      "import { Field } from './Field'",
      'export function Page({ paid, n }: { paid: boolean; n: number }) {',
      '  return (',
      '    <section aria-label="Your orders">',
      '      <h1>Orders</h1>',
      '      <img src="/a.png" alt="A kanga print" />',
      '      <Field label="Least they may pay" errorKey="details.minimum" />',
      "      <p>{paid ? 'Paid in full' : 'Waiting'}</p>",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a module under test
      '      <p>{`${n} files left`}</p>',
      '    </section>',
      '  )',
      '}',
      "export const notice = () => setError('The export failed. Try again.')",
      "export const row = { id: 'r1', label: 'Paid in part' }",
    ].join('\n')
    expect(texts(code)).toEqual([
      'Your orders',
      'Orders',
      'A kanga print',
      'Least they may pay',
      'Paid in full',
      'Waiting',
      '{} files left',
      'The export failed. Try again.',
      'Paid in part',
    ])
    expect(untranslated(code, 'Page.tsx')[1]?.line).toBe(5)
  })

  it('passes words said through the macros or say(), and what nobody reads as words', () => {
    const code = [
      "import { Trans, useLingui } from '@lingui/react/macro'",
      "import { msg, t as tt } from '@lingui/core/macro'",
      'const LABELS = { digital: msg`Digital product` }',
      "const REASON = say({ id: 'catalog.report.other', message: 'Something else' })",
      "const HI = translate(lang, { id: 'mail.hi', message: 'Hi {name},' })",
      'export function Page({ kind }: { kind: string }) {',
      '  const { t } = useLingui()',
      "  console.error('Could not load the page', kind)",
      "  if (kind === 'Digital product') throw new Error('Unknown kind of product')",
      '  return (',
      '    <section aria-label={t`Your orders`} className="page narrow" data-state="Not read">',
      '      <h1><Trans>Orders <b>today</b></Trans></h1>',
      '      <Link to="/account/orders">{tt`All orders`}</Link>',
      '      <code>npm run start</code> Soko · M-Pesa · KES',
      '      <input type="text" inputMode="numeric" placeholder={t`07XX XXX XXX`} />',
      '      {/* i18n-ignore: the pattern tools look for */}',
      '      <p>Page not found</p>',
      '    </section>',
      '  )',
      '}',
    ].join('\n')
    expect(texts(code)).toEqual([])
  })

  it('on the server: passes API documentation and logs, finds a mail line without an id', () => {
    const server = (code: string) => untranslated(code, 'server/features/x.ts').map((hit) => hit.text)
    const code = [
      "import { z } from 'zod'",
      "export const input = z.object({ id: z.string().describe('The product to take off sale.') })",
      "export const signOut = defineSubject({ summary: 'Ends this session: its token stops working.' })",
      "export const dates = z.string().min(1, 'Use dates such as 2026-12-25').describe('When it starts.')",
      'export async function tell(deps, log, mailer, to) {',
      "  log.info('Payout sent to the seller', { to })",
      "  deps.log.error('The mail could not go out', { to })",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a module under test
      '  this.log.warn(`The provider answered ${to} late`)',
      "  const subject = translate(lang, /*i18n*/ { id: 'mail.added', message: 'A new destination was added' })",
      "  await mailer.send(compose(to, subject, ['If this was not you, remove it now.']))",
      '}',
    ].join('\n')
    expect(server(code)).toEqual(['Use dates such as 2026-12-25', 'If this was not you, remove it now.'])
  })

  it('leaves out of the check what no reader of the app meets', () => {
    for (const file of [
      'server/features/demo/seed.ts',
      'server/payments/mpesa.provider.ts',
      'server/sms/africastalking.sandbox.ts',
      'server/db/schema.ts',
      'server/env.ts',
      'server/sms/sms.config.ts',
      'src/routeTree.gen.ts',
    ])
      expect(notChecked(file), file).toBe(true)
    for (const file of [
      'server/features/payouts/methods.ts',
      'server/sms/sms.ts',
      'contract/platform.ts',
      'src/main.tsx',
    ])
      expect(notChecked(file), file).toBe(false)
  })

  it('tells words from codes, keys and names', () => {
    expect(isWords('Pay now')).toBe(true)
    expect(isWords('Balance')).toBe(true)
    for (const text of [
      'KES',
      'KE',
      'details.endsAt',
      'Africa/Nairobi',
      'monthDay',
      '#add-destination summary',
      'M-Pesa',
      'Kiswahili',
      ' · ',
      '42',
    ])
      expect(isWords(text), text).toBe(false)
  })

  it('reads a word with a colon or a full stop as the start of a sentence', () => {
    const code = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a module under test
      'export const saved = (slug: string) => `Published: it is on sale at /${slug}.`',
      "export const done = (ok: boolean) => (ok ? 'Published.' : 'index.html')",
    ].join('\n')
    expect(texts(code)).toEqual(['Published: it is on sale at /{}.', 'Published.'])
  })

  it('walks a folder, leaving words written once per language to their twin', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'soko-words-'))
    try {
      mkdirSync(path.join(root, 'src/pages'), { recursive: true })
      writeFileSync(path.join(root, 'src/pages/Home.tsx'), 'export const Home = () => <p>Welcome</p>\n')
      writeFileSync(path.join(root, 'src/pages/content.ts'), "export const title = 'Sell on Soko today'\n")
      writeFileSync(
        path.join(root, 'src/pages/content.sw.ts'),
        "export const title = 'Uza kwenye Soko leo'\n",
      )
      expect(untranslatedIn(root)).toEqual([{ file: 'src/pages/Home.tsx', line: 1, text: 'Welcome' }])
      expect(untranslatedIn(root, 'src', (file) => file.endsWith('Home.tsx'))).toEqual([])
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
