import { defineConfig } from '@playwright/test'
import { chromiumArgs, findChromium } from './scripts/chromium'

// The end-to-end suite runs the built app exactly as `npm start` serves it (see tests/e2e/global-setup.ts).
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  // Two cores: one browser at a time keeps timings honest and the machine responsive.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: process.env.SOKO_E2E_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: findChromium() ?? undefined, args: chromiumArgs },
    trace: 'retain-on-failure',
  },
})
