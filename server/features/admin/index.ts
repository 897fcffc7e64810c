/**
 * The admin console: the dashboard, people, products, orders and payouts, the outbox and the platform's
 * terms. Offers its RPC handlers only: no other feature builds on it.
 */

export { opsHandlers } from './ops.handlers'
export { ordersHandlers } from './orders.handlers'
export { outboxHandlers } from './outbox.handlers'
export { peopleHandlers } from './people.handlers'
export { termsHandlers } from './terms.handlers'
