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
        // Server units and integration tests: PGlite always, PostgreSQL too when DATABASE_URL is set.
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/unit/server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
