import { describe, expect, it } from 'vitest'
import { currencyCodes } from '../../../contract/currencies'
import { LANGS } from '../../../contract/i18n'
import { fitGsm7, gsm7Length, isGsm7, toGsm7 } from '../../../server/sms/gsm7'
import {
  bookingSms,
  codeSms,
  invoiceSms,
  postSms,
  receiptSms,
  recoverySms,
  SMS_MAX,
} from '../../../server/sms/templates'

describe('GSM-7', () => {
  it('counts septets, extended characters twice, and refuses what is not GSM-7', () => {
    expect(gsm7Length('Soko KES 1,250')).toBe(14)
    expect(gsm7Length('{€}')).toBe(6)
    expect(gsm7Length('Ksh 100 😀')).toBeNull()
    expect(isGsm7('Café à Nairobi')).toBe(true)
    expect(isGsm7('Ẹ̀kọ́ àwòrán')).toBe(false)
  })

  it('writes typographic punctuation plainly and takes accents off', () => {
    expect(toGsm7('“Sunrise” – it’s… ready — now')).toBe('"Sunrise" - it\'s... ready - now')
    expect(toGsm7('Café Ngozi Ọlá Škoda')).toBe('Café Ngozi Ola Skoda')
    expect(toGsm7('Beats 🎵 for you  ✨')).toBe('Beats for you')
  })

  it('shortens at a word with "..."', () => {
    expect(fitGsm7('Pattern pack for tailors with cutting guides', 24)).toBe('Pattern pack for...')
    expect(fitGsm7('Short', 24)).toBe('Short')
  })
})

/** The longest values a template meets: a long title in another script, a large amount, a long address. */
const LONG_TITLE =
  '“Mwangaza wa Asubuhi” – Ẹ̀kọ́ àwòrán: a complete 12-week illustration & lettering course for Kenyan, Nigerian and Ugandan creators … 😀🎨 (2026 edition, with bonus brushes)'
const LONG_LINK = `https://soko-marketplace.example.co.ke/o/${'A'.repeat(22)}`

describe('every SMS template', () => {
  const cases: [string, string][] = [
    ['code', codeSms('000000')],
    ...currencyCodes.map((currency): [string, string] => [
      `receipt in ${currency}`,
      receiptSms({
        amount: 99_999_999_99,
        currency,
        title: LONG_TITLE,
        reference: 'SKABCD1234',
        link: LONG_LINK,
      }),
    ]),
    ...currencyCodes.flatMap((currency): [string, string][] =>
      [false, true].map((reminder) => [
        `invoice${reminder ? ' reminder' : ''} in ${currency}`,
        invoiceSms({
          seller: LONG_TITLE,
          number: 'INV-12345',
          amount: 1_000_000_000_00,
          currency,
          due: '30 Sept 2026',
          link: `https://soko-marketplace.example.co.ke/i/IVABCD2345.${'A'.repeat(12)}`,
          reminder,
        }),
      ]),
    ),
    ...[false, true].map((moved): [string, string] => [
      `booking ${moved ? 'moved' : 'reminder'}`,
      bookingSms({ title: LONG_TITLE, when: 'Wed 30 Sept, 10:00–11:30 GMT+3', link: LONG_LINK, moved }),
    ]),
    [
      'receipt, short title',
      receiptSms({ amount: 100, currency: 'KES', title: 'Beats', reference: 'SKABCD1234', link: LONG_LINK }),
    ],
  ]

  it.each(cases)('%s is GSM-7 and fits one segment', (_name, text) => {
    expect(isGsm7(text), text).toBe(true)
    expect(gsm7Length(text) ?? Infinity, text).toBeLessThanOrEqual(SMS_MAX)
  })

  it('puts a space between the seller and the rest of an invoice SMS, and after "Reminder:"', () => {
    const invoice = { seller: 'Wanjiru Studio', number: 'INV-0002', amount: 14_501_16, currency: 'KES' }
    const link = 'https://soko.test/i/IVABCD2345'
    expect(invoiceSms({ ...invoice, due: '11 Dec', link })).toBe(
      `Wanjiru Studio sent invoice INV-0002: KES 14,501.16 due 11 Dec. Pay: ${link}`,
    )
    expect(invoiceSms({ ...invoice, due: '11 Dec', link, reminder: true })).toMatch(
      /^Reminder: Wanjiru Studio sent invoice INV-0002: /,
    )
  })

  it('keeps the link and the reference whole however long the title is', () => {
    const text = receiptSms({
      amount: 1_250_00,
      currency: 'KES',
      title: LONG_TITLE,
      reference: 'SKABCD1234',
      link: LONG_LINK,
    })
    expect(text).toContain(LONG_LINK)
    expect(text).toContain('Ref SKABCD1234')
    expect(text).toMatch(/^Soko: you paid KES 1,250\.00 for ""Mwangaza wa Asubuhi" -\.\.\."\. Ref /)
  })
})

