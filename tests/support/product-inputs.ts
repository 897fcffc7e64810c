/**
 * `createProduct` inputs as a seller gives them, for tests that need a product of a kind and care only
 * about its price, stock and shipping (an event's is in event-input.ts).
 */

const kes = (amount: number) => ({ amount, currency: 'KES' })

/** Merch in one variant, shipped within Kenya for a fee. */
export function merchInput(title: string, { price = 1_800_00, stock = 5, shipping = 200_00 } = {}) {
  return {
    kind: 'merch',
    title,
    description: '',
    price: kes(price),
    details: {
      variants: [{ options: { colour: 'Indigo' }, price: kes(price), stock, sku: '' }],
      shippingZones: [{ name: 'Kenya', countries: ['KE'], fee: kes(shipping) }],
      pickup: null,
    },
  }
}

/** An hour online, bookable every morning for a month. */
export function serviceInput(title: string, { price = 2_500_00 } = {}) {
  return {
    kind: 'service',
    title,
    description: '',
    price: kes(price),
    details: {
      durationMinutes: 60,
      where: { kind: 'online', url: 'https://meet.example.com/review' },
      timeZone: 'Africa/Nairobi',
      availability: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '09:00', to: '12:00' })),
      exceptions: [],
      bufferMinutes: 0,
      bookAheadDays: 30,
    },
  }
}
