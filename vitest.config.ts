import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        // The PWA's code, in a simulated browser.
        plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: false }), react()],
        test: { name: 'client', environment: 'jsdom', include: ['tests/unit/client/**/*.test.{ts,tsx}'] },
      },
      {
        // Server units: no database, no network.
        test: { name: 'server-unit', environment: 'node', include: ['tests/unit/server/**/*.test.ts'] },
      },
      {
        // Integration tests: the real server on a real database, PGlite always and PostgreSQL too when
        // DATABASE_URL is set. The migrations run once per run; each test database starts from the result.
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/database-images.ts'],
          setupFiles: ['tests/support/transaction-guard-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