describe('SMS in each language', () => {
  const LONGEST_WHEN = { en: 'Wed 30 Sept, 10:00–11:30 GMT+3', sw: 'Jumatano, 30 Sep, 10:00–11:30 GMT +3' }
  const cases = LANGS.flatMap((lang): [string, string][] => [
    [`${lang} code`, codeSms('000000', lang)],
    ...currencyCodes.map((currency): [string, string] => [
      `${lang} receipt in ${currency}`,
      receiptSms({
        amount: 9_999_999_00,
        currency,
        title: LONG_TITLE,
        reference: 'SKABCD1234',
        link: LONG_LINK,
        lang,
      }),
    ]),
    [
      `${lang} receipt, short title`,
      receiptSms({
        amount: 100,
        currency: 'KES',
        title: 'Beats',
        reference: 'SKABCD1234',
        link: LONG_LINK,
        lang,
      }),
    ],
    [
      `${lang} checkout reminder`,
      recoverySms({
        title: LONG_TITLE,
        link: `https://soko-marketplace.example.co.ke/r/${'A'.repeat(16)}`,
        lang,
      }),
    ],
    [
      `${lang} members' post`,
      postSms({
        membership: LONG_TITLE,
        link: 'https://soko-marketplace.example.co.ke/account/memberships?posts=0190a4f2-7d1c-7c3e-9a55-1d2b3c4d5e6f',
        lang,
      }),
    ],
    ...[false, true].map((moved): [string, string] => [
      `${lang} booking ${moved ? 'moved' : 'reminder'}`,
      bookingSms({ title: LONG_TITLE, when: LONGEST_WHEN[lang], link: LONG_LINK, moved, lang }),
    ]),
    ...currencyCodes.flatMap((currency): [string, string][] =>
      [false, true].map((reminder) => [
        `${lang} invoice${reminder ? ' reminder' : ''} in ${currency}`,
        invoiceSms({
          seller: LONG_TITLE,
          number: 'INV-12345',
          amount: 1_000_000_000_00,
          currency,
          due: '30 Sep 2026',
          link: `https://soko-marketplace.example.co.ke/i/IVABCD2345.${'A'.repeat(12)}`,
          reminder,
          lang,
        }),
      ]),
    ),
  ])

  it.each(cases)('%s is GSM-7 and fits one segment', (_name, text) => {
    expect(isGsm7(text), text).toBe(true)
    expect(gsm7Length(text) ?? Infinity, text).toBeLessThanOrEqual(SMS_MAX)
  })

  it('writes English as before when no language is named', () => {
    const receipt = {
      amount: 1_250_00,
      currency: 'KES',
      title: 'Beats',
      reference: 'SKABCD1234',
      link: LONG_LINK,
    }
    expect(receiptSms({ ...receipt, lang: 'en' })).toBe(receiptSms(receipt))
    expect(receiptSms(receipt)).toBe(
      `Soko: you paid KES 1,250.00 for "Beats". Ref SKABCD1234. Open or download: ${LONG_LINK}`,
    )
    expect(codeSms('123456', 'en')).toBe(codeSms('123456'))
  })

  it('writes Kiswahili, with the link and the reference whole however long the title is', () => {
    const text = receiptSms({
      amount: 9_999_999_00,
      currency: 'KES',
      title: LONG_TITLE,
      reference: 'SKABCD1234',
      link: LONG_LINK,
      lang: 'sw',
    })
    expect(text).toMatch(/^Soko: umelipa KES 9,999,999\.00 kwa ""Mwangaza/)
    expect(text).toContain('Kumb. SKABCD1234')
    expect(text).toContain(`Fungua au pakua: ${LONG_LINK}`)
    expect(codeSms('123456', 'sw')).toMatch(/^123456 ni msimbo wako wa Soko\./)
    expect(
      bookingSms({
        title: 'Ushauri',
        when: 'Jumatano, 30 Sep, 10:00',
        link: LONG_LINK,
        moved: true,
        lang: 'sw',
      }),
    ).toBe(`Soko: miadi yako "Ushauri" imehamishwa hadi Jumatano, 30 Sep, 10:00. Maelezo: ${LONG_LINK}`)
    const invoice = { seller: 'Wanjiru Studio', number: 'INV-0002', amount: 14_501_16, currency: 'KES' }
    expect(invoiceSms({ ...invoice, due: '11 Des 2026', link: LONG_LINK, reminder: true, lang: 'sw' })).toBe(
      `Kikumbusho: Wanjiru Studio ametuma ankara INV-0002: KES 14,501.16 ifikapo 11 Des 2026. Lipa: ${LONG_LINK}`,
    )
  })
})
