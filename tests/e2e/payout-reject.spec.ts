import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import { buyByCard, DEMO_ADMIN, newBuyer } from './demo'
import { expect, test } from './fixtures'
import { lastSmsCode } from './outbox'
import { rendered } from './rendered'
import { newSeller, rpc, sellDigitalProduct, zipBytes } from './seller'
import { signInTyping } from './session'

/**
 * An admin does not approve a seller's first payout: on a phone they type why and confirm, and the seller,
 * on their phone, reads that reason on the payout. The seller is someone new, never the admin: an admin
 * may not review their own payout. The suite's server withdraws at once (HOLD_DAYS=0, worker-server.ts).
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' }
const run = randomBytes(3).toString('hex')

test.use(PHONE)

test('an admin rejects a payout with a reason typed and confirmed; the seller reads it on that payout', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000)
  // A seller of this run with one sale, their identity checked, an M-Pesa number confirmed by the SMS
  // code, and a first payout waiting for approval.
  const phone = `0796${String(randomInt(0, 1_000_000)).padStart(6, '0')}`
  const seller = {
    email: `halima.${run}@example.com`,
    password: 'a-long-walk-to-lamu',
    name: `Halima Said ${run}`,
    handle: `halima-${run}`,
    displayName: `Halima Henna ${run}`,
    phone,
  }
  const token = await newSeller(request, seller)
  const product = await sellDigitalProduct(
    request,
    token,
    {
      title: `Henna stencils ${run}`,
      description: '<p>Stencils.</p>',
      price: { amount: 2_000_00, currency: 'KES' },
    },
    [{ name: 'stencils.zip', bytes: zipBytes() }],
  )
  const buyer = await newBuyer(request, 'reject')
  await buyByCard(request, product.id, { token: buyer.token })
  const adminToken = (await rpc<{ token: string }>(request, 'signIn', DEMO_ADMIN)).token
  const { verification } = await rpc<{ verification: { id: string } }>(
    request,
    'submitSellerVerification',
    {
      legalName: `Halima Said ${run}`,
      dateOfBirth: '1993-02-14',
      documentKind: 'national-id',
      documentNumber: '27654321',
      address: 'Ndia Kuu, Mombasa',
    },
    token,
  )
  await rpc(request, 'reviewSellerVerification', { id: verification.id, decision: 'approve' }, adminToken)
  await rpc(request, 'requestPhoneCode', { phone }, token)
  const soko = process.env.SOKO_E2E_URL ?? ''
  let code = ''
  await expect
    .poll(async () => {
      try {
        code = await lastSmsCode(soko, `254${phone.slice(1)}`)
      } catch {
        code = ''
      }
      return code
    })
    .toMatch(/^\d{6}$/)
  const { method } = await rpc<{ method: { id: string } }>(
    request,
    'addPayoutMethod',
    { method: { kind: 'mpesa', phone }, code },
    token,
  )
  const { payout } = await rpc<{ payout: { status: string } }>(
    request,
    'requestPayout',
    { requestKey: randomUUID(), currency: 'KES', amount: 1_000_00, methodId: method.id, speed: 'instant' },
    token,
  )
  expect(payout.status).toBe('approval')

  const reason = `The M-Pesa name does not match ${seller.name}: send us your ID by e-mail`
  const admin = await browser.newContext({ ...PHONE, baseURL, serviceWorkers: 'block' })
  const sellerPhone = await browser.newContext({ ...PHONE, baseURL, serviceWorkers: 'block' })
  try {
    const desk = await admin.newPage()
    await signInTyping(desk, DEMO_ADMIN.email, DEMO_ADMIN.password)
    await desk.goto('/admin/payouts')
    await rendered(desk)
    const queue = desk.getByRole('region', { name: 'Payouts to act on' })
    const card = queue.locator('.card', { hasText: seller.displayName })
    // One amount, gross and net both named, the same in the queue and in the list of every payout.
    await expect(card).toContainText(
      /KES\s1,000\.00 gross · (KES\s[\d,.]+ net after the KES\s[\d,.]+ fee|no fee)/,
    )
    const money = (await card.locator('p').first().innerText()).trim()
    const list = desk.getByRole('region', { name: 'All payouts' })
    const listed = list.locator('.card', { hasText: seller.displayName })
    await expect(listed).toContainText(money)
    await expect(listed).toContainText('Waiting for approval')
    await card.getByRole('button', { name: 'Reject…' }).click()

    // Without a reason it goes no further, and says what to write.
    const why = card.getByLabel('Why is it not approved?')
    await expect(why).toBeFocused()
    await card.getByRole('button', { name: 'Continue' }).click()
    await expect(card.locator('.field-error')).toHaveText(
      'Tell the seller why it is not approved (at least 5 characters)',
    )
    await why.click()
    await desk.keyboard.type(reason)
    await card.getByRole('button', { name: 'Continue' }).click()

    // The confirm shows the reason as the seller will read it; nothing is sent before it.
    await expect(card.getByText(/^Reject KES\s.*\sto M-Pesa\s.*\?$/)).toBeVisible()
    await expect(card.locator('blockquote')).toHaveText(reason)
    await card.getByRole('button', { name: 'Reject the payout' }).click()
    await expect(card).toHaveCount(0)
    // Said where the admin is looking, and the lists follow: the list of every payout shows it failed.
    const said = queue.getByRole('status')
    await expect(said).toHaveText(
      `Rejected: KES 1,000.00 to ${seller.displayName} is back in their balance, with your reason.`,
    )
    await expect(said).toBeFocused()
    await expect(said).toBeInViewport()
    await expect(listed).toContainText('Failed')
    await expect(listed).toContainText(money)
    await expect(listed.getByRole('button', { name: 'Send again…' })).toBeVisible()

    const mine = await sellerPhone.newPage()
    await signInTyping(mine, seller.email, seller.password)
    await mine.goto('/account/withdraw')
    const rejected = mine.locator('.payout').first()
    await expect(rejected).toContainText('Failed — money back in your balance')
    await expect(rejected.locator('.notice')).toContainText('Not approved')
    await expect(rejected.locator('.notice')).toContainText(`The Soko team’s reason: ${reason}.`)
    await rejected.getByText('What happened').click()
    await expect(rejected.locator('.timeline')).toContainText(`Not approved by the Soko team: ${reason}.`)
  } finally {
    await admin.close()
    await sellerPhone.close()
  }
})
