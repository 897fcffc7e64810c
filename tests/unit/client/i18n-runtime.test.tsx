import { compileMessage } from '@lingui/message-utils/compileMessage'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { type Compiled, I18n, Trans } from '../../../src/lib/i18n-runtime'

const compiled = (text: string) => compileMessage(text) as Compiled

describe('the app’s message runtime', () => {
  const i18n = new I18n()

  it('fills placeholders, plurals (with #, exact values and an offset) and selects', () => {
    // As the build compiles them.
    const files = {
      id: 'files',
      message: compiled('{count, plural, =0 {no files} one {# file} other {# files}} for {name}'),
    }
    expect(i18n._(files, { count: 0, name: 'Amina' })).toBe('no files for Amina')
    expect(i18n._(files, { count: 1, name: 'Amina' })).toBe('1 file for Amina')
    expect(i18n._(files, { count: 1200, name: 'Amina' })).toBe('1,200 files for Amina')
    const others = {
      id: 'o',
      message: compiled('{n, plural, offset:1 one {you and # other} other {you and # others}}'),
    }
    expect(i18n._(others, { n: 3 })).toBe('you and 2 others')
    const kind = { id: 'k', message: compiled('{kind, select, digital {a file} other {a thing}}') }
    expect(i18n._(kind, { kind: 'digital' })).toBe('a file')
    expect(i18n._(kind, { kind: 'merch' })).toBe('a thing')
    // Values go in as they are: no replacement patterns, no placeholders read inside them.
    expect(i18n._('Pay {name} now', { name: '$& {name} $1' })).toBe('Pay $& {name} $1 now')
    expect(i18n._(files, { count: 2, name: '$`\u0000' })).toBe('2 files for $`\u0000')
    // A '#' outside a plural is just a character.
    expect(i18n._({ id: 'h', message: compiled('Order #{ref}') }, { ref: 'A1' })).toBe('Order #A1')
  })

  it('takes the active language’s words by id, and the message’s own where it has none', () => {
    const sw = new I18n()
    sw.load('sw', { pay: ['Lipa ', ['amount']] })
    expect(sw._({ id: 'pay', message: ['Pay ', ['amount']] }, { amount: 'KES 5' })).toBe('Pay KES 5')
    sw.activate('sw')
    expect(sw._({ id: 'pay', message: ['Pay ', ['amount']] }, { amount: 'KES 5' })).toBe('Lipa KES 5')
    expect(sw._({ id: 'other', message: 'Only English' })).toBe('Only English')
    // Kiswahili plurals: one and other, as Intl says.
    sw.load('sw', { n: compiled('{n, plural, one {faili #} other {faili #}}') })
    expect(sw._('n', { n: 2 })).toBe('faili 2')
  })

  it('puts elements back around their words, and markup values in their places', () => {
    const html = renderToStaticMarkup(
      <Trans
        id="t"
        message={['Read the <0>terms</0> and pay ', ['price'], '<1/>']}
        values={{ price: <b>KES 5</b> }}
        components={{ 0: <a href="/terms">terms</a>, 1: <br /> }}
      />,
    )
    expect(html).toBe('Read the <a href="/terms">terms</a> and pay <b>KES 5</b><br/>')
  })
})
