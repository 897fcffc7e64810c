/**
 * The demo data: an admin and a seller with a product of each kind, sales and invoices, seeded into an
 * empty database. Offers the seeding that the server runs at its start.
 */

export type { DemoAccounts } from './seed'
export { seedDemoData } from './seed'
