import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { DEMO_SELLER, eventWithTickets } from './demo'
import { expect, test } from './fixtures'
import { typeInto } from './typing'

/**
 * The door on a phone whose browser runs no script (a borrowed handset, Opera Mini): the seller signs in
 * with the plain form, chooses the event, and types each ticket's code; the server checks it in and the
 * page says, large and coloured, whether the person may go in. The same code again is already in.
 */

const run = randomBytes(3).toString('hex')
const title = `Benga Night ${run}`
let tickets: { code: string; holder: string }[] = []

test.describe.configure({ mode: 'serial' })
test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })

test.beforeAll(async ({ request }) => {
  ;({ tickets } = await eventWithTickets(
    request,
    title,
    { daysAhead: 1, price: 250_00 },
    `benga-${run}@example.com`,
    [`Atieno Achieng ${run}`, `Mwangi Kiprono ${run}`],
  ))
})

/** Signs in on /login by the keyboard, then opens the event's door from the seller's events. */
async function openDoor(
  page: Page,
  words: { login: string; email: string; password: string; signIn: string },
) {
  await page.goto(words.login)
  await typeInto(page.getByLabel(words.email), DEMO_SELLER.email)
  await typeInto(page.getByLabel(words.password), DEMO_SELLER.password)
  await page.getByRole('button', { name: words.signIn, exact: true }).click()
  await page.goto('/account/check-in')
  await page.getByRole('link', { name: title }).click()
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
}

/** Types a code into the door's one field and sends it, as the person at the door does. */
async function checkIn(page: Page, field: string, button: string, code: string) {
  await typeInto(page.getByLabel(field), code)
  await page.getByRole('button', { name: button, exact: true }).click()
}

test('checks a ticket in by its code with script off; the same code again is already in', async ({
  page,
}) => {
  const ticket = tickets[0] ?? { code: '', holder: '' }
  await openDoor(page, { login: '/login', email: 'E-mail', password: 'Password', signIn: 'Sign in' })
  await expect(page.getByText(/^Checked in: \d+ of 2$/)).toBeVisible()
  // Typed in lower case, as a code is read off a screen in a hurry.
  await checkIn(page, 'Ticket code', 'Check in', ticket.code.toLowerCase())
  const verdict = page.locator('.door-verdict')
  await expect(verdict).toHaveClass(/door-verdict-ok/)
  await expect(verdict).toContainText(`Admitted — ${ticket.holder}`)
  await expect(verdict).toContainText(ticket.code)
  // The field is empty and ready for the next code.
  await expect(page.getByLabel('Ticket code')).toHaveValue('')
  await expect(page.getByLabel('Ticket code')).toBeFocused()
  await page.screenshot({ path: test.info().outputPath('door-admitted.png') })

  await checkIn(page, 'Ticket code', 'Check in', ticket.code)
  await expect(verdict).toHaveClass(/door-verdict-bad/)
  await expect(verdict).toContainText(`Already checked in — ${ticket.holder}`)
  await expect(verdict).toContainText(/In at \d\d:\d\d, Main door\./)
  await page.screenshot({ path: test.info().outputPath('door-already.png') })
})

test('in Kiswahili: admitted, then already in', async ({ page }) => {
  const ticket = tickets[1] ?? { code: '', holder: '' }
  await openDoor(page, {
    login: '/login?lang=sw',
    email: 'Barua pepe',
    password: 'Nenosiri',
    signIn: 'Ingia',
  })
  await checkIn(page, 'Msimbo wa tiketi', 'Ruhusu kuingia', ticket.code)
  const verdict = page.locator('.door-verdict')
  await expect(verdict).toContainText(`Ameruhusiwa kuingia — ${ticket.holder}`)
  await checkIn(page, 'Msimbo wa tiketi', 'Ruhusu kuingia', ticket.code)
  await expect(verdict).toContainText(`Tayari ameingia — ${ticket.holder}`)
  await expect(verdict).toContainText(/Aliingia saa \d\d:\d\d, kupitia Mlango mkuu\./)
  await page.screenshot({ path: test.info().outputPath('door-sw.png') })
})
