import { describe, expect, it } from 'vitest'
import {
  type AmountLimits,
  amountProblem,
  editText,
  feePercent,
  minimumProblem,
  parseAmount,
  quoteOf,
  takes,
  whatToAdd,
  wholeAmount,
} from '../../../src/features/payouts/withdraw-model'

/** A KES balance of 2,850 to an M-Pesa number, KES 100 the least, KES 250,000 the most. */
const KES: AmountLimits = {
  currency: 'KES',
  available: 2_850_00,
  minimum: 100_00,
  maximum: 250_000_00,
  rail: 'mpesa',
}
const problem = (text: string, limits: Partial<AmountLimits> = {}) =>
  amountProblem(text, { ...KES, ...limits })
/** The message alone, with the narrow spaces some ICU versions put in money turned plain. */
const said = (text: string, limits: Partial<AmountLimits> = {}) =>
  problem(text, limits)?.message.replace(/\s/g, ' ') ?? null

describe('an amount as typed', () => {
  it('reads digits with thousands commas, spaces, a trailing point and up to the currency’s decimals', () => {
    expect(parseAmount('1500', 'KES')).toEqual({ kind: 'amount', minor: 1_500_00 })
    expect(parseAmount('1,500.50', 'KES')).toEqual({ kind: 'amount', minor: 1_500_50 })
    expect(parseAmount(' 1 500 ', 'KES')).toEqual({ kind: 'amount', minor: 1_500_00 })
    expect(parseAmount('1500.', 'KES')).toEqual({ kind: 'amount', minor: 1_500_00 })
    expect(parseAmount('.5', 'USD')).toEqual({ kind: 'amount', minor: 50 })
    // 0.29 × 100 is 28.999… in floating point: rounded to the cent it means.
    expect(parseAmount('0.29', 'KES')).toEqual({ kind: 'amount', minor: 29 })
    expect(parseAmount('2500', 'UGX')).toEqual({ kind: 'amount', minor: 2_500 })
  })

  it('tells nothing, letters and too many decimals apart', () => {
    expect(parseAmount('', 'KES')).toEqual({ kind: 'empty' })
    expect(parseAmount('  ', 'KES')).toEqual({ kind: 'empty' })
    for (const text of ['abc', '12a', '1e3', '-5', '1.2.3', '.', 'KES 100'])
      expect(parseAmount(text, 'KES'), text).toEqual({ kind: 'not-a-number' })
    expect(parseAmount('1500.505', 'KES')).toEqual({ kind: 'too-precise', places: 2 })
    expect(parseAmount('2500.5', 'UGX')).toEqual({ kind: 'too-precise', places: 0 })
  })

  it('is written back for editing without needless cents', () => {
    expect(editText(1_500_00, 'KES')).toBe('1500')
    expect(editText(1_500_50, 'KES')).toBe('1500.50')
    expect(editText(2_500, 'UGX')).toBe('2500')
  })
})

describe('the checks said under the amount before the button', () => {
  it('passes an amount within the balance and the figures', () => {
    expect(problem('1000')).toBeNull()
    expect(problem('2,850')).toBeNull()
    expect(problem('100')).toBeNull()
  })

  it('asks for an amount when there is none, and for one above zero at 0 (said once the field is left)', () => {
    expect(problem('')).toEqual({ message: 'Enter an amount', now: false })
    expect(problem('0')).toEqual({ message: 'Enter an amount above zero', now: false })
    expect(problem('0.00')).toEqual({ message: 'Enter an amount above zero', now: false })
  })

  it('says at once that letters are not an amount', () => {
    expect(problem('abc')).toEqual({ message: 'Enter an amount in numbers, like 1500', now: true })
    expect(problem('15o0')?.now).toBe(true)
  })

  it('says at once that M-Pesa pays whole shillings, and what to withdraw instead', () => {
    expect(said('1500.50')).toBe('M-Pesa pays KES in whole shillings: enter 1500, without the cents')
    expect(problem('1500.50')?.now).toBe(true)
    // A bank account in KES takes cents; before a destination is chosen, cents are not judged.
    expect(problem('1500.50', { rail: 'bank' })).toBeNull()
    expect(problem('1500.50', { rail: null })).toBeNull()
    expect(said('1500.505', { rail: 'bank' })).toBe('Use at most 2 decimals, like 1500.50')
    expect(said('2500.5', { currency: 'UGX', rail: 'bank', available: 100_000, minimum: 5_000 })).toBe(
      'UGX has no cents: enter a whole number, like 1500',
    )
  })

  it('says at once that an amount above the balance is more than is available', () => {
    expect(said('3000')).toBe('That is more than your available KES 2,850.00')
    expect(problem('3000')?.now).toBe(true)
    expect(said('100', { available: 0 })).toBe('Nothing is available to withdraw in KES yet')
    expect(said('100', { available: -50_00 })).toBe('Nothing is available to withdraw in KES yet')
  })

  it('holds to the least and the most one payout can be', () => {
    expect(said('50')).toBe('The least you can withdraw is KES 100.00')
    // Typing 1500 passes through 1 and 15: the least waits until the field is left.
    expect(problem('1')?.now).toBe(false)
    expect(said('2000', { maximum: 1_000_00 })).toBe('The most one payout can be is KES 1,000.00')
  })

  it('offers the whole balance in what the rail can send, within the most', () => {
    expect(wholeAmount({ ...KES, available: 2_850_75 })).toBe(2_850_00)
    expect(wholeAmount({ ...KES, available: 2_850_75, rail: 'bank' })).toBe(2_850_75)
    expect(wholeAmount({ ...KES, maximum: 1_000_00 })).toBe(1_000_00)
    expect(wholeAmount({ ...KES, available: -10_00 })).toBe(0)
  })
})

