import { exampleMark } from '../../../contract/platform'

/**
 * The pricing page's worked examples, the same in every language: the sale in minor units, the fee and what
 * the seller keeps as marks the server fills with the terms in force.
 */
export const PRICING_EXAMPLES = [
  { currency: 'KES', sale: 1_000_00 },
  { currency: 'KES', sale: 250_00 },
  { currency: 'USD', sale: 20_00 },
].map(({ currency, sale }) => ({
  currency,
  sale,
  fee: exampleMark('fee', currency, sale),
  net: exampleMark('net', currency, sale),
}))
