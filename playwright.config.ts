import { defineConfig } from '@playwright/test'
import { chromiumArgs, findChromium } from './scripts/chromium'

/** Specs that need a quiet machine (a service worker's update, a reload throttled to one in 10 s): alone. */
export const QUIET_SPECS = ['updates.spec.ts']
const QUIET = QUIET_SPECS.map((spec) => `**/${spec}`)

// The end-to-end suite runs the built app exactly as `npm start` serves it: each worker starts its own
// server with its own data folder and demo data (the `soko` fixture, tests/e2e/fixtures.ts).
export default defineConfig({
  testDir: 'tests/e2e',
  // The demo data migrated and seeded once, for every server of the run to start from a copy.
  globalSetup: './tests/e2e/data-template.ts',
  testMatch: '**/*.spec.ts',
  // Two workers on two cores: a page and a server each, one waiting on the other most of the time. A
  // spec file runs whole in one worker, in order.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // A journey with sign-ups and uploads takes seconds of CPU; two of them at once on two cores, more.
  timeout: 60_000,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: findChromium() ?? undefined, args: chromiumArgs },
    // No trace by default: recording one (a DOM snapshot at every action, a screencast) costs about a
    // quarter of the suite's time, for every test that passes too. A failure still leaves its error, the
    // page's accessibility snapshot (error-context.md) and a screenshot. E2E_TRACE=retain-on-failure (or
    // `--trace on`) records them, to look into a failure with `npx playwright show-trace`.
    trace: (process.env.E2E_TRACE as 'retain-on-failure' | 'on' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    // A click that waits this long for its element fails naming it, not at the test's end.
    actionTimeout: 20_000,
  },
  projects: [
    { name: 'e2e', testIgnore: QUIET },
    // After the others, one at a time, so nothing else is using the machine.
    { name: 'quiet', testMatch: QUIET, dependencies: ['e2e'], workers: 1 },
  ],
})
