import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { linguiPlugins } from './scripts/lingui'
import SlowFirstSequencer from './tests/support/sequencer'

/** Lingui's macros compiled, for the app's modules some tests import (the CSV exports read in words). */
const macros = {
  plugins: linguiPlugins(),
  resolve: { alias: { '@soko/i18n': new URL('./src/lib/i18n-runtime.tsx', import.meta.url).pathname } },
}

/** Integration test files that replace a server module with vi.mock: they need modules of their own. */
const MOCKING = ['tests/integration/order-reference.test.ts']

const integration = {
  environment: 'node' as const,
  include: ['tests/integration/**/*.test.ts'],
  globalSetup: ['tests/support/database-images.ts'],
  setupFiles: ['tests/support/transaction-guard-setup.ts', 'tests/support/password-cost-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
}

export default defineConfig({
  test: {
    // Two test files at a time (vitest's default is one fewer than the cores: one, here). Every test makes
    // its own database, servers take free ports, so files never share anything but the machine.
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 2),
    // The slowest files start first (tests/support/sequencer.ts), so that none runs alone at the end.
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        // The PWA's code, in a simulated browser.
        plugins: [...macros.plugins, tanstackRouter({ target: 'react', autoCodeSplitting: false }), react()],
        resolve: macros.resolve,
        test: { name: 'client', environment: 'jsdom', include: ['tests/unit/client/**/*.test.{ts,tsx}'] },
      },
      {
        // Server units: no database, no network.
        test: { name: 'server-unit', environment: 'node', include: ['tests/unit/server/**/*.test.ts'] },
      },
      {
        ...macros,
        // Integration tests: the real server on a real database, PGlite always and PostgreSQL too when
        // DATABASE_URL is set. The migrations run once per run; each test database starts from the result.
        test: {
          ...integration,
          name: 'integration',
          exclude: MOCKING,
          // Test files share a worker's loaded modules (the server's import graph loads once per worker,
          // not once per file); every test still makes its own database and app.
          isolate: false,
        },
      },
      {
        ...macros,
        // The integration tests that replace a module (vi.mock): each in modules of its own.
        test: { ...integration, name: 'integration-mocks', include: MOCKING, isolate: true },
      },
      {
        // The sandboxes driven by the providers' own client libraries (Africa's Talking, PayPal, Stripe and
        // an independent Daraja client), as an integrator would point them at Soko's sandbox.
        test: { ...integration, name: 'sdk', include: ['tests/sdk/**/*.test.ts'], isolate: false },
      },
    ],
  },
})
