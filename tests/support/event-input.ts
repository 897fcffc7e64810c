/**
 * An event's `createProduct` input as a seller gives it: one ticket type (Regular, in KES) at the Loft in
 * Nairobi, starting some days from now.
 */
export function eventInput(title: string, { daysAhead = 2, price = 500_00, capacity = 50 } = {}) {
  const money = { amount: price, currency: 'KES' }
  return {
    kind: 'event',
    title,
    description: 'An evening at the Loft.',
    price: money,
    details: {
      startsAt: new Date(Date.now() + daysAhead * 86_400_000).toISOString(),
      timeZone: 'Africa/Nairobi',
      where: { kind: 'place', address: 'Soko Loft, Mpaka Road, Westlands, Nairobi' },
      ticketTypes: [{ name: 'Regular', price: money, capacity }],
    },
  }
}
