import type { CheckoutServices } from '../checkout'

/** What memberships use: checkout's services (its orders are how members pay). */
export type MembershipServices = CheckoutServices
