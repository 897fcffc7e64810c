import { type Config, loadConfig } from '../../server/env'

/** The server's default configuration, as `npm start` would have it, with the given changes. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ LOG_LEVEL: 'silent' }), ...overrides }
}