describe('a schedule’s minimum as typed', () => {
  it('is optional, and letters say “Enter an amount”', () => {
    expect(minimumProblem('', 'KES')).toBeNull()
    expect(minimumProblem('1,500', 'KES')).toBeNull()
    expect(minimumProblem('abc', 'KES')).toBe('Enter an amount')
    expect(minimumProblem('-5', 'KES')).toBe('Enter an amount')
    expect(minimumProblem('15.555', 'KES')).toBe('Enter an amount with at most 2 decimals, like 1500.50')
    expect(minimumProblem('15.5', 'UGX')).toBe('Enter an amount in whole UGX, like 1500')
  })
})

describe('destinations for a currency', () => {
  const mpesa = { rail: 'mpesa', currency: 'KES' } as const
  const paypal = { rail: 'paypal', currency: null } as const
  const asDestination = (m: typeof mpesa | typeof paypal) => ({
    id: m.rail,
    label: m.rail,
    usableFrom: '2026-01-01T00:00:00Z',
    createdAt: '2026-01-01T00:00:00Z',
    ...m,
  })

  it('take their own currency, PayPal its list', () => {
    expect(takes(asDestination(mpesa), 'KES', ['USD'])).toBe(true)
    expect(takes(asDestination(mpesa), 'USD', ['USD'])).toBe(false)
    expect(takes(asDestination(paypal), 'USD', ['USD', 'EUR'])).toBe(true)
    expect(takes(asDestination(paypal), 'KES', ['USD', 'EUR'])).toBe(false)
  })

  it('say what to add when none takes it', () => {
    expect(whatToAdd('KES', ['USD'])).toBe('Add an M-Pesa number or a bank account in KES')
    expect(whatToAdd('USD', ['USD'])).toBe('Add a PayPal e-mail or a bank account in USD')
    expect(whatToAdd('NGN', ['USD'])).toBe('Add a bank account in NGN')
  })
})

describe('what a withdrawal does', () => {
  const ask = {
    amount: 1_000_00,
    rail: 'mpesa' as const,
    speed: 'instant' as const,
    feeBps: 150,
    firstPayout: false,
    approvalOver: 100_000_00,
    standardText: 'Friday 4 December, 06:00',
  }

  it('an instant one costs its fee, in whole shillings to M-Pesa, and arrives within minutes', () => {
    expect(quoteOf(ask)).toEqual({
      amount: 1_000_00,
      fee: 15_00,
      arrives: 985_00,
      speed: 'instant',
      approval: null,
      when: 'within a few minutes',
    })
    expect(quoteOf({ ...ask, amount: 500_00 })).toMatchObject({ fee: 8_00, arrives: 492_00 })
  })

  it('a standard one is free and goes with the scheduled payouts, said in words', () => {
    expect(quoteOf({ ...ask, speed: 'standard' })).toMatchObject({
      fee: 0,
      arrives: 1_000_00,
      when: 'with the scheduled payouts of Friday 4 December, 06:00',
    })
  })

  it('a bank transfer is never instant, and takes working days at the bank', () => {
    expect(quoteOf({ ...ask, rail: 'bank' })).toMatchObject({
      speed: 'standard',
      fee: 0,
      when: 'with the scheduled payouts of Friday 4 December, 06:00, then 1–3 working days at the bank',
    })
  })

  it('a first payout, and one above the approval amount, wait for the Soko team first', () => {
    expect(quoteOf({ ...ask, firstPayout: true })).toMatchObject({
      approval: 'first',
      when: 'after the Soko team’s approval (usually within a working day), then within a few minutes',
    })
    expect(quoteOf({ ...ask, amount: 150_000_00 }).approval).toBe('large')
    expect(quoteOf({ ...ask, amount: 100_000_00 }).approval).toBeNull()
  })

  it('writes the fee as a percentage', () => {
    expect(feePercent(150)).toBe('1.5%')
    expect(feePercent(200)).toBe('2%')
  })
})
