import { type Config, loadConfig } from '../../server/env'

/**
 * Checkout limits high enough for a suite that buys many times from one address, device and buyer, for one
 * phone, in minutes. The tests of the limits themselves set the defaults back (`defaultCheckoutLimits`).
 */
export const SUITE_LIMITS = {
  LIMIT_PROMPTS_PER_PHONE_MINUTE: '1000',
  LIMIT_PROMPTS_PER_PHONE_HOUR: '1000',
  LIMIT_CHECKOUTS_PER_ADDRESS_MINUTE: '10000',
  LIMIT_CHECKOUTS_PER_DEVICE: '10000',
  LIMIT_CHECKOUTS_PER_BUYER: '10000',
} as const

/** The limits `npm start` runs with. */
export const defaultCheckoutLimits = () => loadConfig({}).checkoutLimits

/** The server's default configuration, as `npm start` would have it (but the suite's limits), with the given changes. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ LOG_LEVEL: 'silent', ...SUITE_LIMITS }), ...overrides }
}
