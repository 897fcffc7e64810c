import { describe, expect, it } from 'vitest'
import type { BuyerMovement, SellerMovement } from '../../../contract/transactions.contract'
import { csvFileName, transactionsCsv } from '../../../src/features/transactions/transactions-csv'
import { csvField, toDecimal } from '../../../src/lib/csv'

const sale: SellerMovement = {
  id: 'a:1',
  at: '2026-03-02T09:30:00.000Z',
  kind: 'sale',
  orderId: 'o-1',
  reference: 'SKAB12CD34',
  title: 'Kanga T-shirt (M / Black) × 2',
  slot: null,
  method: 'mpesa',
  amount: 3_600_00,
  currency: 'KES',
  balance: 3_600_00,
  availableAt: '2026-03-09T09:30:00.000Z',
  discount: null,
}

const fee: SellerMovement = { ...sale, id: 'a:2', kind: 'fee', amount: -180_00, balance: 3_420_00 }

const refund: BuyerMovement = {
  id: 'o-2:refund',
  at: '2026-03-03T10:00:00.000Z',
  kind: 'refund',
  orderId: 'o-2',
  reference: 'SKZZ99YY88',
  title: 'Presets',
  slot: null,
  method: 'paypal',
  amount: -7_50,
  currency: 'USD',
  status: 'refunded',
}

describe('transactions CSV', () => {
  it('writes a header and one row per movement, amounts in major units, lines ending in CRLF', () => {
    // Times in the reader's zone (Nairobi here, UTC+3), named in the header: no ISO instant anywhere.
    expect(transactionsCsv([fee, sale], 'Africa/Nairobi').split('\r\n')).toEqual([
      'Date (Africa/Nairobi),Kind,Reference,Item,Method,Amount,Currency,Balance,Available from (Africa/Nairobi),Discount code,Discount',
      '2026-03-02 12:30,Soko fee,SKAB12CD34,Kanga T-shirt (M / Black) × 2,M-Pesa,-180.00,KES,3420.00,2026-03-09 12:30,,',
      '2026-03-02 12:30,Sale,SKAB12CD34,Kanga T-shirt (M / Black) × 2,M-Pesa,3600.00,KES,3600.00,2026-03-09 12:30,,',
      '',
    ])
  })

  it('writes a booking’s time after its title, in the reader’s zone', () => {
    const booking = {
      ...sale,
      title: 'Portfolio review',
      slot: { start: '2026-03-29T06:00:00.000Z', end: '2026-03-29T07:00:00.000Z' },
    }
    const [, london] = transactionsCsv([booking], 'Europe/London').split('\r\n')
    // 29 March is British Summer Time: 06:00 UTC is 07:00 in London.
    expect(london).toContain(',"Portfolio review, 2026-03-29 07:00–08:00",')
    expect(london).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/)
  })

  it('leaves balance and hold empty for a buyer, and names a fee given back', () => {
    const [, row] = transactionsCsv([refund], 'UTC').split('\r\n')
    expect(row).toBe('2026-03-03 10:00,Refund,SKZZ99YY88,Presets,PayPal,-7.50,USD,,,,')
    const [, back] = transactionsCsv([{ ...fee, amount: 180_00, availableAt: null }]).split('\r\n')
    expect(back).toContain(',Soko fee returned,')
    expect(back?.endsWith(',180.00,KES,3420.00,,,')).toBe(true)
  })

  it('names the code and what it took off on a discounted sale: the amount is what was paid', () => {
    const [, row] = transactionsCsv(
      [{ ...sale, amount: 2_880_00, discount: { code: 'NAIROBI20', amount: 720_00, fee: 144_00 } }],
      'UTC',
    ).split('\r\n')
    expect(row?.endsWith(',2880.00,KES,3600.00,2026-03-09 09:30,NAIROBI20,720.00')).toBe(true)
  })

  it('converts minor units exactly, with the currency’s own number of decimals', () => {
    expect(toDecimal(123_456, 'KES')).toBe('1234.56')
    expect(toDecimal(-5, 'USD')).toBe('-0.05')
    expect(toDecimal(0, 'EUR')).toBe('0.00')
    expect(toDecimal(25_000, 'UGX')).toBe('25000')
    expect(toDecimal(-1_000, 'RWF')).toBe('-1000')
    // Integer arithmetic: a large amount stays exact to the cent.
    expect(toDecimal(900_719_925_474_099, 'KES')).toBe('9007199254740.99')
  })

  it('quotes fields with commas, quotes and line breaks', () => {
    expect(csvField('Beats, vol. 2')).toBe('"Beats, vol. 2"')
    expect(csvField('The "best" presets')).toBe('"The ""best"" presets"')
    expect(csvField('Line one\nline two')).toBe('"Line one\nline two"')
    expect(csvField('Plain')).toBe('Plain')
    const csv = transactionsCsv([{ ...sale, title: 'Poster, "A2"\r\nsigned' }])
    expect(csv).toContain(',"Poster, ""A2""\r\nsigned",')
  })

  it('defuses cells a spreadsheet would run as formulas, but not negative amounts', () => {
    expect(csvField('=HYPERLINK("http://evil.example")')).toBe(`"'=HYPERLINK(""http://evil.example"")"`)
    expect(csvField('+254712345678')).toBe("'+254712345678")
    expect(csvField('-2+3')).toBe("'-2+3")
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvField('\tcmd')).toBe("'\tcmd")
    expect(csvField('-180.00', { numeric: true })).toBe('-180.00')
    expect(csvField('-1+1', { numeric: true })).toBe("'-1+1")
    // A title that is a bare negative number is text, and defused like any other.
    expect(csvField('-12')).toBe("'-12")
    const [, row] = transactionsCsv([{ ...sale, title: '=1+1', reference: '@ref' }]).split('\r\n')
    expect(row).toContain(",'@ref,'=1+1,")
  })

  it('names the file after the filter’s days, else the oldest movement’s day and today', () => {
    expect(csvFileName({ from: '2026-01-01', to: '2026-01-31' }, [sale])).toBe(
      'soko-transactions-2026-01-01-2026-01-31.csv',
    )
    expect(csvFileName({}, [refund, sale], '2026-04-01')).toBe('soko-transactions-2026-03-02-2026-04-01.csv')
    expect(csvFileName({}, [], '2026-04-01')).toBe('soko-transactions-2026-04-01-2026-04-01.csv')
  })

  it('names the currency of a seller’s books first, and none for a list without one', () => {
    expect(csvFileName({ currency: 'USD', from: '2026-01-01', to: '2026-01-31' }, [sale])).toBe(
      'soko-transactions-USD-2026-01-01-2026-01-31.csv',
    )
    expect(csvFileName({ currency: 'KES' }, [fee, sale], '2026-04-01')).toBe(
      'soko-transactions-KES-2026-03-02-2026-04-01.csv',
    )
    expect(csvFileName({ currency: undefined }, [refund], '2026-04-01')).toBe(
      'soko-transactions-2026-03-03-2026-04-01.csv',
    )
  })
})
