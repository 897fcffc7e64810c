import type { CheckoutDeps } from '../checkout/deps'

/**
 * What payouts work with, from a request or from the job runner: the same services as checkout (the
 * database, the settings, the log, mail, SMS and the providers).
 */
export type PayoutDeps = CheckoutDeps
