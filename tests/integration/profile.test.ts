import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MPESA_PHONE_HINT } from '../../contract/phone'
import { sellers } from '../../server/db/schema'
import { createUser, grantAdmin } from '../../server/features/accounts/accounts.service'
import { createSession } from '../../server/features/accounts/sessions'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { lastLink } from '../support/outbox'

const password = 'serengeti-plains-77'

describe.each(databaseKinds)('profiles, storefronts, settings and invitations on %s', (kind) => {
  let app: RunningApp
  beforeAll(async () => {
    app = await startApp(kind)
  })
  afterAll(() => app.close())

  type Me = {
    user: { id: string; name: string; roles: string[]; handle?: string; settings: Record<string, unknown> }
  }
  let n = 0
  async function person(roles: ('admin' | 'customer')[] = []) {
    n++
    const user = await createUser(app.database.db, {
      email: `p${n}@example.com`,
      name: `Person ${n}`,
      password,
      roles,
    })
    return { user, token: (await createSession(app.database.db, user.id)).token }
  }
  const storefront = (handle: string, phone = '0712 345 678') => ({
    handle,
    displayName: 'Studio',
    country: 'ke',
    payoutMethod: { kind: 'mpesa', phone },
  })

  it('makes a customer a seller with a storefront, normalising the M-Pesa number', async () => {
    const { user, token } = await person()
    const answer = await app.call('becomeSeller', storefront('Nyota-Designs'), token)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const me = answer.body.data as Me
    expect(me.user.roles).toEqual(['customer', 'seller'])
    expect(me.user.handle).toBe('nyota-designs')
    const [row] = await app.database.db.select().from(sellers).where(eq(sellers.userId, user.id))
    expect(row?.country).toBe('KE')
    expect(row?.payoutMethod).toEqual({ kind: 'mpesa', phone: '254712345678' })
    expect((await app.call('becomeSeller', storefront('another-one'), token)).status).toBe(409)
  })

  it('refuses a handle that is taken (in any case), reserved, or an app route', async () => {
    const { token } = await person()
    await app.call('becomeSeller', storefront('kazi-kwanza'), token)
    const other = await person()
    const taken = await app.call('becomeSeller', storefront('KAZI-KWANZA'), other.token)
    expect(taken.status).toBe(409)
    expect(taken.body.errors).toEqual({ handle: 'Already taken' })
    for (const reserved of ['pricing', 'login', 'admin', 'soko']) {
      const answer = await app.call('becomeSeller', storefront(reserved), other.token)
      expect(answer.status, reserved).toBe(400)
      expect(answer.body.errors).toEqual({ handle: 'Reserved: pick another' })
    }
  })

  it('says clearly when a payout number is not a Kenyan mobile', async () => {
    const { token } = await person()
    const answer = await app.call('becomeSeller', storefront('simu-shop', '12345'), token)
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toEqual({ 'payoutMethod.phone': MPESA_PHONE_HINT })
  })

  it('updates the profile; storefront fields only for sellers', async () => {
    const { token } = await person()
    const renamed = await app.call('updateProfile', { name: 'Wairimu N.' }, token)
    expect((renamed.body.data as Me).user.name).toBe('Wairimu N.')
    const notYet = await app.call('updateProfile', { bio: 'Hello' }, token)
    expect(notYet.status).toBe(400)
    expect(notYet.body.errors).toEqual({ bio: 'Only for sellers' })

    await app.call('becomeSeller', storefront('wairimu-art'), token)
    const updated = await app.call(
      'updateProfile',
      { handle: 'wairimu-studio', bio: 'Prints and posters', links: ['https://instagram.com/wairimu'] },
      token,
    )
    expect(updated.status, JSON.stringify(updated.body)).toBe(200)
    expect((updated.body.data as Me).user.handle).toBe('wairimu-studio')
    const badLink = await app.call('updateProfile', { links: ['javascript:alert(1)'] }, token)
    expect(badLink.status).toBe(400)
  })

  it('gives the settings pages the profile: the storefront with its payout method for sellers only', async () => {
    const customer = await person()
    const plain = await app.call('getProfile', {}, customer.token)
    expect(plain.status).toBe(200)
    expect(plain.body.data).toMatchObject({ user: { id: customer.user.id }, storefront: null })

    const seller = await person()
    await app.call('becomeSeller', storefront('getprofile-shop', '0711 000 111'), seller.token)
    await app.call(
      'updateProfile',
      { bio: 'Batik and kanga', links: ['https://example.com/shop'] },
      seller.token,
    )
    const full = await app.call('getProfile', {}, seller.token)
    expect(full.body.data).toMatchObject({
      storefront: {
        handle: 'getprofile-shop',
        displayName: 'Studio',
        country: 'KE',
        bio: 'Batik and kanga',
        links: ['https://example.com/shop'],
        payoutMethod: { kind: 'mpesa', phone: '254711000111' },
      },
    })
    expect((await app.call('getProfile', {})).status).toBe(600)
  })

  it('keeps settings, merged, and getSettings returns them', async () => {
    const { token } = await person()
    expect((await app.call('updateSettings', { currency: 'USD' }, token)).status).toBe(200)
    expect((await app.call('updateSettings', { emailNotifications: false }, token)).status).toBe(200)
    const settings = await app.call('getSettings', {}, token)
    expect((settings.body.data as { user: Record<string, unknown> }).user).toEqual(
      expect.objectContaining({ currency: 'USD', emailNotifications: false, timeZone: 'Africa/Nairobi' }),
    )
    const bad = await app.call('updateSettings', { timeZone: 'Mars/Olympus', currency: 'XYZ' }, token)
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors as object).sort()).toEqual(['currency', 'timeZone'])
    const payout = await app.call(
      'updateSettings',
      { payoutMethod: { kind: 'paypal', email: 'me@example.com' } },
      token,
    )
    expect(payout.body.errors).toEqual({ payoutMethod: 'Only for sellers' })
  })

  it('answers 403 when a seller calls an admin subject', async () => {
    const { token } = await person()
    await app.call('becomeSeller', storefront('not-an-admin'), token)
    const answer = await app.call('createInvite', { email: 'x@example.com', role: 'admin' }, token)
    expect(answer.status).toBe(403)
  })

  it('invites an admin by e-mail; the invitation creates the account, signed in, once', async () => {
    const admin = await person(['admin'])
    const sent = await app.call(
      'createInvite',
      { email: 'new-admin@example.com', role: 'admin' },
      admin.token,
    )
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    const { token: code } = await lastLink(app.database.db, 'new-admin@example.com', '/invite?code=')
    const accepted = await app.call('acceptInvite', { code, name: 'Njeri', password: 'mombasa-tides-9' })
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    const session = accepted.body.data as { token: string; user: { roles: string[]; emailVerified: boolean } }
    expect(session.user.roles).toEqual(['customer', 'admin'])
    expect(session.user.emailVerified).toBe(true)
    expect(
      (await app.call('acceptInvite', { code, name: 'Njeri', password: 'mombasa-tides-9' })).status,
    ).toBe(400)
  })

  it('lets an existing account accept an invitation with its own password', async () => {
    const admin = await person(['admin'])
    const existing = await person()
    await app.call('createInvite', { email: existing.user.email, role: 'admin' }, admin.token)
    const { token: code } = await lastLink(app.database.db, existing.user.email, '/invite?code=')
    const wrong = await app.call('acceptInvite', { code, name: 'X', password: 'not-my-password' })
    expect(wrong.status).toBe(401)
    const right = await app.call('acceptInvite', { code, name: 'X', password })
    expect((right.body.data as Me).user.roles).toContain('admin')
  })

  it('grants ADMIN_EMAIL the admin role at start, once the account exists', async () => {
    const { user } = await person()
    expect(await grantAdmin(app.database.db, user.email.toUpperCase())).toBe(true)
    expect(await grantAdmin(app.database.db, 'nobody@example.com')).toBe(false)
  })
})
