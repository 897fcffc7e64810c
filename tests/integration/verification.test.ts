import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, makeSeller } from '../../server/features/accounts/accounts.service'
import { createSession } from '../../server/features/accounts/sessions'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { lastSmsCode } from '../support/outbox'

const password = 'baobab-shade-2026'

describe.each(databaseKinds)('phone codes, identity verification and the outbox on %s', (kind) => {
  let app: RunningApp
  beforeAll(async () => {
    app = await startApp(kind)
  })
  afterAll(() => app.close())

  let n = 0
  async function person(kind: 'customer' | 'seller' | 'admin' = 'customer') {
    n++
    const user = await createUser(app.database.db, {
      email: `v${n}@example.com`,
      name: `Verifier ${n}`,
      password,
      roles: kind === 'admin' ? ['admin'] : [],
    })
    if (kind === 'seller')
      await makeSeller(app.database.db, user.id, {
        handle: `seller-${n}`,
        displayName: `Seller ${n}`,
        country: 'KE',
        payoutMethod: { kind: 'mpesa', phone: '254712000000' },
      })
    return { user, token: (await createSession(app.database.db, user.id)).token }
  }
  const details = {
    legalName: 'Wanjiku Kamau',
    dateOfBirth: '1994-03-08',
    documentKind: 'national-id',
    documentNumber: '12345678',
    address: 'Moi Avenue 12, Nairobi',
  }

  it('confirms a phone number with the code sent by SMS, in any common Kenyan form', async () => {
    const { token } = await person()
    const sent = await app.call('requestPhoneCode', { phone: '0722 111 222' }, token)
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    expect(sent.body.data).toMatchObject({ sentTo: '+254 722 111 222' })
    const code = await lastSmsCode(app.database.db, '254722111222')
    const wrongForm = await app.call('verifyPhone', { phone: '+254722111222', code }, token)
    expect(wrongForm.status, JSON.stringify(wrongForm.body)).toBe(200)
    expect((wrongForm.body.data as { user: { phone?: string } }).user.phone).toBe('254722111222')
    const again = await app.call('verifyPhone', { phone: '0722111222', code }, token)
    expect(again.status).toBe(400)
  })

  it('says when a number is not a Kenyan mobile, and what a code looks like', async () => {
    const { token } = await person()
    const bad = await app.call('requestPhoneCode', { phone: '020 123 4567' }, token)
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ phone: expect.stringMatching(/not an M-Pesa number/) })
    const shortCode = await app.call('verifyPhone', { phone: '0722111333', code: '12' }, token)
    expect(shortCode.body.errors).toEqual({ code: 'Enter the 6 digits from the SMS' })
  })

  it('stops a code after 5 wrong guesses; only the newest code works', async () => {
    const { token } = await person()
    await app.call('requestPhoneCode', { phone: '0733000111' }, token)
    const first = await lastSmsCode(app.database.db, '254733000111')
    await app.call('requestPhoneCode', { phone: '0733000111' }, token)
    const second = await lastSmsCode(app.database.db, '254733000111')
    const wrong = second === '000000' ? '111111' : '000000'
    // The first code was replaced: trying it is a wrong guess at the second.
    const guesses = [first === second ? wrong : first, wrong, wrong, wrong, wrong]
    const answers = []
    for (const code of guesses)
      answers.push(await app.call('verifyPhone', { phone: '0733000111', code }, token))
    expect(answers[0]?.body.message).toMatch(/4 tries left/)
    expect(answers[3]?.body.message).toMatch(/1 try left/)
    expect(answers[4]?.body.message).toMatch(/stopped working/)
    const late = await app.call('verifyPhone', { phone: '0733000111', code: second }, token)
    expect(late.status).toBe(400)
    expect(late.body.message).toMatch(/Ask for a new code/)
  })

  it('limits codes per number with 429 and Retry-After', async () => {
    const { token } = await person()
    for (let i = 0; i < 5; i++)
      expect((await app.call('requestPhoneCode', { phone: '0744555666' }, token)).status).toBe(200)
    const limited = await app.call('requestPhoneCode', { phone: '0744555666' }, token)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('moves a recycled number to whoever proves they hold it now', async () => {
    const a = await person()
    const b = await person()
    for (const who of [a, b]) {
      await app.call('requestPhoneCode', { phone: '0755123123' }, who.token)
      const code = await lastSmsCode(app.database.db, '254755123123')
      expect((await app.call('verifyPhone', { phone: '0755123123', code }, who.token)).status).toBe(200)
    }
    const first = (await app.call('getMe', {}, a.token)).body.data as { user: { phone?: string } }
    expect(first.user.phone).toBeUndefined()
  })

  it('takes identity details from a seller, corrections while pending, and an admin review', async () => {
    const seller = await person('seller')
    const admin = await person('admin')
    const sent = await app.call('submitSellerVerification', details, seller.token)
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    const corrected = await app.call(
      'submitSellerVerification',
      { ...details, address: 'Kenyatta Avenue 3, Nairobi' },
      seller.token,
    )
    const id = (corrected.body.data as { verification: { id: string } }).verification.id
    expect(id).toBe((sent.body.data as { verification: { id: string } }).verification.id)

    const queue = await app.call('listSellerVerifications', {}, admin.token)
    const item = (
      queue.body.data as { verifications: { id: string; seller: { handle: string } }[] }
    ).verifications.find((v) => v.id === id)
    expect(item?.seller.handle).toBe(`seller-${n - 1}`)

    const noReason = await app.call('reviewSellerVerification', { id, decision: 'reject' }, admin.token)
    expect(noReason.status).toBe(400)
    expect(noReason.body.errors).toEqual({ reason: 'Tell the seller what to fix (at least 5 characters)' })
    const rejected = await app.call(
      'reviewSellerVerification',
      { id, decision: 'reject', reason: 'The ID number does not match the name' },
      admin.token,
    )
    expect(rejected.status).toBe(200)
    const twice = await app.call('reviewSellerVerification', { id, decision: 'approve' }, admin.token)
    expect(twice.status).toBe(409)

    const mine = await app.call('getSellerVerification', {}, seller.token)
    expect(mine.body.data).toMatchObject({
      verification: { status: 'rejected', reason: 'The ID number does not match the name' },
    })
    const outbox = await app.call('listOutbox', { to: seller.user.email }, admin.token)
    const { messages } = outbox.body.data as { messages: { subject: string; text: string }[] }
    expect(messages[0]?.subject).toBe('We could not verify your identity on Soko yet')
    expect(messages[0]?.text).toContain('The ID number does not match the name')

    const resent = await app.call('submitSellerVerification', details, seller.token)
    const newId = (resent.body.data as { verification: { id: string } }).verification.id
    expect(newId).not.toBe(id)
    expect(
      (await app.call('reviewSellerVerification', { id: newId, decision: 'approve' }, admin.token)).status,
    ).toBe(200)
    expect((await app.call('submitSellerVerification', details, seller.token)).status).toBe(409)
  })

  it('validates identity details with a message per field', async () => {
    const seller = await person('seller')
    const young = new Date()
    young.setFullYear(young.getFullYear() - 17)
    const bad = await app.call(
      'submitSellerVerification',
      {
        ...details,
        dateOfBirth: young.toISOString().slice(0, 10),
        documentKind: 'library-card',
        legalName: '',
      },
      seller.token,
    )
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toMatchObject({
      dateOfBirth: 'Sellers must be at least 18 years old',
      documentKind: 'Choose national ID, passport or alien ID',
      legalName: 'Enter your full legal name, as on your ID',
    })
  })

  it('answers 403 when a customer calls a seller subject, or a seller an admin one', async () => {
    const customer = await person()
    expect((await app.call('submitSellerVerification', details, customer.token)).status).toBe(403)
    expect((await app.call('getSellerVerification', {}, customer.token)).status).toBe(403)
    const seller = await person('seller')
    expect((await app.call('listOutbox', {}, seller.token)).status).toBe(403)
    expect((await app.call('listSellerVerifications', {}, seller.token)).status).toBe(403)
  })

  it('lists mail and SMS in the outbox for admins, newest first, in pages', async () => {
    const admin = await person('admin')
    const { token } = await person()
    await app.call('requestPhoneCode', { phone: '0799888777' }, token)
    const page = await app.call('listOutbox', {}, admin.token)
    const data = page.body.data as {
      enabled: boolean
      messages: { kind: string; to: string; sentAt: string }[]
    }
    expect(data.enabled).toBe(true)
    expect(data.messages[0]).toMatchObject({ kind: 'sms', to: '254799888777' })
    const times = data.messages.map((m) => m.sentAt)
    expect([...times].sort().reverse()).toEqual(times)
  })
})
