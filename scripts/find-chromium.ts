import { findChromium } from './chromium'

// Run before the end-to-end tests: fail early, saying how to get a browser, instead of mid-suite.
const found = findChromium()
if (found) {
  console.log(`End-to-end tests will use Chromium at ${found}`)
} else {
  console.error(
    [
      'No Chromium found for the end-to-end tests. Any one of these works:',
      '  - Debian/Ubuntu:  sudo apt-get install -y chromium',
      '  - set CHROME_PATH to a Chrome or Chromium binary',
      '  - npx playwright install chromium   (needs internet access)',
    ].join('\n'),
  )
  process.exit(1)
}
