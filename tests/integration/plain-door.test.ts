import { rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningApp, startApp } from '../support/app'
import { fixtureBuild } from '../support/fixture-build'
import { submitSandboxCard } from '../support/sandbox-card'
import { eventOnSale, personOf, sellerOf } from '../support/shop'

/**
 * The door without script: the seller, signed in by the plain sign-in form's cookie, types a ticket's code
 * on the event's page; the post checks it in through the same subject as the app's door and comes back to
 * the page saying what it came to. Posts from another site, and other sellers, check nothing in.
 */

// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server answered
type Json = Record<string, any>

describe('the door without script', () => {
  let app: RunningApp
  let clientDir: string
  let eventId = ''
  let otherEventId = ''
  let sellerToken = ''
  const codes: string[] = []
  const otherCodes: string[] = []

  /** Buys tickets for each name by card; their codes, as the seller's attendee list has them. */
  const ticketsOf = async (event: string, buyerToken: string, holders: string[]) => {
    const started = await app.call(
      'startCheckout',
      { productId: event, method: 'card', quantity: holders.length, holders },
      buyerToken,
    )
    expect(started.status).toBe(200)
    const next = (started.body.data as Json).next.url as string
    expect((await submitSandboxCard(next, '4242 4242 4242 4242')).status).toBe(303)
    await app.sandboxesIdle()
    const list = (await app.call('listAttendees', { eventId: event }, sellerToken)).body.data as Json
    return (list.attendees as { code: string }[]).map((a) => a.code)
  }

  beforeAll(async () => {
    clientDir = fixtureBuild()
    app = await startApp('pglite', { clientDir })
    const seller = await sellerOf(app, 'mlangoni', 'Mlangoni Events')
    sellerToken = seller.token
    eventId = await eventOnSale(app, seller.id, 'Nairobi Jazz Night', { amount: 800_00, currency: 'KES' })
    otherEventId = await eventOnSale(app, seller.id, 'Mombasa Taarab', { amount: 500_00, currency: 'KES' })
    const buyer = await personOf(app, 'wambui@example.com', { name: 'Wambui Kariuki' })
    codes.push(...(await ticketsOf(eventId, buyer.token, ['Wambui Kariuki', 'Kamau Njoroge'])))
    otherCodes.push(...(await ticketsOf(otherEventId, buyer.token, ['Zawadi Ali'])))
    await sellerOf(app, 'jirani', 'Jirani Shows')
  })
  afterAll(async () => {
    await app?.close()
    rmSync(path.dirname(clientDir), { recursive: true, force: true })
  })

  const post = (to: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${to}`, {
      method: 'POST',
      headers: { origin: app.url, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields),
      redirect: 'manual',
    })
  /** Signs in by the plain form: the session cookie, as the browser sends it back. */
  const signIn = async (email: string) => {
    const res = await post('/login', { email, password: 'baobab-shade-2026', next: '/account/check-in' })
    expect(res.status).toBe(303)
    const line = res.headers.getSetCookie().find((l) => l.startsWith('soko_session=')) ?? ''
    return line.split(';')[0] ?? ''
  }
  const page = async (to: string, cookie: string) => {
    const res = await fetch(`${app.url}${to}`, { headers: { cookie } })
    return { status: res.status, html: await res.text() }
  }
  /** Posts a code from the event's page and follows the redirect back to it. */
  const checkIn = async (
    cookie: string,
    code: string,
    event = eventId,
    headers: Record<string, string> = {},
  ) => {
    const res = await post(`/account/check-in/${event}`, { code }, { cookie, ...headers })
    if (res.status !== 303) return { status: res.status, location: '', html: await res.text() }
    const location = res.headers.get('location') ?? ''
    return { status: res.status, location, html: (await page(location, cookie)).html }
  }
  const validCheckIns = async (code: string) => {
    const list = (await app.call('listAttendees', { eventId }, sellerToken)).body.data as Json
    return (list.attendees as { code: string; checkIns: unknown[] }[]).find((a) => a.code === code)?.checkIns
      .length
  }

  it('asks someone signed out to sign in, and comes back to the door', async () => {
    const { html } = await page(`/account/check-in/${eventId}`, '')
    expect(html).toContain('action="/login"')
    expect(html).toContain(`name="next" value="/account/check-in/${eventId}"`)
    expect(html).toContain('Sign in to check tickets in.')
    // A code posted signed out (a session that ended mid-evening) goes back to the same form.
    const posted = await post(`/account/check-in/${eventId}`, { code: codes[0] ?? '' })
    expect(posted.status).toBe(303)
    expect(posted.headers.get('location')).toBe(`/account/check-in/${eventId}`)
    expect(await validCheckIns(codes[0] ?? '')).toBe(0)
  })

  it('lists the seller’s events, each a link to its door', async () => {
    const cookie = await signIn('mlangoni@example.com')
    const { html } = await page('/account/check-in', cookie)
    expect(html).toContain(`href="/account/check-in/${eventId}"`)
    expect(html).toContain('Nairobi Jazz Night')
    expect(html).toContain('Mombasa Taarab')
  })

  it('checks a ticket in by its code: admitted, then already in; another event’s ticket is refused', async () => {
    const cookie = await signIn('mlangoni@example.com')
    const door = await page(`/account/check-in/${eventId}`, cookie)
    expect(door.html).toContain('Nairobi Jazz Night')
    expect(door.html).toContain('Checked in: 0 of 2')
    expect(door.html).toMatch(/<form method="post" action="\/account\/check-in\/[^"]+" class="form"/)
    expect(door.html).toContain('name="_form"')
    const code = codes[0] ?? ''
    // Typed as people do: in lower case with a space after.
    const first = await checkIn(cookie, `${code.toLowerCase()} `)
    expect(first.status).toBe(303)
    expect(first.location).toBe(`/account/check-in/${eventId}?code=${code}&result=valid`)
    expect(first.html).toContain('door-verdict-ok')
    expect(first.html).toMatch(/Admitted — (Wambui Kariuki|Kamau Njoroge)/)
    expect(first.html).toContain(`Regular · ${code}`)
    expect(first.html).toContain('Checked in: 1 of 2')
    expect(await validCheckIns(code)).toBe(1)

    const again = await checkIn(cookie, code)
    expect(again.location).toContain('result=duplicate')
    expect(again.html).toContain('door-verdict-bad')
    expect(again.html).toMatch(/Already checked in — .+/)
    expect(again.html).toMatch(/In at \d\d:\d\d, Main door\./)
    expect(again.html).toContain('Checked in: 1 of 2')

    const other = await checkIn(cookie, otherCodes[0] ?? '')
    expect(other.location).toContain('result=other-event')
    expect(other.html).toContain('Not for this event')
    expect(other.html).toContain(`Ticket ${otherCodes[0]} is for another of your events.`)

    const none = await checkIn(cookie, 'NO-SUCH-CODE')
    expect(none.html).toContain('No ticket NO-SUCH-CODE on this event’s list.')
  })

  it('says a code the contract refuses next to the field, and records nothing', async () => {
    const cookie = await signIn('mlangoni@example.com')
    const empty = await checkIn(cookie, '   ')
    expect(empty.status).toBe(400)
    expect(empty.html).toContain('field-error')
    expect(empty.html).toContain('Type the ticket’s code')
    const long = await checkIn(cookie, 'X'.repeat(80))
    expect(long.status).toBe(400)
    expect(long.html).toContain('Too long for a ticket’s code')
    expect(await validCheckIns(codes[1] ?? '')).toBe(0)
  })

  it('says it in Kiswahili on a page in Kiswahili', async () => {
    const cookie = await signIn('mlangoni@example.com')
    const code = codes[1] ?? ''
    const res = await post(`/account/check-in/${eventId}`, { code }, { cookie: `${cookie}; lang=sw` })
    const { html } = await page(res.headers.get('location') ?? '', `${cookie}; lang=sw`)
    expect(html).toContain('lang="sw"')
    expect(html).toMatch(/Ameruhusiwa kuingia — (Wambui Kariuki|Kamau Njoroge)/)
    expect(html).not.toContain('Admitted')
  })

  it('refuses a post from another site and checks nothing in', async () => {
    const cookie = await signIn('mlangoni@example.com')
    const code = otherCodes[0] ?? ''
    const res = await checkIn(cookie, code, otherEventId, { origin: 'https://evil.example' })
    expect(res.status).toBe(403)
    const list = (await app.call('listAttendees', { eventId: otherEventId }, sellerToken)).body.data as Json
    expect((list.attendees as { checkIns: unknown[] }[])[0]?.checkIns).toHaveLength(0)
  })

  it('lets no other seller check this event’s tickets in, and tells a buyer the door is for sellers', async () => {
    const neighbour = await signIn('jirani@example.com')
    const door = await page(`/account/check-in/${eventId}`, neighbour)
    expect(door.html).toContain('This is not one of your events.')
    expect(door.html).not.toContain('Nairobi Jazz Night')
    const tried = await checkIn(neighbour, otherCodes[0] ?? '', otherEventId)
    expect(tried.status).toBe(404)
    expect(tried.html).toContain('This is not one of your events.')
    const list = (await app.call('listAttendees', { eventId: otherEventId }, sellerToken)).body.data as Json
    expect((list.attendees as { checkIns: unknown[] }[])[0]?.checkIns).toHaveLength(0)

    const buyer = await signIn('wambui@example.com')
    const events = await page('/account/check-in', buyer)
    expect(events.html).toContain('Only sellers check tickets in')
    expect((await checkIn(buyer, codes[0] ?? '')).status).toBe(403)
  })
})
